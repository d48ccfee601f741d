import { describe, expect, it } from 'vitest';
import { sessionLanguage } from './session-language';

describe('session language', () => {
  it('stores the language picked before login on the account', () => {
    expect(sessionLanguage('sk', 1, 'login')).toEqual({ ui: 'sk', storeOnAccount: 2 });
  });

  it("takes the account's language when nothing (or the same) was picked", () => {
    expect(sessionLanguage(null, 3, 'login')).toEqual({ ui: 'cs' });
    expect(sessionLanguage('sk', 2, 'login')).toEqual({ ui: 'sk' });
    expect(sessionLanguage('xx', 4, 'login')).toEqual({ ui: 'pl' });
  });

  it("follows the account at start-up with a stored session", () => {
    expect(sessionLanguage('en', 2, 'startup')).toEqual({ ui: 'sk' });
  });
});
