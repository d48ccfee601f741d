/**
 * A data directory's first seed (demo/seed.ts decides when): the demo accounts, and the demo content unless
 * SEED=none. Loaded only then, so a start with seeded data does not load the demo content.
 */
import { grantPermission } from '../platform/auth/course-grants';
import { seedAccounts, seedRegistrationGroups, seedStartingScore } from '../accounts/seed';
import { seedDemoContent, seedStudentCourse } from './catalogue';
import { courseFacts, planDemoLearners, type LearnerPlan } from './learners';
import { seedWelcomeMessages } from '../messages/seed';
import { seedDemoClass } from './class';
import { seedDemoMessages } from './messages';
import { seedDemoQuestionnaire } from './questionnaires';
import { seedDemoEssays } from './essay';
import { env } from '../platform/config';

export async function seedFirstStart(
  options: { content: boolean; demoPasswords?: boolean },
): Promise<{ accounts: Record<string, number>; passwords: Record<string, string>; demoCourseId?: number; learnerPlan?: LearnerPlan }> {
  // Steps that share nothing run at once (DynamoDB Local works while this process builds the next request);
  // each kind of id is still taken in the same order, so the demo's ids do not change.
  const [{ ids: accounts, passwords }, , content] = await Promise.all([
    seedAccounts(options.demoPasswords ?? options.content),
    seedRegistrationGroups(),
    options.content ? seedDemoContent() : undefined,
  ]);
  if (!content) return { accounts, passwords };
  const demoCourseId = content.first;
  await grantPermission(accounts.teacher!, demoCourseId, 'teacher');
  // The student has started Python basics and read the first chapter; two messages wait.
  await seedStudentCourse(accounts.student!, demoCourseId);
  await seedStartingScore(accounts.student!, { xp: 1200, coins: 35 });
  await seedWelcomeMessages(accounts.student!);
  // The demo learners' ids are taken before the class's; they are written once the cloud is ready
  // (demo/seed.ts: about a third of a first start's seeding).
  const learnerPlan = await planDemoLearners(env('SEED_LEARNERS'), await courseFacts(content.courses));
  // The demo teacher's class of 30 students in the demo course (issue 21), projected by the stream.
  const classId = await seedDemoClass(accounts.teacher!, demoCourseId);
  // Each takes ids of its own kinds (questionnaires, tasks and essay attempts, messages) and writes items
  // of its own, so they run at once.
  await Promise.all([
    seedDemoQuestionnaire(accounts.admin!, classId, demoCourseId),
    seedDemoEssays(accounts.teacher!, classId, content.courses),
    seedDemoMessages(accounts.admin!, classId),
  ]);
  return { accounts, passwords, demoCourseId, learnerPlan };
}
