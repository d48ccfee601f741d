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
import type { ItemChange } from '../platform/streams/projection';
import { batchPut } from '../platform/db/batch';
import { conditionFailed } from '../platform/db/operations';
import { playerKeys } from './keys';
import { progressTotals, taskAttempts, taskProgress, type ProgressTotals, type TaskProgressItem } from './entities';
import { catalogueKeys, userCourses } from '../catalogue';
import type { StoredOf } from '../platform/db/entity';
const round2 = (v: number) => Math.round(v * 100) / 100;

export type ProgressCounts = {
  tasks_finished: number;
  programs_finished: number;
  contents_finished: number;
  score_task: number;
  score_program: number;
};
const zero = (): ProgressCounts => ({ tasks_finished: 0, programs_finished: 0, contents_finished: 0, score_task: 0, score_program: 0 });

function add(c: ProgressCounts, p: ProgressTotals) {
  const passed = p.passed === 1;
  if (p.kind === 'content') c.contents_finished += passed ? 1 : 0;
  else if (p.kind === 'program') {
    c.programs_finished += passed ? 1 : 0;
    c.score_program = round2(c.score_program + p.score);
  } else {
    c.tasks_finished += passed ? 1 : 0;
    c.score_task = round2(c.score_task + p.score);
  }
}

/** Pure: the aggregates of a learner's course from its progress items. */
export function aggregate(items: ProgressTotals[]) {
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
  taskProgress.queryPrefix(playerKeys.progressInCourse(userId, courseId));

/** Recomputes and stores a learner's course aggregates (no-op when the course was not started). */
export async function recountUserCourse(userId: number, courseId: number) {
  // Only what the aggregates sum (the attempt's answer and the rest stay in DynamoDB).
  const items = await progressTotals.queryPrefix(playerKeys.progressInCourse(userId, courseId), {
    ConsistentRead: true,
    ProjectionExpression: '#passed, #score, #chapter, #lesson, #kind',
    ExpressionAttributeNames: { '#passed': 'passed', '#score': 'score', '#chapter': 'chapter_id', '#lesson': 'lesson_id', '#kind': 'kind' },
  });
  const { course, chapters, lessons } = aggregate(items);
  try {
    await userCourses.update(catalogueKeys.userCourse(userId, courseId), {
      set: {
        content_passed: course.contents_finished,
        task_passed: course.tasks_finished,
        program_passed: course.programs_finished,
        score_task: course.score_task,
        score_program: course.score_program,
        chapters,
        lessons,
      },
      condition: 'attribute_exists(pk)',
    });
  } catch (error) {
    if (!conditionFailed(error)) throw error;
  }
}

/** What in a progress change matters for the aggregates. */
const aggregateFields = ['passed', 'score', 'chapter_id', 'lesson_id', 'kind'] as const;

/** The attempt-log item a progress change records (an evaluation counted one more attempt), or null. */
function attemptOf(b: TaskProgressItem | null, a: TaskProgressItem | null): StoredOf<typeof taskAttempts> | null {
  if (!a || a.attempts <= (b?.attempts ?? 0) || !a.last_at) return null;
  return {
    ...playerKeys.taskAttempt(a.user_id, a.task_id, a.attempts),
    type: 'task-attempt',
    user_id: a.user_id,
    task_id: a.task_id,
    course_id: a.course_id,
    attempt: a.attempts,
    time_stamp: a.last_at,
    score: a.last_score ?? 0,
    rating: a.last_rating ?? 0,
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
    if ((after ?? before)?.type !== 'task-progress') continue;
    const b = taskProgress.parseOrNull(before);
    const a = taskProgress.parseOrNull(after);
    const item = (a ?? b)!;
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
