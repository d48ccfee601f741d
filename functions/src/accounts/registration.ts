/**
 * Registration with mail confirmation: an unconfirmed account, a single-use 24 h token mailed in
 * the user's language, confirmation and finish. An unconfirmed account cannot log in.
 */
import {
  accountMessages,
  effectiveNickname,
  languages,
  themes,
  type RegisterRequest,
} from '@lectio/shared';
import * as z from 'zod';
import type { registerRequest } from '@lectio/shared';
import { env } from '../platform/config';
import { consumeOnce } from '../platform/db/operations';
import { defineEntity } from '../platform/db/entity';
import { nowSeconds } from '../platform/db/keys';
import { accountKeys } from './keys';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../platform/auth/passwords';
import { limitedAttempt, limits } from '../platform/auth/rate-limit';
import { randomToken, sameHash, sha256 } from '../platform/auth/secrets';
import { issueTokens, type SessionUser } from '../platform/auth/tokens';
import { DomainError, Conflict, Invalid } from '../platform/http/errors';
import { registrationMail } from '../platform/mail/templates';
import { sendMail } from '../platform/mail/mailer';
import { createUser, deleteUser, findUserByEmail, updateUser, getUserById } from './users';
import { countryList } from './countries';
import { registrationGroups } from './registration-groups';

export const CONFIRMATION_TTL_SECONDS = 24 * 3600;

/** The mailed confirmation (pk=CONFIRM#{email}, sk=TOKEN): whose account, the token's hash, its expiry (also the TTL). */
const confirmations = defineEntity('confirmation', { user_id: z.number(), token_hash: z.string(), expires_at: z.number() });

class EmailUsed extends DomainError {
  constructor(email: string) {
    super(401, accountMessages.emailUsed(email));
  }
}

const confirmFailed = () =>
  new Invalid('Invalid or expired confirmation link.', undefined, 'The confirmation link is invalid, used or expired. Register again or log in.');

async function createUnconfirmed(body: z.output<typeof registerRequest>) {
  return createUser({
    email: body.email,
    password_hash: await hashPassword(body.passw),
    role_id: 1,
    name: body.name,
    surname: body.surname,
    nickname: effectiveNickname(body.nick, body.name, body.surname),
    yob: body.age,
    country_id: body.country,
    pref_lang_id: body.lang,
    lang_id: body.lang,
    content_type_id: body.content_type_id,
    theme_id: 1,
    groups: body.group,
    confirmed: false,
  });
}

/** An account that was never confirmed and whose link expired frees its e-mail again. */
async function releaseAbandoned(email: string): Promise<boolean> {
  const existing = await findUserByEmail(email);
  if (!existing || existing.confirmed) return false;
  const pending = await confirmations.get(accountKeys.confirmation(email), { consistent: true });
  if (pending && pending.expires_at >= nowSeconds()) return false;
  await deleteUser(existing);
  return true;
}

export async function register(body: z.output<typeof registerRequest>): Promise<{ message: 'OK'; description: string }> {
  let user;
  try {
    user = await createUnconfirmed(body);
  } catch (error) {
    if (!(error instanceof Conflict)) throw error;
    if (!(await releaseAbandoned(body.email))) throw new EmailUsed(body.email);
    user = await createUnconfirmed(body).catch((again: unknown) => {
      throw again instanceof Conflict ? new EmailUsed(body.email) : again;
    });
  }
  const token = randomToken();
  const expiresAt = nowSeconds() + CONFIRMATION_TTL_SECONDS;
  await confirmations.put({ ...accountKeys.confirmation(user.email), type: 'confirmation', user_id: user.user_id, token_hash: sha256(token), expires_at: expiresAt, ttl: expiresAt });
  const link = `${env('PUBLIC_URL')}/confirm/${encodeURIComponent(user.email)}/${token}`;
  try {
    await sendMail({ to: user.email, ...registrationMail(user.pref_lang_id, user.nickname, link) });
  } catch (error) {
    // Nothing half-done: without the mail the account could never be confirmed.
    await deleteUser(user);
    throw error;
  }
  return { message: 'OK', description: accountMessages.registered };
}

/** Checks and consumes the mailed token; the account becomes confirmed. Returns an access token. */
export const confirm = (mail: string, token: string, sourceIp: string) =>
  // Counted first: a token is compared only while the budgets of the IP and the e-mail last.
  limitedAttempt(
    [
      [limits.confirmPerIp, sourceIp],
      [limits.confirmPerEmail, mail],
    ],
    async () => {
      const key = accountKeys.confirmation(mail);
      const item = await consumeOnce(key, {
        guard: 'token_hash',
        read: () => confirmations.get(key, { consistent: true }),
        valid: (i) => i.expires_at >= nowSeconds() && sameHash(i.token_hash, token),
        refused: confirmFailed,
      });
      const user = await getUserById(item.user_id);
      await updateUser(user.user_id, { confirmed: true });
      const tokens = await issueTokens(user.user_id, user.role_id);
      return { message: 'OK' as const, token: tokens.access_token, description: 'Registration confirmed.' };
    },
  );

/**
 * The last step: with the token from /confirm (bearer) or the password, for a confirmed account.
 * Not a password oracle: the login budgets apply (counted first), an unknown e-mail is hashed
 * against a dummy, and every failure (unknown e-mail, wrong password, unconfirmed account) gets the
 * same answer.
 */
export async function finishRegistration(session: SessionUser | null, email: string, password: string, sourceIp: string) {
  const failed = () => new Invalid('Registration cannot be finished.', undefined, 'Wrong e-mail or password.');
  const user = await limitedAttempt(
    [
      [limits.loginPerIp, sourceIp],
      [limits.loginPerEmail, email],
    ],
    async () => {
      const found = await findUserByEmail(email);
      const byToken = Boolean(session && found && session.userId === found.user_id);
      const byPassword = !byToken && (await verifyPassword(found?.password_hash ?? (await dummyPasswordHash()), password));
      if (!found || (!byToken && !byPassword) || !found.confirmed) throw failed();
      return found;
    },
  );
  if (!user.registration_finished_at) await updateUser(user.user_id, { registration_finished_at: new Date().toISOString() });
  return { message: 'OK' as const, description: 'Registration finished.' };
}

export async function registrationData(langId = 1) {
  const list = countryList(langId);
  const groups = await registrationGroups();
  return {
    languages: languages.map((l) => ({ id: l.id, name: l.name, shortcut: l.shortcut })),
    countries: list,
    groups: groups.map(({ group_name }) => ({ group_name })),
    themes: themes.map((t) => ({ id: t.id, theme_name: t.theme_name, description: t.description })),
  };
}

export type { RegisterRequest };
