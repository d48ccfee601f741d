/**
 * Demo learners for the leaderboard: each has started some demo courses with progress, and their
 * XP and coins are exactly what that progress earned (XP = 10 × score, coins = score, the player's
 * rules), so the leaderboard's course detail explains every learner's XP.
 */
import { coinsForScore, xpForScore } from '@lectio/shared';
import { batchPut } from '../platform/db/batch';
import { nextIds } from '../platform/db/counters';
import { newUserItems } from '../accounts/users';
import { defaultRegistrationGroups } from '../accounts/registration-groups';
import { userCourseItem } from '../catalogue/items';
import { getCourse } from '../catalogue/store';
import { leaderCounterUpdate, leaderEntryItem, recountLeaderPartition, userPartitions, type LeaderCounterDeltas, type LeaderSource } from '../catalogue/leaderboard';
import { TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, table } from '../platform/db/client';
import { applied, type Key } from '../platform/db/operations';
import type { SeedStream } from '../platform/local/handlers';

/** What the seed needs to know of a demo course. */
export interface CourseFacts {
  course_id: number;
  area_id: number;
  content_count: number;
  task_count: number;
  program_count: number;
  max_score_task: number;
  max_score_program: number;
}

export interface LearnerCourse {
  course_id: number;
  area_id: number;
  content_passed: number;
  task_passed: number;
  program_passed: number;
  score_task: number;
  score_program: number;
}

/** Learner i's started courses (1 up to all, rotating) and how far they got in each (0-100 %). */
export function learnerCourses(i: number, courses: CourseFacts[]): LearnerCourse[] {
  if (courses.length === 0) return [];
  const started = 1 + (i % courses.length);
  return Array.from({ length: started }, (_, k) => {
    const course = courses[(i + k) % courses.length]!;
    const share = ((i * 37 + k * 53) % 101) / 100;
    const part = (total: number) => Math.round(share * total);
    return {
      course_id: course.course_id,
      area_id: course.area_id,
      content_passed: part(course.content_count),
      task_passed: part(course.task_count),
      program_passed: part(course.program_count),
      score_task: part(course.max_score_task),
      score_program: part(course.max_score_program),
    };
  });
}

/** XP and coins the progress earned, by the player's rules. */
export function earned(progress: LearnerCourse[]): { xp: number; coins: number } {
  const scores = progress.map((c) => c.score_task + c.score_program);
  return {
    xp: scores.reduce((sum, s) => sum + xpForScore(s), 0),
    coins: scores.reduce((sum, s) => sum + coinsForScore(s), 0),
  };
}

export async function courseFacts(courseIds: number[]): Promise<CourseFacts[]> {
  const items = await Promise.all(courseIds.map((id) => getCourse(id)));
  return items.map((c) => ({
    course_id: c.course_id,
    area_id: c.area_id,
    content_count: Number(c.content_count ?? 0),
    task_count: Number(c.task_count ?? 0),
    program_count: Number(c.program_count ?? 0),
    max_score_task: Number(c.max_score_task ?? 0),
    max_score_program: Number(c.max_score_program ?? 0),
  }));
}

/**
 * The demo learners to write: their ids, reserved at the first seed (in two counter updates, before the
 * demo class's), the facts of the courses they started and when. Kept in the seed marker until they are
 * written, so the items are the same whenever they are made (after `ready`, after a restart, from a
 * snapshot). `countersApplied`: how many of the partition counters' transactions are done.
 */
export interface LearnerPlan {
  count: number;
  firstUser: number;
  firstUserCourse: number;
  startedAt: string;
  courses: CourseFacts[];
  countersApplied: number;
  /** Set in the marker before the first item is written: a plan found with it set was stopped part-way. */
  startedWriting?: boolean;
}

/** Reserves the ids of `count` demo learners and their started courses (the same ranges as one by one). */
export async function planDemoLearners(count: number, courses: CourseFacts[], startedAt = new Date().toISOString()): Promise<LearnerPlan | undefined> {
  if (count === 0) return undefined;
  const startedCount = Array.from({ length: count }, (_, k) => learnerCourses(k + 1, courses).length).reduce((a, b) => a + b, 0);
  const firstUser = await nextIds('user', count);
  const firstUserCourse = startedCount ? await nextIds('user_course', startedCount) : 0;
  return { count, firstUser, firstUserCourse, startedAt, courses, countersApplied: 0 };
}

/** The demo learners' items and leaderboard sources, made from their plan (no reads, no writes). */
export interface DemoLearners {
  items: Array<Record<string, unknown>>;
  leaders: Array<{ user: LeaderSource; courses: Array<{ course_id: number; area_id: number }> }>;
}

/** Learners spread over countries and groups, so the leaderboard has pages to show. */
export function demoLearnerItems(plan: LearnerPlan): DemoLearners {
  const countries = [703, 203, 616, 724, 348, 528, 643, 826];
  const groups = defaultRegistrationGroups;
  const items: DemoLearners['items'] = [];
  const leaders: DemoLearners['leaders'] = [];
  let userCourseId = plan.firstUserCourse;
  for (let k = 0; k < plan.count; k++) {
    const i = k + 1;
    const started = learnerCourses(i, plan.courses);
    const nickname = `learner${String(i).padStart(3, '0')}`;
    const { user, items: userItems } = newUserItems(
      {
        email: `${nickname}@example.com`,
        password_hash: '!', // cannot log in
        role_id: 1,
        name: 'Learner',
        surname: String(i).padStart(3, '0'),
        nickname,
        yob: 2000 + (i % 10),
        country_id: countries[i % countries.length]!,
        pref_lang_id: 1 + (i % 8),
        lang_id: 1 + (i % 8),
        content_type_id: 1 + (i % 2),
        theme_id: 1,
        groups: groups[i % groups.length]!,
        confirmed: true,
        ...earned(started),
      },
      plan.firstUser + k,
      plan.startedAt,
    );
    items.push(...userItems);
    for (const c of started) {
      items.push({ ...userCourseItem({ userId: user.user_id, courseId: c.course_id, areaId: c.area_id, userCourseId: userCourseId++, startedAt: plan.startedAt }), ...c });
    }
    leaders.push({
      user: { user_id: user.user_id, nickname: user.nickname, xp: user.xp, country_id: user.country_id, groups: user.groups },
      courses: started.map((c) => ({ course_id: c.course_id, area_id: c.area_id })),
    });
  }
  return { items, leaders };
}

/** Writes new items in full batches of 25, 8 batches in flight. */
export async function inBatches(items: Array<Record<string, unknown>>): Promise<void> {
  const chunks = Array.from({ length: Math.ceil(items.length / 25) }, (_, c) => items.slice(c * 25, c * 25 + 25));
  for (let c = 0; c < chunks.length; c += 8) await Promise.all(chunks.slice(c, c + 8).map((chunk) => batchPut(chunk)));
}

/** Partition counters per transaction (with the marker's step: 25 items, DynamoDB Local's oldest limit). */
const COUNTERS_PER_STEP = 24;

/**
 * Writes the demo learners with their leaderboard entries and partition counters: what the leaderboard
 * projection writes for a new ranked learner (an entry per `userPartitions` partition, `leaderEntryItem`,
 * each partition's counter up by one), made with its own functions, in full batches. The local cloud's
 * stream passes over their records (`SeedStream.passOver`), which saves projecting ~200 learners one by one
 * at every first start; it goes on projecting the rest meanwhile.
 *
 * A plan written from its start (the first seed's, or a snapshot's, taken before any of it was written):
 * each step of counters moves the plan's `countersApplied` in the same transaction, on the condition that it
 * is where the step expects it, so a step is never applied twice; the last step removes the plan.
 *
 * A plan found `startedWriting` was stopped part-way (Ctrl-C reaches DynamoDB Local too): what it wrote may
 * still be in the stream, and a record read before this start passed over it is projected as a new learner.
 * So the items are written again, the stream is drained, and the counters of the learners' partitions are
 * recounted from their entries (`recountLeaderPartition`): every learner is counted once, whatever the
 * stopped start had done.
 */
export async function writeDemoLearners(plan: LearnerPlan, stream: SeedStream, marker: Key): Promise<void> {
  const { items, leaders } = demoLearnerItems(plan);
  const counters: LeaderCounterDeltas = new Map();
  const entries = leaders.flatMap(({ user, courses }) => {
    const parts = userPartitions(user, courses);
    for (const p of parts) counters.set(p, (counters.get(p) ?? 0) + 1);
    return parts.map((p) => leaderEntryItem(p, user, parts));
  });
  const all = [...items, ...entries];
  const removePlan = () =>
    applied(db.send(new UpdateCommand({ TableName: table(), Key: marker, UpdateExpression: 'REMOVE learnerPlan', ConditionExpression: 'attribute_exists(learnerPlan)' })));
  const resumed = plan.startedWriting === true;
  if (!resumed) {
    const marked = await applied(
      db.send(
        new UpdateCommand({
          TableName: table(),
          Key: marker,
          UpdateExpression: 'SET learnerPlan.startedWriting = :t',
          ConditionExpression: 'attribute_exists(learnerPlan)',
          ExpressionAttributeValues: { ':t': true },
        }),
      ),
    );
    if (!marked) return; // written already
  }
  await stream.passOver(all, () => inBatches(all));
  if (resumed) {
    await stream.drain();
    for (const partition of counters.keys()) await recountLeaderPartition(partition);
    await removePlan();
    return;
  }
  const deltas = [...counters];
  const steps = Array.from({ length: Math.ceil(deltas.length / COUNTERS_PER_STEP) }, (_, n) => deltas.slice(n * COUNTERS_PER_STEP, (n + 1) * COUNTERS_PER_STEP));
  for (let n = plan.countersApplied; n < steps.length; n++) {
    const last = n === steps.length - 1;
    const done = await applied(
      db.send(
        new TransactWriteCommand({
          TransactItems: [
            ...steps[n]!.map(([p, delta]) => ({ Update: leaderCounterUpdate(p, delta) })),
            {
              Update: {
                TableName: table(),
                Key: marker,
                UpdateExpression: last ? 'REMOVE learnerPlan' : 'SET learnerPlan.countersApplied = :next',
                ConditionExpression: 'learnerPlan.countersApplied = :at',
                ExpressionAttributeValues: last ? { ':at': n } : { ':at': n, ':next': n + 1 },
              },
            },
          ],
        }),
      ),
    );
    if (!done) return; // another start wrote them
  }
  if (steps.length === 0) await removePlan();
}
