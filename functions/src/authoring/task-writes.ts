/**
 * Counted task writes: every write that adds, removes, moves or re-types a task goes through here, so
 * the lesson, chapter and course counters change in the same transaction as the task (see counts.ts).
 * The task editors (issue 11) save through `insertTask` and `replaceTask` too.
 *
 * Each write is conditioned on the task still being what the writer counted (type, score, lesson):
 * a concurrent change fails the transaction (409) instead of counting twice.
 */
import { TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, table } from '../platform/db/client';
import { playerKeys } from '../player';
import { batchDelete } from '../platform/db/batch';
import { Conflict } from '../platform/http/errors';
import { taskItem, type TaskItem } from '../catalogue';
import { countUpdates, countedStateCondition, type ChapterTypes } from '../catalogue';
import { courseUserIds } from '../catalogue';
import { catalogueKeys } from '../catalogue';

export interface CourseRef {
  course_id: number;
  area_id: number;
}

/** Tasks per transaction: each chunk also updates up to a few lessons, chapters and the course. */
const CHUNK = 40;
const CHANGED = 'The content changed meanwhile. Reload and try again.';

async function transact(items: Array<Record<string, unknown>>) {
  try {
    await db.send(new TransactWriteCommand({ TransactItems: items as never }));
  } catch (error) {
    if ((error as Error).name === 'TransactionCanceledException') throw new Conflict(CHANGED);
    throw error;
  }
}

const chunks = <T>(list: T[], size = CHUNK) => Array.from({ length: Math.ceil(list.length / size) }, (_, i) => list.slice(i * size, (i + 1) * size));

/** Adds new tasks (ids already taken) with their counts. */
export async function insertTasks(tasks: TaskItem[], course: CourseRef, chapterTypes: ChapterTypes) {
  for (const part of chunks(tasks)) {
    await transact([
      ...part.map((t) => ({ Put: { TableName: table(), Item: taskItem(t), ConditionExpression: 'attribute_not_exists(pk)' } })),
      ...countUpdates(part.map((task) => ({ task, sign: 1 as const })), course, chapterTypes),
    ]);
  }
}

export const insertTask = (task: TaskItem, course: CourseRef, chapterTypes: ChapterTypes) => insertTasks([task], course, chapterTypes);

/**
 * Replaces a task by a new version (editor save: type, max score, contents, globals). The counts
 * move from the old version to the new one; `before` is the version the editor loaded.
 */
export async function replaceTask(before: TaskItem, after: TaskItem, course: CourseRef, chapterTypes: ChapterTypes) {
  const cond = countedStateCondition(before);
  await transact([
    {
      Put: {
        TableName: table(),
        Item: taskItem(after),
        ConditionExpression: cond.ConditionExpression,
        ExpressionAttributeValues: cond.values,
      },
    },
    ...countUpdates(
      [
        { task: before, sign: -1 },
        { task: after, sign: 1 },
      ],
      course,
      chapterTypes,
    ),
  ]);
}

/**
 * Deletes tasks with their counts, bottom-up and resumable: learners' progress on the tasks first
 * (so it no longer counts; the progress projection recounts each learner), then the tasks in counted
 * transactions. Repeating a half-done delete finishes it.
 */
export async function deleteTasks(tasks: TaskItem[], course: CourseRef, chapterTypes: ChapterTypes) {
  if (tasks.length === 0) return;
  const users = await courseUserIds(course.course_id);
  await batchDelete(users.flatMap((u) => tasks.map((t) => playerKeys.taskProgress(u, course.course_id, t.task_id))));
  for (const part of chunks(tasks)) {
    await transact([
      ...part.map((t) => {
        const cond = countedStateCondition(t);
        return { Delete: { TableName: table(), Key: catalogueKeys.task(t.course_id, t.task_id), ConditionExpression: cond.ConditionExpression, ExpressionAttributeValues: cond.values } };
      }),
      ...countUpdates(part.map((task) => ({ task, sign: -1 as const })), course, chapterTypes),
    ]);
  }
}

/** Moves tasks to another lesson of the same course (appended in their order); counts follow. */
export async function moveTasks(
  tasks: TaskItem[],
  target: { lesson_id: number; chapter_id: number; firstOrder: number },
  course: CourseRef,
  chapterTypes: ChapterTypes,
) {
  let order = target.firstOrder;
  for (const part of chunks(tasks)) {
    const moved = part.map((t) => ({ ...t, lesson_id: target.lesson_id, chapter_id: target.chapter_id, task_order: order++ }));
    await transact([
      ...part.map((t, i) => {
        const cond = countedStateCondition(t);
        const m = moved[i]!;
        const gsi = catalogueKeys.taskInLesson(m.lesson_id, m.task_id);
        return {
          Update: {
            TableName: table(),
            Key: catalogueKeys.task(t.course_id, t.task_id),
            UpdateExpression: 'SET lesson_id = :nl, chapter_id = :nc, task_order = :no, gsi1pk = :g1, gsi1sk = :g2, updated_at = :at',
            ConditionExpression: cond.ConditionExpression,
            ExpressionAttributeValues: {
              ...cond.values,
              ':nl': m.lesson_id,
              ':nc': m.chapter_id,
              ':no': m.task_order,
              ':g1': gsi.gsi1pk,
              ':g2': gsi.gsi1sk,
              ':at': new Date().toISOString(),
            },
          },
        };
      }),
      ...countUpdates([...part.map((task) => ({ task, sign: -1 as const })), ...moved.map((task) => ({ task, sign: 1 as const }))], course, chapterTypes),
    ]);
  }
  // Learners' progress items carry the lesson and chapter: keep them in step, so aggregates follow.
  const users = await courseUserIds(course.course_id);
  await Promise.all(users.map((u) => moveProgress(u, course.course_id, tasks, target)));
}

async function moveProgress(userId: number, courseId: number, tasks: TaskItem[], target: { lesson_id: number; chapter_id: number }) {
  for (const t of tasks) {
    try {
      await db.send(
        new UpdateCommand({
          TableName: table(),
          Key: playerKeys.taskProgress(userId, courseId, t.task_id),
          UpdateExpression: 'SET lesson_id = :l, chapter_id = :c',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':l': target.lesson_id, ':c': target.chapter_id },
        }),
      );
    } catch (error) {
      if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
    }
  }
}
