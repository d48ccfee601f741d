/**
 * What the registration screen shows after POST /register (spec/1 §8), as one pure function:
 * success text, a non-OK message as is, 401 → the e-mail-used text, 400 → the error message,
 * other statuses → the last three characters of the error message.
 *
 * The "error message" of the last rule is the HTTP client's text "Request failed with status code
 * NNN" (what the original client showed from), so its last three characters are the status code.
 * A request that never reached the server has no status; its own message is shown.
 */
import { accountMessages } from '@lectio/shared';
import { isApiError } from '@/lib/api-client';

export type RegistrationOutcome =
  { ok: true; text: string } | { ok: false; text: string; fieldErrors?: Record<string, string[]> };

export const httpFailureMessage = (status: number) => `Request failed with status code ${status}`;

export function registrationSucceeded(result: { message: string }): RegistrationOutcome {
  return result.message === 'OK' ? { ok: true, text: accountMessages.registered } : { ok: false, text: result.message };
}

export function registrationFailed(error: unknown, email: string): RegistrationOutcome {
  if (!isApiError(error)) return { ok: false, text: error instanceof Error ? error.message : String(error) };
  if (error.status === 401) return { ok: false, text: accountMessages.emailUsed(email) };
  if (error.status === 400) return { ok: false, text: error.message, ...(error.errors ? { fieldErrors: error.errors } : {}) };
  if (error.isNetworkError) return { ok: false, text: error.message };
  return { ok: false, text: httpFailureMessage(error.status).slice(-3) };
}
