/**
 * Logging in (spec/1 §4, the OAuth password and refresh grants): the password check with its
 * failure limits, and the single-use refresh token. A wrong e-mail costs the same as a wrong password.
 */
import { DomainError, Forbidden } from '../platform/http/errors';
import { issueTokens, revokeToken, verifyToken } from '../platform/auth/tokens';
import { dummyPasswordHash, verifyPassword } from '../platform/auth/passwords';
import { assertNotLimited, recordFailure, limits } from '../platform/auth/rate-limit';
import { findUserByEmail, getUserById } from './users';

export class InvalidGrant extends DomainError {
  constructor() {
    super(401, 'The user credentials were incorrect.');
  }
}

export async function passwordLogin(email: string, password: string, sourceIp: string) {
  await Promise.all([assertNotLimited(limits.loginPerIp, sourceIp), assertNotLimited(limits.loginPerEmail, email)]);
  const user = await findUserByEmail(email);
  const ok = await verifyPassword(user?.password_hash ?? (await dummyPasswordHash()), password);
  if (!user || !ok) {
    await Promise.all([recordFailure(limits.loginPerIp, sourceIp), recordFailure(limits.loginPerEmail, email)]);
    throw new InvalidGrant();
  }
  if (!user.confirmed) throw new Forbidden('Account not confirmed.', 'Please confirm your e-mail address first.');
  return issueTokens(user.user_id, user.role_id);
}

/** Refresh tokens are single use: the presented one is revoked when the new pair is issued. */
export async function refreshLogin(refreshToken: string) {
  const session = await verifyToken(refreshToken, 'refresh');
  if (!session) throw new InvalidGrant();
  const user = await getUserById(session.userId);
  await revokeToken(session);
  return issueTokens(user.user_id, user.role_id);
}
