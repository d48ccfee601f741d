/** Error reports on tasks and the learner's activity log (spec/3 §5, §7). */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { db, table } from '../platform/db/client';
import { nowSeconds } from '../platform/db/keys';
import { playerKeys } from './keys';
import { consumeAttempt, limits } from '../platform/auth/rate-limit';
import { sanitizeRichText } from '../platform/content/sanitize';
import type { SessionUser } from '../platform/auth/tokens';
import { getTask } from '../catalogue/task-items';

const ACTIVITY_TTL_SECONDS = 180 * 86_400;

export async function writeErrorReport(user: SessionUser, taskId: number, description: string) {
  await consumeAttempt(limits.errorReportPerUser, String(user.userId));
  const task = await getTask(taskId);
  const at = new Date().toISOString();
  await db.send(
    new PutCommand({
      TableName: table(),
      Item: {
        ...playerKeys.errorReport(task.course_id, at, user.userId, task.task_id),
        type: 'error-report',
        course_id: task.course_id,
        chapter_id: task.chapter_id,
        lesson_id: task.lesson_id,
        task_id: task.task_id,
        user_id: user.userId,
        // Plain text: any markup is dropped before storing.
        description: sanitizeRichText(description).replace(/<[^>]*>/g, ''),
        created_at: at,
      },
    }),
  );
  return { message: 'OK' as const };
}

let sequence = 0;

export async function writeActivity(
  user: SessionUser,
  entry: { action: string; object1: string; object1_value: string | number; object2: string; object2_value: string | number; description: string },
) {
  await consumeAttempt(limits.activityLogPerUser, String(user.userId));
  const at = new Date().toISOString();
  await db.send(
    new PutCommand({
      TableName: table(),
      Item: {
        ...playerKeys.activity(user.userId, at, (sequence = (sequence + 1) % 1_000_000)),
        type: 'activity',
        user_id: user.userId,
        ...entry,
        object1_value: String(entry.object1_value),
        object2_value: String(entry.object2_value),
        created_at: at,
        ttl: nowSeconds() + ACTIVITY_TTL_SECONDS,
      },
    }),
  );
  return { message: 'OK' as const };
}
