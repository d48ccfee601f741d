/**
 * A data directory's first seed (demo/seed.ts decides when): the demo accounts, and the demo content unless
 * SEED=none. Loaded only then, so a start with seeded data does not load the demo content.
 */
import { grantPermission } from '../platform/auth/course-grants';
import { seedAccounts, seedRegistrationGroups, seedStartingScore } from '../accounts/seed';
import { seedDemoContent, seedStudentCourse } from './catalogue';
import { buildDemoLearners, courseFacts, writeDemoLearners } from './learners';
import { seedWelcomeMessages } from '../messages/seed';
import { seedDemoClass } from './class';
import { seedDemoMessages } from './messages';
import { seedDemoQuestionnaire } from './questionnaires';
import { seedDemoEssays } from './essay';
import { env } from '../platform/config';
import type { SeedStream } from '../platform/local/handlers';

export async function seedFirstStart(
  options: { content: boolean; demoPasswords?: boolean },
  stream: SeedStream,
): Promise<{ accounts: Record<string, number>; passwords: Record<string, string>; demoCourseId?: number }> {
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
    // The demo learners with their leaderboard entries: the stream passes over them (it has projected
    // little so far, so the pass waits for little; the class below is projected while it is written).
    const learners = await buildDemoLearners(env('SEED_LEARNERS'), await courseFacts(content.courses));
    await stream.passOver(() => writeDemoLearners(learners));
    // The demo teacher's class of 30 students in the demo course (issue 21).
    const classId = await seedDemoClass(accounts.teacher!, demoCourseId);
    await seedDemoQuestionnaire(accounts.admin!, classId, demoCourseId);
    await seedDemoEssays(accounts.teacher!, classId, content.courses);
    await seedDemoMessages(accounts.admin!, classId);
  }
  return { accounts, passwords, demoCourseId };
}
