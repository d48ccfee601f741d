/**
 * The local cloud's first-start seeding, a module of its own (neither platform nor a domain): three
 * demo accounts always, the demo course unless SEED=none. Idempotent: a marker item records that
 * seeding happened, so restarts never duplicate content. Each domain
 * seeds its own items (accounts/seed.ts, demo/catalogue.ts, demo/learners.ts,
 * messages/seed.ts, tests/seed.ts) with the item builders its domain code uses; this module only
 * orders them.
 */
import * as z from 'zod';
import { defineEntity } from '../platform/db/entity';
import { keys } from '../platform/db/keys';
import { grantPermission } from '../platform/auth/course-grants';
import { seedAccounts, seedRegistrationGroups, seedStartingScore } from '../accounts/seed';
import { seedDemoContent, seedStudentCourse } from './catalogue';
import { courseFacts, seedDemoLearners } from './learners';
import { seedWelcomeMessages } from '../messages/seed';
import { seedTests } from '../tests/seed';
import { seedDemoClass } from './class';
import { seedDemoMessages } from './messages';
import { seedDemoQuestionnaire } from './questionnaires';
import { seedDemoEssays } from './essay';
import { env } from '../platform/config';

/** The seed marker: which demo accounts the first start made (nickname → user id) and the demo course. */
const seedMarkers = defineEntity('seed-marker', {
  accounts: z.record(z.string(), z.number()).default({}),
  demoCourseId: z.number().optional(),
  seededAt: z.string().optional(),
});

export interface SeedReport {
  seeded: boolean;
  accounts: Record<string, number>;
  /** E-mail → password of the accounts created by this start (only on the first start). */
  passwords?: Record<string, string>;
  demoCourseId?: number;
}

/** Seeds once per data directory; `content: false` is SEED=none (accounts only, random passwords unless `demoPasswords`). */
export async function seedIfEmpty(options: { content: boolean; demoPasswords?: boolean }): Promise<SeedReport> {
  // Test definitions and instruments are data files, refreshed on every start.
  await seedTests();
  const marker = await seedMarkers.get(keys.seedMarker(), { consistent: true });
  if (marker) return { seeded: false, accounts: marker.accounts };
  const { ids: accounts, passwords } = await seedAccounts(options.demoPasswords ?? options.content);
  await seedRegistrationGroups();
  let demoCourseId: number | undefined;
  if (options.content) {
    const content = await seedDemoContent();
    demoCourseId = content.first;
    await grantPermission(accounts.teacher!, demoCourseId, 'teacher');
    // The student has started Python basics and read the first chapter; two messages wait.
    await seedStudentCourse(accounts.student!, demoCourseId);
    await seedStartingScore(accounts.student!, { xp: 1200, coins: 35 });
    await seedWelcomeMessages(accounts.student!);
    await seedDemoLearners(env('SEED_LEARNERS'), await courseFacts(content.courses));
    // The demo teacher's class of 30 students in the demo course (issue 21).
    const classId = await seedDemoClass(accounts.teacher!, demoCourseId);
    await seedDemoQuestionnaire(accounts.admin!, classId, demoCourseId);
    await seedDemoEssays(accounts.teacher!, classId, content.courses);
    await seedDemoMessages(accounts.admin!, classId);
  }
  await seedMarkers.put({ ...keys.seedMarker(), accounts, demoCourseId, seededAt: new Date().toISOString() });
  return { seeded: true, accounts, passwords, demoCourseId };
}
