/** User records: creation (unique e-mail), lookup by id and e-mail, updates. */
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { levelFromXp, themeById, type FullUserParameters } from '@lectio/shared';
import { db, table } from '../platform/db/client';
import { orFail, putNew } from '../platform/db/operations';
import { defineEntity, num, optNum, optStr, str, type ItemOf } from '../platform/db/entity';
import { accountKeys } from './keys';
import { nextId } from '../platform/db/counters';
import { Conflict, NotFound } from '../platform/http/errors';

/** A user's profile item (pk=USER#{id}, sk=PROFILE); xp and coins move only in conditional writes (player). */
export const users = defineEntity('user', {
  user_id: z.number(),
  email: z.string(),
  password_hash: z.string(),
  role_id: num(1),
  name: str(),
  surname: str(),
  nickname: str(),
  yob: num(),
  country_id: num(),
  pref_lang_id: num(1),
  lang_id: num(1),
  content_type_id: num(),
  theme_id: num(1),
  groups: str(),
  xp: num(),
  coins: num(),
  badges: z.array(z.string()).default([]),
  confirmed: z.boolean().default(false),
  registration_finished_at: optStr(),
  /** Epoch ms: tokens issued before it are refused (password reset or change). */
  tokens_valid_after: optNum(),
  created_at: str(),
});
export type UserRecord = ItemOf<typeof users>;

/** The e-mail uniqueness item (pk=EMAIL#{address}): the user it belongs to. */
const emails = defineEntity('email', { user_id: z.number() });

/** A new account; xp and coins start at 0 (demo seeding may give a start value). */
export type NewUser = Omit<UserRecord, 'user_id' | 'xp' | 'coins' | 'badges' | 'created_at'> & { xp?: number; coins?: number };

/**
 * The stored user item (profile partition). Not in the by-id index: nobody reads users through it, and every xp/coins change
 * would rewrite the index copy too (a score-raising evaluation stays within 4 WCU).
 */
export const userItem = (user: UserRecord) => ({ ...accountKeys.user(user.user_id), type: 'user', ...user });

/** Pure: a new account's record and the items `createUser` writes for it (its e-mail's uniqueness item, its profile). */
export function newUserItems(input: NewUser, userId: number, createdAt = new Date().toISOString()) {
  const user: UserRecord = {
    ...input,
    email: input.email.trim(),
    user_id: userId,
    xp: input.xp ?? 0,
    coins: input.coins ?? 0,
    badges: [],
    created_at: createdAt,
  };
  return { user, items: [{ ...accountKeys.email(user.email), user_id: user.user_id }, userItem(user)] };
}

export async function createUser(input: NewUser): Promise<UserRecord> {
  const { user, items } = newUserItems(input, await nextId('user'));
  await orFail(
    db.send(
      new TransactWriteCommand({
        TransactItems: items.map(putNew),
      }),
    ),
    () => new Conflict(`Email "${user.email}" is used. Registration was aborted.`),
  );
  return user;
}

/** Removes a user and its e-mail uniqueness item (rollback of a failed registration). */
export async function deleteUser(user: Pick<UserRecord, 'user_id' | 'email'>): Promise<void> {
  await db.send(
    new TransactWriteCommand({
      TransactItems: [
        { Delete: { TableName: table(), Key: accountKeys.user(user.user_id) } },
        { Delete: { TableName: table(), Key: accountKeys.email(user.email) } },
      ],
    }),
  );
}

export async function findUserById(userId: number): Promise<UserRecord | null> {
  return users.get(accountKeys.user(userId));
}

export async function getUserById(userId: number): Promise<UserRecord> {
  const user = await findUserById(userId);
  if (!user) throw new NotFound('User not found.');
  return user;
}

export async function findUserByEmail(email: string): Promise<UserRecord | null> {
  const owner = await emails.get(accountKeys.email(email), { consistent: true });
  return owner ? findUserById(owner.user_id) : null;
}

/**
 * The fields `updateUser` may change: profile, preferences, confirmation. Money-like values (xp,
 * coins), the role, the e-mail and the password have their own writers (conditional/transactional
 * ones for xp and coins; `setPassword` revokes the tokens), so they are refused here.
 */
export const updatableUserFields = [
  'name',
  'surname',
  'nickname',
  'yob',
  'country_id',
  'pref_lang_id',
  'lang_id',
  'content_type_id',
  'theme_id',
  'groups',
  'confirmed',
  'registration_finished_at',
] as const satisfies ReadonlyArray<keyof UserRecord>;

export type UserUpdate = Partial<Pick<UserRecord, (typeof updatableUserFields)[number]>>;

const updatable = new Set<string>(updatableUserFields);

/** Thrown for a field `updateUser` must not touch: a programming error, never a client's. */
export class ForbiddenUserField extends Error {
  constructor(field: string) {
    super(`updateUser cannot change "${field}"`);
    this.name = 'ForbiddenUserField';
  }
}

export async function updateUser(userId: number, fields: UserUpdate) {
  const entries = Object.entries(fields).filter(([, v]) => v !== undefined);
  for (const [field] of entries) if (!updatable.has(field)) throw new ForbiddenUserField(field);
  if (entries.length === 0) return;
  await users.update(accountKeys.user(userId), { set: Object.fromEntries(entries) as UserUpdate, condition: 'attribute_exists(pk)' });
}

/** A new password hash; in the same write every token issued before it stops working. */
export async function setPassword(userId: number, passwordHash: string): Promise<void> {
  await users.update(accountKeys.user(userId), { set: { password_hash: passwordHash, tokens_valid_after: Date.now() }, condition: 'attribute_exists(pk)' });
}

export function toFullUserParameters(user: UserRecord): FullUserParameters {
  return {
    user_id: user.user_id,
    role_id: user.role_id,
    lang_id: user.lang_id,
    theme_id: user.theme_id,
    theme_value: themeById(user.theme_id).theme_name,
    name: user.name,
    surname: user.surname,
    nickname: user.nickname,
    email: user.email,
    yob: Number(user.yob ?? 0),
    country_id: Number(user.country_id ?? 0),
    pref_lang_id: Number(user.pref_lang_id ?? user.lang_id),
    content_type_id: Number(user.content_type_id ?? 0),
    groups: String(user.groups ?? ''),
    performance: {
      xp: user.xp,
      coins: user.coins,
      level: levelFromXp(user.xp),
      badges: user.badges,
    },
  };
}

export function toProfileData(user: UserRecord) {
  return {
    user_id: user.user_id,
    name: user.name,
    surname: user.surname,
    nickname: user.nickname,
    email: user.email,
    yob: user.yob,
    country_id: user.country_id,
    pref_lang_id: user.pref_lang_id,
    lang_id: user.lang_id,
    content_type_id: user.content_type_id,
    theme_id: user.theme_id,
    groups: user.groups,
    xp: user.xp,
    coins: user.coins,
  };
}
