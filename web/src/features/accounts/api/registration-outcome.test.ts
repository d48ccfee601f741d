import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { registrationFailed, registrationSucceeded } from './registration-outcome';

describe('registration outcome (spec/1 §8)', () => {
  it('shows the success text for OK and a non-OK message as is', () => {
    expect(registrationSucceeded({ message: 'OK' })).toEqual({
      ok: true,
      text: 'Please check your mailbox and confirm registration (check the spam folder too).',
    });
    expect(registrationSucceeded({ message: 'Registration is closed today.' })).toEqual({
      ok: false,
      text: 'Registration is closed today.',
    });
  });

  it('401 → the e-mail is used', () => {
    const error = new ApiError({ status: 401, message: 'whatever the server said' });
    expect(registrationFailed(error, 'ada@example.com').text).toBe('Email "ada@example.com" is used. Registration was aborted.');
  });

  it('400 → the error message, with the field errors for the form', () => {
    const error = new ApiError({
      status: 400,
      message: 'name: Name is too short.',
      errors: { name: ['Name is too short.'] },
    });
    expect(registrationFailed(error, 'a@b.cz')).toEqual({
      ok: false,
      text: 'name: Name is too short.',
      fieldErrors: { name: ['Name is too short.'] },
    });
  });

  it.each([429, 500, 503])('%i → the last three characters of the error message (the status code)', (status) => {
    const error = new ApiError({ status, message: 'Too many attempts. Try again later.' });
    expect(registrationFailed(error, 'a@b.cz').text).toBe(String(status));
  });

  it('a request that never reached the server shows its own message', () => {
    expect(registrationFailed(new ApiError({ status: 0, message: 'Network error' }), 'a@b.cz').text).toBe('Network error');
  });
});
