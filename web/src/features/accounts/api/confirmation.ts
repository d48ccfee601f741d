/**
 * The confirmation link's flow (spec/1 §4 Registration): POST /confirm with the mailed token, then
 * POST /finishreg with the returned access token as bearer, then the session starts with that
 * token. A failure names its step: 'confirm:', 'finishreg:' or 'token:' (spec/1 §8).
 */
import { api, isApiError } from '@/lib/api-client';
import { storage } from '@/lib/storage';

export type ConfirmationStep = 'confirm' | 'finishreg' | 'token';

export class ConfirmationError extends Error {
  constructor(
    readonly step: ConfirmationStep,
    readonly detail: string,
  ) {
    super(`${step}: ${detail}`);
    this.name = 'ConfirmationError';
  }
}

/** The server's explanation when there is one, else its message. */
const detailOf = (error: unknown) =>
  isApiError(error) ? (error.description ?? error.message) : error instanceof Error ? error.message : String(error);

export async function confirmRegistration(
  mail: string,
  token: string,
  loginWithToken: (accessToken: string) => Promise<void>,
): Promise<void> {
  let accessToken: string;
  try {
    const result = await api('confirm', { body: { mail, token } });
    if (result.message !== 'OK') throw new Error((result as { description?: string }).description ?? result.message);
    accessToken = result.token;
  } catch (error) {
    throw new ConfirmationError('confirm', detailOf(error));
  }
  if (!accessToken) throw new ConfirmationError('token', 'missing');

  // finishreg authenticates with the new token, which the api client sends from storage.
  storage.set('token', accessToken);
  try {
    const result = await api('finishreg', { body: { email: mail } });
    if (result.message !== 'OK') throw new Error(result.description || result.message);
  } catch (error) {
    storage.remove('token');
    throw new ConfirmationError('finishreg', detailOf(error));
  }

  try {
    await loginWithToken(accessToken);
  } catch (error) {
    const cause = error instanceof Error && 'cause' in error ? error.cause : error;
    throw new ConfirmationError('token', detailOf(cause));
  }
}
