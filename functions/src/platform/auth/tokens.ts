/**
 * Signed JWT access and refresh tokens (HS256, jose) and their revocation.
 *
 * - A login issues a pair sharing one session id (`sid`). Logout revokes the session: the access
 *   and the refresh token of the pair die together.
 * - Refresh tokens rotate atomically: the old session is revoked with a conditional write
 *   (`attribute_not_exists`), so the same refresh token used twice in parallel yields one new pair.
 * - A password reset or change sets `tokens_valid_after` (ms) on the user: every token issued
 *   before it is refused (accounts' `setPassword` writes it with the new hash; the web client renews its
 *   own session with the new password).
 * - `verifyToken` reads the user's role and `tokens_valid_after` on every call, so a role change
 *   takes effect on the next request (cost: one GetItem of two attributes per request, in parallel
 *   with the revocation check).
 */
import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { config, getSecrets } from '../config';
import { db, table } from '../db/client';
import { keys, nowSeconds } from '../db/keys';
import { putIfAbsent } from '../db/operations';
import { batchGetEach } from '../db/batch';

export interface SessionUser {
  userId: number;
  /** The role stored on the user now (not the one at login). */
  roleId: number;
  jti: string;
  /** Session id shared by an access token and its refresh token. */
  sid: string;
  exp: number;
}

type TokenUse = 'access' | 'refresh';
const ISSUER = 'lectio';

const key = async () => new TextEncoder().encode((await getSecrets()).jwtSecret);

async function sign(userId: number, roleId: number, sid: string, use: TokenUse, seconds: number): Promise<string> {
  return new SignJWT({ role: roleId, use, sid, iat_ms: Date.now() })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(userId))
    .setIssuer(ISSUER)
    .setJti(randomUUID())
    .setIssuedAt()
    .setExpirationTime(nowSeconds() + seconds)
    .sign(await key());
}

export async function issueTokens(userId: number, roleId: number) {
  const sid = randomUUID();
  const [access, refresh] = await Promise.all([
    sign(userId, roleId, sid, 'access', config.accessTokenSeconds),
    sign(userId, roleId, sid, 'refresh', config.refreshTokenSeconds),
  ]);
  return {
    token_type: 'Bearer' as const,
    expires_in: config.accessTokenSeconds,
    access_token: access,
    refresh_token: refresh,
  };
}

/** Verifies signature, expiry, use, revocation and the user's `tokens_valid_after`; null for anything not live. */
export async function verifyToken(token: string, use: TokenUse = 'access'): Promise<SessionUser | null> {
  let payload;
  try {
    ({ payload } = await jwtVerify(token, await key(), { issuer: ISSUER, algorithms: ['HS256'] }));
  } catch (error) {
    if (error instanceof joseErrors.JOSEError) return null;
    throw error;
  }
  if (payload.use !== use || !payload.sub || !payload.jti || typeof payload.exp !== 'number') return null;
  const userId = Number(payload.sub);
  if (!Number.isInteger(userId)) return null;
  const sid = typeof payload.sid === 'string' ? payload.sid : payload.jti;
  const issuedMs = typeof payload.iat_ms === 'number' ? payload.iat_ms : Number(payload.iat ?? 0) * 1000;
  // One round trip: the session's revocation marker (absent while the session lives) and the user.
  const [revoked, user] = await batchGetEach<{ role_id?: number; tokens_valid_after?: number }>([keys.revokedToken(sid), keys.userProfile(userId)], {
    projection: 'role_id, tokens_valid_after',
  });
  if (revoked || !user) return null;
  if (issuedMs < Number(user.tokens_valid_after ?? 0)) return null;
  return { userId, roleId: Number(user.role_id ?? 1), jti: payload.jti, sid, exp: payload.exp };
}

const revocation = (sid: string) => ({
  ...keys.revokedToken(sid),
  type: 'revoked-session',
  // Until the refresh token of the pair would have expired anyway; TTL removes the item afterwards.
  ttl: nowSeconds() + config.refreshTokenSeconds + 60,
});

/** Logout: the session's access and refresh token stop working. */
export async function revokeSession(session: Pick<SessionUser, 'sid'>): Promise<void> {
  await db.send(new PutCommand({ TableName: table(), Item: revocation(session.sid) }));
}

/**
 * Single use of a refresh token: revokes its session with a conditional write. True for exactly
 * one caller per session, however many use the same refresh token at once.
 */
export const claimRefresh = (session: Pick<SessionUser, 'sid'>): Promise<boolean> => putIfAbsent(revocation(session.sid));

export const bearerToken = (headers: Record<string, string | undefined> | undefined): string | null => {
  const value = headers?.authorization ?? headers?.Authorization;
  const match = value ? /^Bearer\s+(\S+)$/i.exec(value) : null;
  return match ? match[1]! : null;
};
