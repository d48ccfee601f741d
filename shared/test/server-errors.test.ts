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
    const texts = serverErrorCodes.map((code) => {
      const text: { message: string; description?: string; byDescription?: true } = serverErrors[code];
      return text.byDescription ? `${text.message}\n${text.description}` : text.message;
    });
    expect(new Set(texts).size).toBe(texts.length);
    for (const code of serverErrorCodes) {
      const text: { message: string; description?: string } = serverErrors[code];
      expect(matchServerError(text.message, text.description)?.code).toBe(code);
    }
  });

  it('tells texts that share their message apart by the description', () => {
    expect(matchServerError('Error', 'The questionnaire is submitted; answers can no longer be changed.')?.code).toBe('questionnaire_finished');
    expect(matchServerError('Error', 'Questionnaire not found.')?.code).toBe('questionnaire_not_found');
    // an 'Error' with a description the catalogue does not know keeps the server's own words
    expect(matchServerError('Error', 'Something else.')).toBeNull();
    expect(matchServerError('Error')).toBeNull();
  });
});
