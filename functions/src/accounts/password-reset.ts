/**
 * Password reset (spec/1 §4 password steps): a three-part code by mail (15 min, 5 attempts), a
 * one-time token for the change, and the new password. Answers never reveal whether an e-mail exists.
 */
import * as z from 'zod';
import { conditionFailed, consumeOnce } from '../platform/db/operations';
import { accountMessages } from '@lectio/shared';
import { defineEntity, num, type ItemOf } from '../platform/db/entity';
import { nowSeconds } from '../platform/db/keys';
import { accountKeys } from './keys';
import { hashPassword } from '../platform/auth/passwords';
import { randomToken, resetCodeValue, sameHash, sha256 } from '../platform/auth/secrets';
import { consumeAttempt, limitedAttempt, limits } from '../platform/auth/rate-limit';
import { closeUserConnections } from '../platform/ws/publish';
import type { SessionUser } from '../platform/auth/tokens';
import { Invalid, TooManyRequests } from '../platform/http/errors';
import { resetCodeMail } from '../platform/mail/templates';
import { sendMail } from '../platform/mail/mailer';
import { findUserByEmail, getUserById, setPassword } from './users';

export const RESET_CODE_TTL_SECONDS = 15 * 60;
export const RESET_CODE_MAX_ATTEMPTS = 5;

/** The mailed reset code (pk=RESET#{email}, sk=CODE): its hash, the attempts taken, its expiry (also the TTL). */
const resetCodes = defineEntity('reset-code', { code_hash: z.string(), attempts: num(), expires_at: z.number() });
/** The one-time token of step 2 (sk=TOKEN). */
const resetTokens = defineEntity('reset-token', { token_hash: z.string(), expires_at: z.number() });
type ResetCode = ItemOf<typeof resetCodes>;

const invalidCode = () => new Invalid('Invalid code.', undefined, 'The code is wrong or expired. Check the mail or ask for a new code.');
const invalidToken = () => new Invalid('Invalid request.', undefined, 'The password change has expired. Start again.');

/** Step 1: mails a code when the account exists; the same answer either way. */
export async function requestResetCode(session: SessionUser | null, mail: string, sourceIp: string) {
  if (session) {
    const me = await getUserById(session.userId);
    if (me.email.toLowerCase() !== mail.toLowerCase()) {
      throw new Invalid(accountMessages.notLoggedUserEmail, { mail: [accountMessages.notLoggedUserEmail] }, accountMessages.notLoggedUserEmail);
    }
  }
  await consumeAttempt(limits.resetMailPerIp, sourceIp);
  await consumeAttempt(limits.resetMailPerEmail, mail);
  const user = await findUserByEmail(mail);
  if (user?.confirmed) {
    const code = resetCodeValue();
    const expiresAt = nowSeconds() + RESET_CODE_TTL_SECONDS;
    await resetCodes.put({ ...accountKeys.resetCode(mail), type: 'reset-code', code_hash: sha256(code), attempts: 0, expires_at: expiresAt, ttl: expiresAt });
    await sendMail({ to: user.email, ...resetCodeMail(user.pref_lang_id, user.nickname, code) });
  }
  return { message: 'OK' as const, description: accountMessages.resetMailSent };
}

/**
 * Takes one of the code's attempts before it is compared (`ADD attempts` under `attempts < 5` and
 * not expired), so parallel guesses never get more comparisons; null when the code is gone,
 * expired or spent.
 */
async function countCodeAttempt(key: ReturnType<typeof accountKeys.resetCode>): Promise<ResetCode | null> {
  try {
    return await resetCodes.update(
      key,
      { add: { attempts: 1 }, condition: 'attribute_exists(pk) AND attempts < :max AND expires_at >= :now', values: { ':max': RESET_CODE_MAX_ATTEMPTS, ':now': nowSeconds() } },
      { returnItem: true },
    );
  } catch (error) {
    if (conditionFailed(error)) return null;
    throw error;
  }
}

/**
 * Step 2: the code (parts joined by dashes) for a one-time token. Counted first: the IP and e-mail
 * budgets and the code's own attempt counter are taken before the code is compared; the fifth
 * wrong attempt burns the code.
 */
export async function confirmResetCode(email: string, code: string, sourceIp: string) {
  const key = accountKeys.resetCode(email);
  await limitedAttempt(
    [
      [limits.resetCodePerIp, sourceIp],
      [limits.resetCodePerEmail, email],
    ],
    () =>
      consumeOnce<ResetCode>(key, {
        guard: 'code_hash',
        read: () => countCodeAttempt(key),
        valid: (i) => sameHash(i.code_hash, code),
        refused: invalidCode,
        onInvalid: async (i) => {
          if (i && i.attempts >= RESET_CODE_MAX_ATTEMPTS) {
            await resetCodes.remove(key);
            throw new TooManyRequests('Too many wrong attempts. Ask for a new code.');
          }
        },
      }),
  );
  const token = randomToken();
  const expiresAt = nowSeconds() + RESET_CODE_TTL_SECONDS;
  await resetTokens.put({ ...accountKeys.resetToken(email), type: 'reset-token', token_hash: sha256(token), expires_at: expiresAt, ttl: expiresAt });
  return { message: 'OK' as const, token };
}

/** Step 3: the new password, with the one-time token of step 2. */
export async function changePassword(email: string, token: string, password: string) {
  const key = accountKeys.resetToken(email);
  await consumeOnce(key, {
    guard: 'token_hash',
    read: () => resetTokens.get(key, { consistent: true }),
    valid: (i) => i.expires_at >= nowSeconds() && sameHash(i.token_hash, token),
    refused: invalidToken,
  });
  const user = await findUserByEmail(email);
  if (!user) throw invalidToken();
  // The new password revokes every token of the user, and their open sockets close.
  await setPassword(user.user_id, await hashPassword(password));
  await closeUserConnections(user.user_id);
  return { message: 'OK' as const, description: 'Password changed.' };
}
