/**
 * The stored task (spec/2 §3 "Task (all languages)"): one item per task in its course's partition,
 * with every language's content in `contents` and one `globals` text. Used by authoring (editors,
 * task list) and the player. Item builder and the two reads every domain needs.
 *
 * Item: pk=COURSE#{courseId}, sk=TASK#{id}; GSI2 TASK#{id} (by id); GSI1 LESSONTASKS#{lessonId}
 * (tasks of a lesson). Edit lock: `lck_user` + `lck_until` (epoch seconds) on the item itself, so a
 * save can be conditioned on holding an unexpired lock in the same write.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { db, table } from '../platform/db/client';
import { GSI1, GSI2 } from '../platform/db/schema';
import { keys, nowSeconds } from '../platform/db/keys';
import { NotFound } from '../platform/http/errors';
import { catalogueKeys } from './keys';

export interface TaskItem {
  task_id: number;
  course_id: number;
  chapter_id: number;
  lesson_id: number;
  task_type_id: number;
  task_order: number;
  /** Kept as text, as the original platform sends it ("0" for content). */
  max_score: string;
  /** JSON text shared by all languages (ratings, flags, file names); '' when none. */
  globals: string;
  /** Content per language id ('1'..'8'): HTML for type 1, JSON text otherwise. */
  contents: Record<string, string>;
  /** Visibility per language id: 1 shown, 0 hidden. */
  visible: Record<string, number>;
  lck_user?: number;
  lck_until?: number;
  updated_at?: string;
}

export function taskItem(t: Omit<TaskItem, 'updated_at'> & { updated_at?: string }): Record<string, unknown> {
  return {
    ...catalogueKeys.task(t.course_id, t.task_id),
    ...keys.byId('TASK', t.task_id),
    ...catalogueKeys.taskInLesson(t.lesson_id, t.task_id),
    type: 'task',
    ...t,
    updated_at: t.updated_at ?? new Date().toISOString(),
  };
}

export const maxScoreOf = (t: Pick<TaskItem, 'max_score'>) => Number(t.max_score) || 0;

/** A task by id (GSI2); NotFound when it does not exist. */
export async function getTask(taskId: number): Promise<TaskItem> {
  const task = await findTask(taskId);
  if (!task) throw new NotFound('Task not found.');
  return task;
}

export async function findTask(taskId: number): Promise<TaskItem | null> {
  const out = await db.send(
    new QueryCommand({
      TableName: table(),
      IndexName: GSI2,
      KeyConditionExpression: 'gsi2pk = :k',
      ExpressionAttributeValues: { ':k': keys.byIdPartition('TASK', taskId) },
    }),
  );
  return (out.Items?.[0] as TaskItem | undefined) ?? null;
}

/** Tasks of a lesson in task order (GSI1). */
export async function listLessonTasks(lessonId: number): Promise<TaskItem[]> {
  const items: TaskItem[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const out = await db.send(
      new QueryCommand({
        TableName: table(),
        IndexName: GSI1,
        KeyConditionExpression: 'gsi1pk = :k',
        ExpressionAttributeValues: { ':k': catalogueKeys.lessonTasks(lessonId) },
        ExclusiveStartKey,
      }),
    );
    items.push(...((out.Items ?? []) as TaskItem[]));
    ExclusiveStartKey = out.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items.sort((a, b) => a.task_order - b.task_order || a.task_id - b.task_id);
}

/** Someone else holds an unexpired edit lock. */
export const lockedByOther = (t: Pick<TaskItem, 'lck_user' | 'lck_until'>, userId: number, now = nowSeconds()) =>
  t.lck_user !== undefined && t.lck_user !== null && t.lck_user !== userId && Number(t.lck_until ?? 0) > now;
