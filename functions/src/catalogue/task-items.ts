/**
 * The stored task (spec/2 §3 "Task (all languages)"): one item per task in its course's partition,
 * with every language's content in `contents` and one `globals` text. Used by authoring (editors,
 * task list) and the player. Item builder and the two reads every domain needs.
 *
 * Item: pk=COURSE#{courseId}, sk=TASK#{id}; GSI2 TASK#{id} (by id); GSI1 LESSONTASKS#{lessonId}
 * (tasks of a lesson). Edit lock: `lck_user` + `lck_until` (epoch seconds) on the item itself, so a
 * save can be conditioned on holding an unexpired lock in the same write.
 */
import { GSI1, GSI2 } from '../platform/db/schema';
import { tasks, type TaskItem } from './entities';
import type { StoredOf } from '../platform/db/entity';
import { keys, nowSeconds } from '../platform/db/keys';
import { NotFound } from '../platform/http/errors';
import { catalogueKeys } from './keys';

export type { TaskItem };

export function taskItem(t: Omit<TaskItem, 'updated_at'> & { updated_at?: string }): StoredOf<typeof tasks> & TaskItem {
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
  const { items } = await tasks.queryPage({
    IndexName: GSI2,
    KeyConditionExpression: 'gsi2pk = :k',
    ExpressionAttributeValues: { ':k': keys.byIdPartition('TASK', taskId) },
  });
  return items[0] ?? null;
}

/** Tasks of a lesson in task order (GSI1). */
export async function listLessonTasks(lessonId: number): Promise<TaskItem[]> {
  const items = await tasks.queryAll({
    IndexName: GSI1,
    KeyConditionExpression: 'gsi1pk = :k',
    ExpressionAttributeValues: { ':k': catalogueKeys.lessonTasks(lessonId) },
  });
  return items.sort((a, b) => a.task_order - b.task_order || a.task_id - b.task_id);
}

/** Someone else holds an unexpired edit lock. */
export const lockedByOther = (t: Pick<TaskItem, 'lck_user' | 'lck_until'>, userId: number, now = nowSeconds()) =>
  t.lck_user !== undefined && t.lck_user !== null && t.lck_user !== userId && Number(t.lck_until ?? 0) > now;
