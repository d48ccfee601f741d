/** The accounts domain's part of the first-start seed: demo accounts, registration groups, demo learners. */
import { batchPut } from '../platform/db/batch';
import { hashPassword } from '../platform/auth/passwords';
import { registrationGroupItem, defaultRegistrationGroups } from './registration-groups';
import { createUser, findUserByEmail } from './users';
import { demoAccounts } from './demo-accounts';


/** The demo accounts (created once; an existing one is kept); returns their ids by nickname. */
export async function seedAccounts(): Promise<Record<string, number>> {
  const ids: Record<string, number> = {};
  for (const account of demoAccounts) {
    const existing = await findUserByEmail(account.email);
    const user =
      existing ??
      (await createUser({
        email: account.email,
        password_hash: await hashPassword(account.password),
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
  return ids;
}

export const seedRegistrationGroups = () => batchPut(defaultRegistrationGroups.map((name, i) => registrationGroupItem(i + 1, name)));

/** Learners with XP spread over countries and groups, so the leaderboard has pages to show. */
export async function seedDemoLearners(count = 180) {
  const countries = [703, 203, 616, 724, 348, 528, 643, 826];
  const groups = defaultRegistrationGroups;
  const one = (i: number) =>
    createUser({
      email: `learner${String(i).padStart(3, '0')}@example.com`,
      password_hash: '!', // cannot log in
      role_id: 1,
      name: 'Learner',
      surname: String(i).padStart(3, '0'),
      nickname: `learner${String(i).padStart(3, '0')}`,
      yob: 2000 + (i % 10),
      country_id: countries[i % countries.length]!,
      pref_lang_id: 1 + (i % 8),
      lang_id: 1 + (i % 8),
      content_type_id: 1 + (i % 2),
      theme_id: 1,
      groups: groups[i % groups.length]!,
      confirmed: true,
      xp: (i * 7919) % 9000,
      coins: i % 50,
    });
  // Ids come from an atomic counter, so learners can be created a few at a time.
  for (let i = 1; i <= count; i += 10) {
    await Promise.all(Array.from({ length: Math.min(10, count - i + 1) }, (_, k) => one(i + k)));
  }
}
