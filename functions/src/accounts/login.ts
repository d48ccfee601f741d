/**
 * Logging in and out (spec/1 §4, the OAuth password and refresh grants, logout): the password check
 * under its attempt budgets, the single-use refresh token, and the end of a session. A wrong e-mail
 * costs the same as a wrong password.
 */
import { DomainError, Forbidden } from '../platform/http/errors';
import { claimRefresh, issueTokens, revokeSession, verifyToken, type SessionUser } from '../platform/auth/tokens';
import { dummyPasswordHash, verifyPassword } from '../platform/auth/passwords';
import { limitedAttempt, limits } from '../platform/auth/rate-limit';
import { closeUserConnections } from '../platform/ws/publish';
import { logger } from '../platform/http/logger';
import { findUserByEmail, getUserById } from './users';
import { activityActions } from '@lectio/shared';
import { recordActivity } from '../activity';

export class InvalidGrant extends DomainError {
  constructor() {
    super(401, 'The user credentials were incorrect.');
  }
}

/** Counted first: the password is evaluated only while the budgets of the IP and the e-mail last. */
export async function passwordLogin(email: string, password: string, sourceIp: string) {
  const user = await limitedAttempt(
    [
      [limits.loginPerIp, sourceIp],
      [limits.loginPerEmail, email],
    ],
    async () => {
      const found = await findUserByEmail(email);
      const ok = await verifyPassword(found?.password_hash ?? (await dummyPasswordHash()), password);
      if (!found || !ok) throw new InvalidGrant();
      return found;
    },
  );
  if (!user.confirmed) throw new Forbidden('Account not confirmed.', 'Please confirm your e-mail address first.');
  const tokens = await issueTokens(user.user_id, user.role_id);
  // The users-activity table shows logins and logouts.
  await recordActivity(user.user_id, { action: activityActions.login });
  return tokens;
}

/** Single use, atomically: of parallel uses of one refresh token exactly one gets a new pair. */
export async function refreshLogin(refreshToken: string) {
  const session = await verifyToken(refreshToken, 'refresh');
  if (!session || !(await claimRefresh(session))) throw new InvalidGrant();
  const user = await getUserById(session.userId);
  return issueTokens(user.user_id, user.role_id);
}

/** The session (access and refresh token) ends, and so do the sockets opened with it. */
export async function logout(session: SessionUser) {
  await revokeSession(session);
  await closeUserConnections(session.userId, session.sid);
  await recordActivity(session.userId, { action: activityActions.logout });
  logger.info('user activity', { action: 'logout', userId: session.userId });
  return { message: 'OK' as const };
}
