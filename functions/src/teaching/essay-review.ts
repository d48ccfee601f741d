/**
 * The teacher's review of an essay or GenAI attempt (spec/3 §7 `/save-essay-comment-to-attempt`,
 * "Teacher screens": a slider, score and comment per attempt). Who may: a teacher who sees, in the
 * attempt's course, a group the student is a member of (the same rule as the student tables,
 * teacherView), or an admin. The player domain writes the comment, the lock and the score.
 */
import { isAdminRole } from '@lectio/shared';
import { essayAttemptById, playerTask, reviewEssayAttempt } from '../player';
import { Forbidden, NotFound } from '../platform/http/errors';
import { teacherView, type Caller } from './access';
import { membershipsOf } from './student';

export async function saveEssayComment(user: Caller, body: { attempt_id: number; score: number; comment: string; course_id: number; task_id: number }) {
  const admin = isAdminRole(user.roleId);
  // refused before anything about the attempt is told: a caller who teaches nothing in the course
  const view = admin ? null : await teacherView(user, body.course_id);
  const attempt = await essayAttemptById(body.attempt_id);
  if (!attempt || attempt.task_id !== body.task_id || attempt.course_id !== body.course_id) throw new NotFound('No such attempt.');
  if (view) {
    const memberOf = await membershipsOf(attempt.user_id);
    if (!view.groups.some((g) => memberOf.has(g.id))) throw new Forbidden();
  }
  const task = await playerTask(body.task_id);
  if (task.course_id !== body.course_id) throw new NotFound('No such attempt.');
  await reviewEssayAttempt(attempt, task, body.score, body.comment);
  return { message: 'OK' as const };
}
