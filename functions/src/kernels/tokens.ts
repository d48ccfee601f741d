/**
 * The kernel proxy's tokens (HS256, jose, signed with the secret the accounts domain signs with): `kernel`
 * for a user's browser (`GET /get-jupy-token`, 15 minutes), `kernel-admin` for the kernels Lambda's own
 * admin calls (one minute, never handed out). Their audience keeps them apart from access tokens.
 */
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { getSecrets } from '../platform/config';

export type KernelTokenUse = 'kernel' | 'kernel-admin';
export const KERNEL_TOKEN_SECONDS = 15 * 60;
const AUDIENCE = 'lectio-kernels';
const ISSUER = 'lectio';

const key = async () => new TextEncoder().encode((await getSecrets()).jwtSecret);

export async function signKernelToken(userId: number, use: KernelTokenUse, seconds = use === 'kernel' ? KERNEL_TOKEN_SECONDS : 60): Promise<string> {
  return new SignJWT({ use })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(userId))
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${seconds}s`)
    .sign(await key());
}

/** The user id of a live token of this use, else null. */
export async function verifyKernelToken(token: string, use: KernelTokenUse): Promise<number | null> {
  try {
    const { payload } = await jwtVerify(token, await key(), { issuer: ISSUER, audience: AUDIENCE, algorithms: ['HS256'] });
    const userId = Number(payload.sub);
    return payload.use === use && Number.isInteger(userId) && userId > 0 ? userId : null;
  } catch (error) {
    if (error instanceof joseErrors.JOSEError) return null;
    throw error;
  }
}
