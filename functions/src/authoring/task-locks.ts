/**
 * Edit locks of tasks (spec/2 §4, §8, §9): 1800 s, held on the task item (`lck_user`, `lck_until`).
 * Taking, renewing and releasing are conditional updates, and a save is conditioned on the lock in
 * the same write, so the server alone decides who may save. An expired lock is free for anyone.
 */
import { LOCK_SECONDS, LOCK_NO_PERMISSION, LOCK_TAKEN_OVER, LOCK_TASK_DELETED } from '@lectio/shared';
import { applied, conditionFailed } from '../platform/db/operations';
import { nowSeconds } from '../platform/db/keys';
import { DomainError } from '../platform/http/errors';
import type { SessionUser } from '../platform/auth/tokens';
import { findTask, type TaskItem } from '../catalogue';
import { editorRights } from './task-rights';
import { catalogueKeys, tasks } from '../catalogue';

/** The lock condition: free, expired, or already the caller's. */
const TAKEABLE = 'attribute_not_exists(lck_user) OR lck_user = :me OR lck_until < :now';

/** Takes (or keeps) the lock; false when someone else holds an unexpired one. */
export async function takeLock(task: TaskItem, userId: number): Promise<boolean> {
  const now = nowSeconds();
  return applied(
    tasks.update(catalogueKeys.task(task.course_id, task.task_id), {
      set: { lck_user: userId, lck_until: now + LOCK_SECONDS },
      condition: `attribute_exists(pk) AND (${TAKEABLE})`,
      values: { ':me': userId, ':now': now },
    }),
  );
}

/** refresh-lock / refresh-lock2: 402 deleted, 401 no permission, 403 taken over (spec/2 §8). */
export async function refreshLock(user: SessionUser, taskId: number) {
  const task = await findTask(taskId);
  if (!task) throw new DomainError(402, LOCK_TASK_DELETED);
  const rights = await editorRights(user, task);
  if (!rights.any) throw new DomainError(401, LOCK_NO_PERMISSION);
  if (!(await takeLock(task, user.userId))) throw new DomainError(403, LOCK_TAKEN_OVER);
  return { message: 'OK' as const, countdown: LOCK_SECONDS };
}

/** Releases the caller's lock; someone else's lock or a missing task is left alone. */
export async function unlock(user: SessionUser, taskId: number) {
  const task = await findTask(taskId);
  if (task) {
    try {
      await tasks.update(catalogueKeys.task(task.course_id, task.task_id), {
        remove: ['lck_user', 'lck_until'],
        condition: 'lck_user = :me',
        values: { ':me': user.userId },
      });
    } catch (error) {
      if (!conditionFailed(error)) throw error;
    }
  }
  return { message: 'OK' as const };
}

/** Seconds left of the caller's lock (0 when not held). */
export const lockSecondsLeft = (task: Pick<TaskItem, 'lck_user' | 'lck_until'>, userId: number, now = nowSeconds()) =>
  task.lck_user === userId ? Math.max(0, Number(task.lck_until ?? 0) - now) : 0;
