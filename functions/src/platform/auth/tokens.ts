/** Signed JWT access and refresh tokens (HS256, jose) and their revocation list. */
import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { config, getSecrets } from '../config';
import { db, table } from '../db/client';
import { keys, nowSeconds } from '../db/keys';

export interface SessionUser {
  userId: number;
  roleId: number;
  jti: string;
  exp: number;
}

type TokenUse = 'access' | 'refresh';
const ISSUER = 'lectio';

const key = async () => new TextEncoder().encode((await getSecrets()).jwtSecret);

async function sign(userId: number, roleId: number, use: TokenUse, seconds: number): Promise<string> {
  return new SignJWT({ role: roleId, use })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(userId))
    .setIssuer(ISSUER)
    .setJti(randomUUID())
    .setIssuedAt()
    .setExpirationTime(nowSeconds() + seconds)
    .sign(await key());
}

export async function issueTokens(userId: number, roleId: number) {
  const [access, refresh] = await Promise.all([
    sign(userId, roleId, 'access', config.accessTokenSeconds),
    sign(userId, roleId, 'refresh', config.refreshTokenSeconds),
  ]);
  return {
    token_type: 'Bearer' as const,
    expires_in: config.accessTokenSeconds,
    access_token: access,
    refresh_token: refresh,
  };
}

/** Verifies signature, expiry, use and revocation; null for anything that is not a live token. */
export async function verifyToken(token: string, use: TokenUse = 'access'): Promise<SessionUser | null> {
  try {
    const { payload } = await jwtVerify(token, await key(), { issuer: ISSUER, algorithms: ['HS256'] });
    if (payload.use !== use || !payload.sub || !payload.jti || typeof payload.exp !== 'number') return null;
    const userId = Number(payload.sub);
    if (!Number.isInteger(userId)) return null;
    if (await isRevoked(payload.jti)) return null;
    return { userId, roleId: Number(payload.role ?? 1), jti: payload.jti, exp: payload.exp };
  } catch (error) {
    if (error instanceof joseErrors.JOSEError) return null;
    throw error;
  }
}

async function isRevoked(jti: string): Promise<boolean> {
  const out = await db.send(new GetCommand({ TableName: table(), Key: keys.revokedToken(jti) }));
  return Boolean(out.Item);
}

/** Revoked until the token would have expired anyway; TTL removes the item afterwards. */
export async function revokeToken(session: Pick<SessionUser, 'jti' | 'exp'>): Promise<void> {
  await db.send(
    new PutCommand({ TableName: table(), Item: { ...keys.revokedToken(session.jti), ttl: session.exp } }),
  );
}

export const bearerToken = (headers: Record<string, string | undefined> | undefined): string | null => {
  const value = headers?.authorization ?? headers?.Authorization;
  const match = value ? /^Bearer\s+(\S+)$/i.exec(value) : null;
  return match ? match[1]! : null;
};
