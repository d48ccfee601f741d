/**
 * First-start seeding: three demo accounts always, the demo course unless SEED=none. Idempotent:
 * a marker item records that seeding happened, so restarts never duplicate content. Each domain
 * seeds its own items (accounts/seed.ts, catalogue/seed.ts, messages/seed.ts) with the item
 * builders its domain code uses; this module only orders them.
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { db, table } from '../db/client';
import { keys } from '../db/keys';
import { grantPermission } from '../auth/course-grants';
import { seedAccounts, seedDemoLearners, seedRegistrationGroups } from '../../accounts/seed';
import { updateUser } from '../../accounts/users';
import { seedDemoContent, seedStudentCourse } from '../../catalogue/seed';
import { seedWelcomeMessages } from '../../messages/seed';
import { seedTests } from '../../tests/seed';

export interface SeedReport {
  seeded: boolean;
  accounts: Record<string, number>;
  demoCourseId?: number;
}

/** Seeds once per data directory; `content: false` is SEED=none (accounts only). */
export async function seedIfEmpty(options: { content: boolean }): Promise<SeedReport> {
  // Test definitions and instruments are data files, refreshed on every start.
  await seedTests();
  const marker = await db.send(new GetCommand({ TableName: table(), Key: keys.seedMarker(), ConsistentRead: true }));
  if (marker.Item) return { seeded: false, accounts: (marker.Item.accounts as Record<string, number>) ?? {} };
  const accounts = await seedAccounts();
  await seedRegistrationGroups();
  let demoCourseId: number | undefined;
  if (options.content) {
    demoCourseId = await seedDemoContent();
    await grantPermission(accounts.teacher!, demoCourseId, 'teacher');
    // The student has started Python basics and read the first chapter; two messages wait.
    await seedStudentCourse(accounts.student!, demoCourseId);
    await updateUser(accounts.student!, { xp: 1200, coins: 35 });
    await seedWelcomeMessages(accounts.student!);
    await seedDemoLearners(Number(process.env.SEED_LEARNERS ?? 180));
  }
  await db.send(
    new PutCommand({
      TableName: table(),
      Item: { ...keys.seedMarker(), accounts, demoCourseId, seededAt: new Date().toISOString() },
    }),
  );
  return { seeded: true, accounts, demoCourseId };
}
