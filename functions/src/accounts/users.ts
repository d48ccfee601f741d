/** User records: creation (unique e-mail), lookup by id and e-mail, updates. */
import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { levelFromXp, themeById, type FullUserParameters } from '@lectio/shared';
import { db, table } from '../platform/db/client';
import { keys } from '../platform/db/keys';
import { nextId } from '../platform/db/counters';
import { Conflict, NotFound } from '../platform/http/errors';

export interface UserRecord {
  user_id: number;
  email: string;
  password_hash: string;
  role_id: number;
  name: string;
  surname: string;
  nickname: string;
  yob: number;
  country_id: number;
  pref_lang_id: number;
  lang_id: number;
  content_type_id: number;
  theme_id: number;
  groups: string;
  xp: number;
  coins: number;
  badges: string[];
  confirmed: boolean;
  registration_finished_at?: string;
  /** Epoch ms: tokens issued before it are refused (password reset or change). */
  tokens_valid_after?: number;
  created_at: string;
}

/** A new account; xp and coins start at 0 (demo seeding may give a start value). */
export type NewUser = Omit<UserRecord, 'user_id' | 'xp' | 'coins' | 'badges' | 'created_at'> & { xp?: number; coins?: number };

export async function createUser(input: NewUser): Promise<UserRecord> {
  const user: UserRecord = {
    ...input,
    email: input.email.trim(),
    user_id: await nextId('user'),
    xp: input.xp ?? 0,
    coins: input.coins ?? 0,
    badges: [],
    created_at: new Date().toISOString(),
  };
  try {
    await db.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: table(),
              Item: { ...keys.email(user.email), user_id: user.user_id },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          {
            Put: {
              TableName: table(),
              Item: { ...keys.user(user.user_id), type: 'user', ...user },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
        ],
      }),
    );
  } catch (error) {
    if ((error as Error).name === 'TransactionCanceledException') {
      throw new Conflict(`Email "${user.email}" is used. Registration was aborted.`);
    }
    throw error;
  }
  return user;
}

/** Removes a user and its e-mail uniqueness item (rollback of a failed registration). */
export async function deleteUser(user: Pick<UserRecord, 'user_id' | 'email'>): Promise<void> {
  await db.send(
    new TransactWriteCommand({
      TransactItems: [
        { Delete: { TableName: table(), Key: keys.user(user.user_id) } },
        { Delete: { TableName: table(), Key: keys.email(user.email) } },
      ],
    }),
  );
}

export async function findUserById(userId: number): Promise<UserRecord | null> {
  const out = await db.send(new GetCommand({ TableName: table(), Key: keys.user(userId) }));
  return (out.Item as UserRecord | undefined) ?? null;
}

export async function getUserById(userId: number): Promise<UserRecord> {
  const user = await findUserById(userId);
  if (!user) throw new NotFound('User not found.');
  return user;
}

export async function findUserByEmail(email: string): Promise<UserRecord | null> {
  const out = await db.send(new GetCommand({ TableName: table(), Key: keys.email(email), ConsistentRead: true }));
  const userId = out.Item?.user_id as number | undefined;
  return userId === undefined ? null : findUserById(userId);
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
  await db.send(
    new UpdateCommand({
      TableName: table(),
      Key: keys.user(userId),
      UpdateExpression: `SET ${entries.map((_, i) => `#f${i} = :v${i}`).join(', ')}`,
      ExpressionAttributeNames: Object.fromEntries(entries.map(([k], i) => [`#f${i}`, k])),
      ExpressionAttributeValues: Object.fromEntries(entries.map(([, v], i) => [`:v${i}`, v])),
      ConditionExpression: 'attribute_exists(pk)',
    }),
  );
}

/** A new password hash; in the same write every token issued before it stops working. */
export async function setPassword(userId: number, passwordHash: string): Promise<void> {
  await db.send(
    new UpdateCommand({
      TableName: table(),
      Key: keys.user(userId),
      UpdateExpression: 'SET password_hash = :h, tokens_valid_after = :now',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':h': passwordHash, ':now': Date.now() },
    }),
  );
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
    performance: {
      xp: user.xp,
      coins: user.coins,
      level: levelFromXp(user.xp),
      badges: user.badges ?? [],
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
