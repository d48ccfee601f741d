import { describe, expect, it } from 'vitest';
import { serverErrorCodes } from '@lectio/shared';
import { i18n, initI18n, switchLanguage } from './i18n';
import { ApiError } from './api-error';
import { errorText } from './server-error-text';
import english from '@/locales/en/server-errors.json';

describe('server error texts', () => {
  it('has a translation for every server error code (the locale test checks the other 7 languages)', () => {
    expect(Object.keys(english.serverErrors).sort()).toEqual([...serverErrorCodes].sort());
  });

  it('shows the translation of the code in the UI language', async () => {
    await initI18n('sk');
    await switchLanguage('sk');
    const t = i18n.t.bind(i18n);
    const wrongKey = new ApiError({ status: 400, message: 'Wrong key.', description: 'The competition key is not correct.', code: 'competition_wrong_key' });
    expect(errorText(t, wrongKey)).toBe('Kľúč súťaže nie je správny.');
    expect(errorText(t, new ApiError({ status: 404, message: 'Course not found.', code: 'course_not_found' }))).toBe('Kurz sa nenašiel.');
    const used = new ApiError({ status: 409, message: 'Email "a@b.cz" is used. Registration was aborted.', code: 'email_used' });
    expect(errorText(t, used)).toContain('"a@b.cz"');
  });

  it("keeps the server's own words when the code is generic and the text not catalogued", async () => {
    await initI18n('sk');
    await switchLanguage('sk');
    const t = i18n.t.bind(i18n);
    const specific = new ApiError({ status: 404, message: 'Lesson not found.', code: 'not_found' });
    expect(errorText(t, specific)).toBe('Lesson not found.');
    const described = new ApiError({ status: 400, message: 'Odd.', description: 'A longer reason.', code: 'invalid_input' });
    expect(errorText(t, described)).toBe('A longer reason.');
    expect(errorText(t, new ApiError({ status: 0, message: 'Failed to fetch' }))).not.toBe('Failed to fetch');
    await switchLanguage('en');
  });
});
