/** Error reports on tasks and the learner's activity log (spec/3 §5, §7). */
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { db } from '../platform/db/client';
import { errorReports } from './entities';
import { playerKeys } from './keys';
import { consumeAttempt, limits } from '../platform/auth/rate-limit';
import { sanitizeRichText } from '../platform/content/sanitize';
import type { SessionUser } from '../platform/auth/tokens';
import { getTask } from '../catalogue';
import { recordActivity } from '../activity';

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

/** A log entry of the learner's (the users-activity table reads it; the activity domain keeps it). */
export async function writeActivity(
  user: SessionUser,
  entry: { action: string; object1: string; object1_value: string | number; object2: string; object2_value: string | number; description: string },
) {
  await consumeAttempt(limits.activityLogPerUser, String(user.userId));
  await recordActivity(user.userId, entry);
  return { message: 'OK' as const };
}
