/**
 * Password reset (spec/1 §4 password steps): a three-part code by mail (15 min, 5 attempts), a
 * one-time token for the change, and the new password. Answers never reveal whether an e-mail exists.
 */
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { accountMessages } from '@lectio/shared';
import { db, table } from '../platform/db/client';
import { keys, nowSeconds } from '../platform/db/keys';
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
        Item: { ...keys.resetCode(mail), type: 'reset-code', code_hash: sha256(code), attempts: 0, expires_at: expiresAt, ttl: expiresAt },
      }),
    );
    await sendMail({ to: user.email, ...resetCodeMail(user.pref_lang_id, user.nickname, code) });
  }
  return { message: 'OK' as const, description: accountMessages.resetMailSent };
}

/**
 * Step 2: the code (parts joined by dashes) for a one-time token. Counted first: the IP and e-mail
 * budgets, and the code's own attempt counter (`ADD attempts` under `attempts < 5`), are taken
 * before the code is compared, so parallel guesses never get more than 5 comparisons per code.
 */
export async function confirmResetCode(email: string, code: string, sourceIp: string) {
  const key = keys.resetCode(email);
  const item = await limitedAttempt(
    [
      [limits.resetCodePerIp, sourceIp],
      [limits.resetCodePerEmail, email],
    ],
    async () => {
      let counted;
      try {
        counted = await db.send(
          new UpdateCommand({
            TableName: table(),
            Key: key,
            UpdateExpression: 'ADD attempts :one',
            ConditionExpression: 'attribute_exists(pk) AND attempts < :max AND expires_at >= :now',
            ExpressionAttributeValues: { ':one': 1, ':max': RESET_CODE_MAX_ATTEMPTS, ':now': nowSeconds() },
            ReturnValues: 'ALL_NEW',
          }),
        );
      } catch (error) {
        if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
        throw invalidCode();
      }
      const found = counted.Attributes!;
      if (!sameHash(found.code_hash as string, code)) {
        if (Number(found.attempts) >= RESET_CODE_MAX_ATTEMPTS) {
          // The fifth wrong attempt burns the code.
          await db.send(new DeleteCommand({ TableName: table(), Key: key }));
          throw new TooManyRequests('Too many wrong attempts. Ask for a new code.');
        }
        throw invalidCode();
      }
      return found;
    },
  );
  try {
    await db.send(
      new DeleteCommand({ TableName: table(), Key: key, ConditionExpression: 'code_hash = :h', ExpressionAttributeValues: { ':h': item.code_hash } }),
    );
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') throw invalidCode();
    throw error;
  }
  const token = randomToken();
  const expiresAt = nowSeconds() + RESET_CODE_TTL_SECONDS;
  await db.send(
    new PutCommand({ TableName: table(), Item: { ...keys.resetToken(email), type: 'reset-token', token_hash: sha256(token), expires_at: expiresAt, ttl: expiresAt } }),
  );
  return { message: 'OK' as const, token };
}

/** Step 3: the new password, with the one-time token of step 2. */
export async function changePassword(email: string, token: string, password: string) {
  const key = keys.resetToken(email);
  const item = (await db.send(new GetCommand({ TableName: table(), Key: key, ConsistentRead: true }))).Item;
  if (!item || item.expires_at < nowSeconds() || !sameHash(item.token_hash as string, token)) throw invalidToken();
  try {
    await db.send(
      new DeleteCommand({ TableName: table(), Key: key, ConditionExpression: 'token_hash = :h', ExpressionAttributeValues: { ':h': item.token_hash } }),
    );
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') throw invalidToken();
    throw error;
  }
  const user = await findUserByEmail(email);
  if (!user) throw invalidToken();
  // The new password revokes every token of the user, and their open sockets close.
  await setPassword(user.user_id, await hashPassword(password));
  await closeUserConnections(user.user_id);
  return { message: 'OK' as const, description: 'Password changed.' };
}
