/**
 * The three calls of the password steps (spec/1 §4) as mutations. Failures follow spec/1 §8: a
 * non-OK answer shows the server's description, a request that never reached the server shows the
 * error message. They reject with a `PasswordFlowError` carrying the text to show.
 */
import { useAction } from '@/lib/use-action';
import { api, isApiError } from '@/lib/api-client';
import { getConfig } from '@/lib/config';

export class PasswordFlowError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    readonly fieldErrors?: Record<string, string[]>,
  ) {
    super(message);
    this.name = 'PasswordFlowError';
  }
}

export function passwordFlowError(error: unknown): PasswordFlowError {
  if (error instanceof PasswordFlowError) return error;
  if (isApiError(error)) {
    if (error.isNetworkError) return new PasswordFlowError(error.message, 0);
    return new PasswordFlowError(error.description || error.message, error.status, error.errors);
  }
  return new PasswordFlowError(error instanceof Error ? error.message : String(error));
}

/** A 2xx whose message is not 'OK' is a failure too. */
function expectOk<T extends { message: string }>(result: T): T {
  if (result.message !== 'OK') {
    const description = (result as { description?: unknown }).description;
    throw new PasswordFlowError(typeof description === 'string' && description ? description : result.message);
  }
  return result;
}

async function call<T extends { message: string }>(request: () => Promise<T>): Promise<T> {
  try {
    return expectOk(await request());
  } catch (error) {
    throw passwordFlowError(error);
  }
}

const clientSecret = () => getConfig().clientSecret;

/** Step 1 → mails the code; resolves with the server's description (the spec's success text). */
export function useRequestResetCode() {
  return useAction<string, PasswordFlowError, { mail: string }>({
    mutationFn: async ({ mail }) =>
      (await call(() => api('pwdChangeMail', { body: { mail, client_secret: clientSecret() } }))).description,
    meta: { handlesErrors: true },
  });
}

/** Step 2 → the one-time token for the change. */
export function useConfirmResetCode() {
  return useAction<string, PasswordFlowError, { email: string; code: string }>({
    mutationFn: async ({ email, code }) =>
      (await call(() => api('pwdConfirmCode', { body: { email, code, client_secret: clientSecret() } }))).token,
    meta: { handlesErrors: true },
  });
}

/** Step 3 → the new password is set. */
export function useChangePassword() {
  return useAction<string, PasswordFlowError, { email: string; token: string; passwd: string }>({
    mutationFn: async ({ email, token, passwd }) =>
      (await call(() => api('pwdChangePwd', { body: { email, code: token, passwd, client_secret: clientSecret() } })))
        .description,
    meta: { handlesErrors: true },
  });
}
