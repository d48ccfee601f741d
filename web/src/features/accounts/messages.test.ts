import { describe, expect, it } from 'vitest';
import { accountMessages } from '@lectio/shared';
import { describeMessage } from './messages';

describe('account messages → translation keys', () => {
  it('knows every static text of the shared rules', () => {
    for (const [key, text] of Object.entries(accountMessages)) {
      if (typeof text === 'string') expect(describeMessage(text)).toEqual({ key });
    }
  });

  it('reads the e-mail out of the e-mail-used text', () => {
    expect(describeMessage(accountMessages.emailUsed('a"b@example.com'))).toEqual({
      key: 'emailUsed',
      values: { email: 'a"b@example.com' },
    });
  });

  it('knows the server descriptions of the password and confirmation flows', () => {
    expect(describeMessage('The code is wrong or expired. Check the mail or ask for a new code.')?.key).toBe(
      'invalidCodeDescription',
    );
    expect(describeMessage('Too many wrong attempts. Ask for a new code.')?.key).toBe('tooManyCodeAttempts');
  });

  it('leaves unknown texts alone', () => {
    expect(describeMessage('Something new from the server.')).toBeNull();
  });
});
