/**
 * Stream projection of the player's task progress into the learners' lesson summaries (LPROG), which
 * the tasks table reads with one BatchGet key per learner.
 *
 * Each summary entry is SET to the progress item's new values (best score, passed, attempts), never
 * added to, so a repeated, reordered or retried batch converges to the last image of every task; a
 * removed progress item removes its entry. A batch's changes are coalesced into one write per learner
 * and lesson. The summary is created on its first change (a conditional put), then updated in place.
 */
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { taskKind } from '@lectio/shared';
import type { ItemChange } from '../platform/streams/projection';
import { db, table } from '../platform/db/client';
import { conditionFailed } from '../platform/db/operations';
import { teachingKeys } from './keys';
import { lessonProgress, type LessonTaskCell } from './entities';

/** What the tasks table shows of a progress item. */
export interface ProgressImage {
  user_id: number;
  course_id: number;
  lesson_id: number;
  task_id: number;
  task_type_id: number;
  kind?: string;
  score: number;
  passed: number;
  attempts: number;
}

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

/** A stream image of a TPROG item, or null for any other item. */
export function progressImage(image: Record<string, unknown> | undefined): ProgressImage | null {
  if (!image || image.type !== 'task-progress') return null;
  return {
    user_id: num(image.user_id),
    course_id: num(image.course_id),
    lesson_id: num(image.lesson_id),
    task_id: num(image.task_id),
    task_type_id: num(image.task_type_id),
    kind: typeof image.kind === 'string' ? image.kind : undefined,
    score: num(image.score),
    passed: num(image.passed),
    attempts: num(image.attempts),
  };
}

/** Pure: the summary cell of a progress item (g: 0 quiz task, 1 program, 2 content). */
export function cellOf(p: ProgressImage): LessonTaskCell {
  const kind = p.kind ?? taskKind(p.task_type_id);
  return { s: p.score, p: p.passed, a: p.attempts, g: kind === 'program' ? 1 : kind === 'content' ? 2 : 0 };
}

interface LessonChanges {
  userId: number;
  courseId: number;
  lessonId: number;
  /** task id → the new cell, or null when the progress item was removed. */
  cells: Map<number, LessonTaskCell | null>;
}

/** Pure: a batch's changes grouped by learner and lesson, the last image of each task winning. */
export function lessonChangesOf(changes: ItemChange[]): LessonChanges[] {
  const byLesson = new Map<string, LessonChanges>();
  for (const { before, after } of changes) {
    const b = progressImage(before);
    const a = progressImage(after);
    const item = a ?? b;
    if (!item || item.lesson_id <= 0) continue;
    if (a && b && cellOf(a).s === cellOf(b).s && a.passed === b.passed && a.attempts === b.attempts && a.lesson_id === b.lesson_id) continue;
    const touch = (p: ProgressImage, cell: LessonTaskCell | null) => {
      const key = `${p.user_id}#${p.course_id}#${p.lesson_id}`;
      const entry = byLesson.get(key) ?? { userId: p.user_id, courseId: p.course_id, lessonId: p.lesson_id, cells: new Map() };
      entry.cells.set(p.task_id, cell);
      byLesson.set(key, entry);
    };
    // A task moved to another lesson leaves the old lesson's summary.
    if (b && a && b.lesson_id !== a.lesson_id) touch(b, null);
    touch(item, a ? cellOf(a) : null);
  }
  return [...byLesson.values()];
}

/**
 * SETs (or REMOVEs, for null) entries of an item's `tasks` map in place; when the item does not exist
 * yet, puts `first()` (the full item) instead, conditioned on its absence, and updates in place if it
 * appeared meanwhile. Entries are absolute values, so a replayed change writes the same.
 */
export async function writeTaskMap(
  key: { pk: string; sk: string },
  cells: Map<number, object | null>,
  first: () => Promise<Record<string, unknown> | null>,
): Promise<void> {
  const sets: string[] = [];
  const removes: string[] = [];
  const names: Record<string, string> = { '#tasks': 'tasks' };
  const values: Record<string, unknown> = {};
  [...cells].forEach(([taskId, cell], i) => {
    names[`#t${i}`] = String(taskId);
    if (cell) {
      sets.push(`#tasks.#t${i} = :c${i}`);
      values[`:c${i}`] = cell;
    } else removes.push(`#tasks.#t${i}`);
  });
  const expression = [sets.length ? `SET ${sets.join(', ')}` : '', removes.length ? `REMOVE ${removes.join(', ')}` : ''].filter(Boolean).join(' ');
  for (let tries = 0; tries < 3; tries++) {
    try {
      await db.send(
        new UpdateCommand({
          TableName: table(),
          Key: key,
          UpdateExpression: expression,
          ConditionExpression: 'attribute_exists(#tasks)',
          ExpressionAttributeNames: names,
          ...(Object.keys(values).length ? { ExpressionAttributeValues: values } : {}),
        }),
      );
      return;
    } catch (error) {
      if (!conditionFailed(error)) throw error;
    }
    const item = await first();
    if (!item) return;
    try {
      await db.send(new PutCommand({ TableName: table(), Item: { ...item, ...key }, ConditionExpression: 'attribute_not_exists(pk)' }));
      return;
    } catch (error) {
      // Created meanwhile by another batch: update it in place.
      if (!conditionFailed(error)) throw error;
    }
  }
}

/** Writes one lesson summary's changes (created with the cells of this batch). */
async function writeLesson({ userId, courseId, lessonId, cells }: LessonChanges): Promise<void> {
  const key = teachingKeys.lessonProgress(userId, courseId, lessonId);
  await writeTaskMap(key, cells, async () => {
    const tasks = Object.fromEntries([...cells].filter(([, c]) => c).map(([t, c]) => [String(t), c!]));
    // Only removals of a summary that does not exist: nothing to write.
    if (!Object.keys(tasks).length) return null;
    return lessonProgress.parse({ ...key, type: 'lesson-progress', user_id: userId, course_id: courseId, lesson_id: lessonId, tasks });
  });
}

/** Projection of a batch: one write per learner and lesson whose tasks changed, a few at a time. */
export async function projectLessonProgress(changes: ItemChange[]): Promise<void> {
  const pending = lessonChangesOf(changes);
  const worker = async () => {
    for (let next = pending.shift(); next; next = pending.shift()) await writeLesson(next);
  };
  await Promise.all(Array.from({ length: Math.min(4, pending.length) }, worker));
}
