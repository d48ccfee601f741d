import { describe, expect, it } from 'vitest';
import { genericErrorCode, matchServerError, serverErrorCode, serverErrorCodes, serverErrors } from '../src/api/server-errors';

describe('server error codes', () => {
  it('gives every catalogued text its own code', () => {
    expect(serverErrorCode(404, 'Course not found.')).toBe('course_not_found');
    expect(serverErrorCode(400, 'Wrong key.')).toBe('competition_wrong_key');
    expect(serverErrorCode(429, 'Too many wrong attempts. Ask for a new code.')).toBe('reset_code_attempts');
  });

  it('falls back to the generic code of the status for a text it does not know', () => {
    expect(serverErrorCode(404, 'Lesson not found.')).toBe('not_found');
    expect(serverErrorCode(400, 'name: Too long')).toBe('invalid_input');
    expect(serverErrorCode(409, 'Something changed.')).toBe('conflict');
    expect(serverErrorCode(403, 'Only authors.')).toBe('forbidden');
    expect(genericErrorCode(503)).toBe('internal_error');
    expect(genericErrorCode(418)).toBe('invalid_input');
  });

  it('reads the values of a template text', () => {
    expect(matchServerError('Email "a@b.cz" is used. Registration was aborted.')).toEqual({
      code: 'email_used',
      values: { email: 'a@b.cz' },
    });
    // Regular-expression characters in texts are literal.
    expect(matchServerError('Course not foundX')).toBeNull();
  });

  it('keeps every text unique, so a text names exactly one code', () => {
    const messages = serverErrorCodes.map((code) => serverErrors[code].message);
    expect(new Set(messages).size).toBe(messages.length);
    for (const code of serverErrorCodes) expect(matchServerError(serverErrors[code].message)?.code).toBe(code);
  });
});
