/**
 * Stream projections of task progress: the learner's course, chapter and lesson aggregates (the
 * course page, lesson list and dashboard read them), and the attempt log (get-my-answers).
 *
 * The aggregates are recomputed from the learner's progress items of the course (one consistent
 * Query, bounded by the course's task count, once per learner's course in a stream batch) and SET
 * absolutely, so a repeated, reordered or retried stream record always converges to the same, exact
 * figures. Attempt items have deterministic
 * keys (task + attempt number), so a replay rewrites the same item.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ItemChange } from '../platform/streams/projection';
import { batchPut } from '../platform/db/batch';
import { db, table } from '../platform/db/client';
import { queryPrefix } from '../platform/db/operations';
import { playerKeys } from './keys';
import type { TaskProgressItem } from './progress';
import { catalogueKeys } from '../catalogue';

const n = (v: unknown) => Number(v ?? 0);
const round2 = (v: number) => Math.round(v * 100) / 100;

export interface ProgressCounts {
  tasks_finished: number;
  programs_finished: number;
  contents_finished: number;
  score_task: number;
  score_program: number;
}
const zero = (): ProgressCounts => ({ tasks_finished: 0, programs_finished: 0, contents_finished: 0, score_task: 0, score_program: 0 });

function add(c: ProgressCounts, p: TaskProgressItem) {
  const passed = n(p.passed) === 1;
  if (p.kind === 'content') c.contents_finished += passed ? 1 : 0;
  else if (p.kind === 'program') {
    c.programs_finished += passed ? 1 : 0;
    c.score_program = round2(c.score_program + n(p.score));
  } else {
    c.tasks_finished += passed ? 1 : 0;
    c.score_task = round2(c.score_task + n(p.score));
  }
}

/** Pure: the aggregates of a learner's course from its progress items. */
export function aggregate(items: TaskProgressItem[]) {
  const course = zero();
  const chapters: Record<string, ProgressCounts> = {};
  const lessons: Record<string, ProgressCounts> = {};
  for (const p of items) {
    add(course, p);
    add((chapters[String(p.chapter_id)] ??= zero()), p);
    add((lessons[String(p.lesson_id)] ??= zero()), p);
  }
  return { course, chapters, lessons };
}

export const listCourseProgress = (userId: number, courseId: number) =>
  queryPrefix<TaskProgressItem>(playerKeys.progressInCourse(userId, courseId));

/** Recomputes and stores a learner's course aggregates (no-op when the course was not started). */
export async function recountUserCourse(userId: number, courseId: number) {
  // Only what the aggregates sum (the attempt's answer and the rest stay in DynamoDB).
  const items = await queryPrefix<TaskProgressItem>(playerKeys.progressInCourse(userId, courseId), {
    ConsistentRead: true,
    ProjectionExpression: '#passed, #score, #chapter, #lesson, #kind',
    ExpressionAttributeNames: { '#passed': 'passed', '#score': 'score', '#chapter': 'chapter_id', '#lesson': 'lesson_id', '#kind': 'kind' },
  });
  const { course, chapters, lessons } = aggregate(items);
  try {
    await db.send(
      new UpdateCommand({
        TableName: table(),
        Key: catalogueKeys.userCourse(userId, courseId),
        UpdateExpression:
          'SET content_passed = :cp, task_passed = :tp, program_passed = :pp, score_task = :st, score_program = :sp, chapters = :ch, lessons = :ls',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: {
          ':cp': course.contents_finished,
          ':tp': course.tasks_finished,
          ':pp': course.programs_finished,
          ':st': course.score_task,
          ':sp': course.score_program,
          ':ch': chapters,
          ':ls': lessons,
        },
      }),
    );
  } catch (error) {
    if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
  }
}

/** What in a progress change matters for the aggregates. */
const aggregateFields = ['passed', 'score', 'chapter_id', 'lesson_id', 'kind'] as const;

/** The attempt-log item a progress change records (an evaluation counted one more attempt), or null. */
function attemptOf(b: TaskProgressItem | undefined, a: TaskProgressItem | undefined) {
  if (!a || n(a.attempts) <= n(b?.attempts) || !a.last_at) return null;
  return {
    ...playerKeys.taskAttempt(a.user_id, a.task_id, n(a.attempts)),
    type: 'task-attempt',
    user_id: a.user_id,
    task_id: a.task_id,
    course_id: a.course_id,
    attempt: n(a.attempts),
    time_stamp: a.last_at,
    score: n(a.last_score),
    rating: n(a.last_rating),
    answer: a.last_answer ?? '',
  };
}

/**
 * Projection of a batch of changes: every new attempt is logged (batched writes), and each learner's
 * course whose aggregates a change touches is recounted once, after the whole batch.
 */
export async function projectTaskProgress(changes: ItemChange[]) {
  const attempts = new Map<string, Record<string, unknown>>();
  const courses = new Map<string, { userId: number; courseId: number }>();
  for (const { before, after } of changes) {
    const item = (after ?? before) as unknown as TaskProgressItem | undefined;
    if (!item || (after ?? before)?.type !== 'task-progress') continue;
    const b = before as unknown as TaskProgressItem | undefined;
    const a = after as unknown as TaskProgressItem | undefined;
    const attempt = attemptOf(b, a);
    if (attempt) attempts.set(`${attempt.pk}|${attempt.sk}`, attempt);
    if (!b || !a || aggregateFields.some((f) => b[f] !== a[f])) {
      courses.set(`${item.user_id}#${item.course_id}`, { userId: item.user_id, courseId: item.course_id });
    }
  }
  await batchPut([...attempts.values()]);
  const pending = [...courses.values()];
  // A few recounts at a time: each is a Query and an Update of one learner's course.
  const worker = async () => {
    for (let next = pending.shift(); next; next = pending.shift()) await recountUserCourse(next.userId, next.courseId);
  };
  await Promise.all(Array.from({ length: Math.min(4, pending.length) }, worker));
}
