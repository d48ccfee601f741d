/** Error reports on tasks and the learner's activity log (spec/3 §5, §7). */
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { db } from '../platform/db/client';
import { nowSeconds } from '../platform/db/keys';
import { activities, errorReports } from './entities';
import { playerKeys } from './keys';
import { consumeAttempt, limits } from '../platform/auth/rate-limit';
import { sanitizeRichText } from '../platform/content/sanitize';
import type { SessionUser } from '../platform/auth/tokens';
import { getTask } from '../catalogue';

const ACTIVITY_TTL_SECONDS = 180 * 86_400;

export async function writeErrorReport(user: SessionUser, taskId: number, description: string) {
  await consumeAttempt(limits.errorReportPerUser, String(user.userId));
  const task = await getTask(taskId);
  const at = new Date().toISOString();
  const report = {
    type: 'error-report',
    course_id: task.course_id,
    chapter_id: task.chapter_id,
    lesson_id: task.lesson_id,
    task_id: task.task_id,
    user_id: user.userId,
    // Plain text: any markup is dropped before storing.
    description: sanitizeRichText(description).replace(/<[^>]*>/g, ''),
    created_at: at,
  };
  // The course's copy for its authors and the reporter's own copy ("My bug-reports"), written together.
  await db.send(
    new TransactWriteCommand({
      TransactItems: [
        { Put: errorReports.putInput({ ...playerKeys.errorReport(task.course_id, at, user.userId, task.task_id), ...report }) },
        { Put: errorReports.putInput({ ...playerKeys.myErrorReport(user.userId, task.task_id, at), ...report, type: 'my-error-report' }) },
      ],
    }),
  );
  return { message: 'OK' as const };
}

/** How many of a learner's reports on one task are listed. */
export const MY_REPORTS_LISTED = 50;

export async function myErrorReports(user: SessionUser, taskId: number) {
  await getTask(taskId);
  const items = await errorReports.latest(playerKeys.myErrorReportsOn(user.userId, taskId), MY_REPORTS_LISTED);
  return { list: items.map((i) => ({ created_at: i.created_at, description: i.description })) };
}

let sequence = 0;

export async function writeActivity(
  user: SessionUser,
  entry: { action: string; object1: string; object1_value: string | number; object2: string; object2_value: string | number; description: string },
) {
  await consumeAttempt(limits.activityLogPerUser, String(user.userId));
  const at = new Date().toISOString();
  await activities.put({
    ...playerKeys.activity(user.userId, at, (sequence = (sequence + 1) % 1_000_000)),
    type: 'activity',
    user_id: user.userId,
    ...entry,
    object1_value: String(entry.object1_value),
    object2_value: String(entry.object2_value),
    created_at: at,
    ttl: nowSeconds() + ACTIVITY_TTL_SECONDS,
  });
  return { message: 'OK' as const };
}
