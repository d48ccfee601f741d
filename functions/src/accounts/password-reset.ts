/**
 * Password reset (spec/1 §4 password steps): a three-part code by mail (15 min, 5 attempts), a
 * one-time token for the change, and the new password. Answers never reveal whether an e-mail exists.
 */
import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { consumeOnce } from '../platform/db/operations';
import { accountMessages } from '@lectio/shared';
import { db, table } from '../platform/db/client';
import { nowSeconds } from '../platform/db/keys';
import { accountKeys } from './keys';
import { hashPassword } from '../platform/auth/passwords';
import { randomToken, resetCodeValue, sameHash, sha256 } from '../platform/auth/secrets';
import { assertNotLimited, consumeAttempt, limits, recordFailure } from '../platform/auth/rate-limit';
import type { SessionUser } from '../platform/auth/tokens';
import { Invalid, TooManyRequests } from '../platform/http/errors';
import { resetCodeMail } from '../platform/mail/templates';
import { sendMail } from '../platform/mail/mailer';
import { findUserByEmail, getUserById, updateUser } from './users';

export const RESET_CODE_TTL_SECONDS = 15 * 60;
export const RESET_CODE_MAX_ATTEMPTS = 5;

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
    await db.send(
      new PutCommand({
        TableName: table(),
        Item: { ...accountKeys.resetCode(mail), type: 'reset-code', code_hash: sha256(code), attempts: 0, expires_at: expiresAt, ttl: expiresAt },
      }),
    );
    await sendMail({ to: user.email, ...resetCodeMail(user.pref_lang_id, user.nickname, code) });
  }
  return { message: 'OK' as const, description: accountMessages.resetMailSent };
}

/**
 * A refused reset code counts against the caller's IP; a wrong code (the item exists and has not
 * expired) also counts on the code itself, and the fifth wrong one burns it.
 */
async function wrongCode(key: ReturnType<typeof accountKeys.resetCode>, sourceIp: string, wrongValue: boolean) {
  await recordFailure(limits.resetCodePerIp, sourceIp);
  if (!wrongValue) return;
  // A code that vanished meanwhile counts as burnt.
  const attempts = await db
    .send(
      new UpdateCommand({
        TableName: table(),
        Key: key,
        UpdateExpression: 'ADD attempts :one',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':one': 1 },
        ReturnValues: 'UPDATED_NEW',
      }),
    )
    .then(
      (out) => Number(out.Attributes?.attempts ?? RESET_CODE_MAX_ATTEMPTS),
      () => RESET_CODE_MAX_ATTEMPTS,
    );
  if (attempts >= RESET_CODE_MAX_ATTEMPTS) {
    await db.send(new DeleteCommand({ TableName: table(), Key: key }));
    throw new TooManyRequests('Too many wrong attempts. Ask for a new code.');
  }
}

/** Step 2: the code (parts joined by dashes) for a one-time token. */
export async function confirmResetCode(email: string, code: string, sourceIp: string) {
  await assertNotLimited(limits.resetCodePerIp, sourceIp);
  const key = accountKeys.resetCode(email);
  await consumeOnce<{ code_hash: string; expires_at: number }>(key, {
    guard: 'code_hash',
    valid: (i) => i.expires_at >= nowSeconds() && sameHash(i.code_hash, code),
    refused: invalidCode,
    onInvalid: (i) => wrongCode(key, sourceIp, i !== null && i.expires_at >= nowSeconds()),
  });
  const token = randomToken();
  const expiresAt = nowSeconds() + RESET_CODE_TTL_SECONDS;
  await db.send(
    new PutCommand({ TableName: table(), Item: { ...accountKeys.resetToken(email), type: 'reset-token', token_hash: sha256(token), expires_at: expiresAt, ttl: expiresAt } }),
  );
  return { message: 'OK' as const, token };
}

/** Step 3: the new password, with the one-time token of step 2. */
export async function changePassword(email: string, token: string, password: string) {
  await consumeOnce<{ token_hash: string; expires_at: number }>(accountKeys.resetToken(email), {
    guard: 'token_hash',
    valid: (i) => i.expires_at >= nowSeconds() && sameHash(i.token_hash, token),
    refused: invalidToken,
  });
  const user = await findUserByEmail(email);
  if (!user) throw invalidToken();
  await updateUser(user.user_id, { password_hash: await hashPassword(password) });
  return { message: 'OK' as const, description: 'Password changed.' };
}
