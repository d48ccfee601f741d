/** One-time secrets (mail tokens, reset codes): random, stored only as SHA-256, compared in constant time. */
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { getSecrets } from '../config';
import { DomainError } from '../http/errors';

export const randomToken = () => randomBytes(32).toString('base64url');

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export function sameHash(storedHex: string | undefined, candidate: string): boolean {
  if (!storedHex) return false;
  const a = Buffer.from(storedHex, 'hex');
  const b = Buffer.from(sha256(candidate), 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Unambiguous characters (no 0/O, 1/I) for codes read from a mail. */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const resetCodeValue = () =>
  Array.from({ length: 3 }, () => Array.from({ length: 4 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('')).join('-');

export class InvalidClient extends DomainError {
  constructor() {
    super(401, 'Client authentication failed.');
  }
}

export async function assertClientSecret(secret: string): Promise<void> {
  const { clientSecret } = await getSecrets();
  const a = Buffer.from(sha256(secret), 'hex');
  const b = Buffer.from(sha256(clientSecret), 'hex');
  if (!timingSafeEqual(a, b)) throw new InvalidClient();
}
