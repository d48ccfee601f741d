/** The accounts domain's part of the first-start seed: demo accounts, registration groups, the demo student's score. */
import { randomBytes } from 'node:crypto';
import { batchPut } from '../platform/db/batch';
import { hashPassword } from '../platform/auth/passwords';
import { registrationGroupItem, defaultRegistrationGroups } from './registration-groups';
import { createUser, findUserByEmail, users } from './users';
import { demoAccounts } from './demo-accounts';
import { accountKeys } from './keys';

/**
 * The demo accounts (created once; an existing one is kept); returns their ids by nickname. With
 * `demoPasswords` false (SEED=none) each gets a random password, returned once for printing: no
 * administrator with a published password.
 */
export async function seedAccounts(demoPasswords = true): Promise<{ ids: Record<string, number>; passwords: Record<string, string> }> {
  const ids: Record<string, number> = {};
  const passwords: Record<string, string> = {};
  for (const account of demoAccounts) {
    const existing = await findUserByEmail(account.email);
    const password = demoPasswords ? account.password : randomBytes(12).toString('base64url');
    if (!existing) passwords[account.email] = password;
    const user =
      existing ??
      (await createUser({
        email: account.email,
        password_hash: await hashPassword(password),
        role_id: account.role_id,
        name: account.name,
        surname: account.surname,
        nickname: account.nickname,
        yob: 2000,
        country_id: 703,
        pref_lang_id: 1,
        lang_id: 1,
        content_type_id: 2,
        theme_id: 1,
        groups: 'Demo',
        confirmed: true,
      }));
    ids[account.nickname] = user.user_id;
  }
  return { ids, passwords };
}

export const seedRegistrationGroups = () => batchPut(defaultRegistrationGroups.map((name, i) => registrationGroupItem(i + 1, name)));

/** A start value for the demo student: a conditional write from a fresh account (updateUser refuses xp/coins). */
export async function seedStartingScore(userId: number, score: { xp: number; coins: number }) {
  await users.update(accountKeys.user(userId), { set: { xp: score.xp, coins: score.coins }, condition: 'xp = :zero AND coins = :zero', values: { ':zero': 0 } });
}
