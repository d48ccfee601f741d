/**
 * The competition player's calls (spec/3 §4 "Competitions", §7): the caller's attempt with its tasks
 * (the player's task view, without help or answer purchase), 'started' while it runs at the server's
 * now and 'finished' after; Submit ALL; the remaining time for clients without a socket. An attempt
 * whose deadline passed is closed here too if its job has not run yet (the close is idempotent).
 */
import { remainingSeconds, spentSeconds } from '@lectio/shared';
import { isAdminRole } from '@lectio/shared';
import type { SessionUser } from '../platform/auth/tokens';
import { Forbidden, NotFound } from '../platform/http/errors';
import { getUserCourse, textOr, userLanguage } from '../catalogue';
import { findUserById } from '../accounts';
import { toPlayerTask } from '../player';
import { beginOf, deadlineOf, endedAt, findAttempt, getAttempt, type UserCompetitionItem } from './attempts';
import { attemptScores, closeAttempt } from './close';

export const ATTEMPT_NOT_FOUND = 'Competition attempt not found.';
export const ATTEMPT_OF_ANOTHER = 'This competition attempt belongs to another user.';

/** The caller's own attempt by id (an administrator may open any: preview). */
export async function ownAttempt(user: SessionUser, userCompId: number): Promise<UserCompetitionItem> {
  const attempt = await findAttempt(userCompId);
  if (!attempt) throw new NotFound(ATTEMPT_NOT_FOUND);
  if (attempt.user_id !== user.userId && !isAdminRole(user.roleId)) throw new Forbidden(ATTEMPT_OF_ANOTHER);
  return attempt;
}

/** The attempt as it is now: one past its deadline is closed first (the job may not have run yet). */
async function current(a: UserCompetitionItem): Promise<UserCompetitionItem> {
  if (a.status === 'open' && endedAt(a) !== null) return (await closeAttempt(a.user_id, a.comp_id, 'deadline')) ?? a;
  return a;
}

async function playView(user: SessionUser, found: UserCompetitionItem) {
  const a = await current(found);
  const now = Date.now();
  const finished = endedAt(a, now) !== null;
  const [{ chapter, tasks, progress }, langId, owner, uc] = await Promise.all([
    attemptScores(a),
    userLanguage(user.userId),
    findUserById(a.user_id),
    getUserCourse(a.user_id, a.course_id),
  ]);
  const task_list = finished
    ? []
    : await Promise.all(
        tasks.map(async (t) => ({ ...(await toPlayerTask(user, t, progress.get(t.task_id) ?? null, langId, uc?.user_course_id ?? 0)), help: '', has_help: 0 })),
      );
  const begin = beginOf(a);
  const deadline = deadlineOf(a);
  return {
    task_list,
    status: finished ? ('finished' as const) : ('started' as const),
    time_limit: spentSeconds(begin, deadline),
    spent_time: Math.min(spentSeconds(begin, now), spentSeconds(begin, deadline)),
    user_comp_id: a.user_comp_id,
    comp_id: a.comp_id,
    course_id: a.course_id,
    name: textOr(chapter.names, langId),
    user: { name: owner?.name ?? '', surname: owner?.surname ?? '' },
    deadline,
    // stamped as the answer leaves, after the reads: the client places the deadline with it (an earlier
    // stamp showed the time left too long by the reads' duration)
    server_now: Date.now(),
  };
}

export async function myCompetition(user: SessionUser, userCompId: number) {
  return playView(user, await ownAttempt(user, userCompId));
}

export async function activeCompetition(user: SessionUser, courseId: number, compId: number) {
  const a = await getAttempt(user.userId, compId);
  if (!a || a.course_id !== courseId) throw new NotFound(ATTEMPT_NOT_FOUND);
  return playView(user, a);
}

/** Submit ALL (spec/3 §4): the attempt closes now with the score of its tasks. */
export async function closeMyCompetition(user: SessionUser, userCompId: number) {
  const a = await ownAttempt(user, userCompId);
  if (a.user_id !== user.userId) throw new Forbidden(ATTEMPT_OF_ANOTHER);
  const closed = (await closeAttempt(a.user_id, a.comp_id, 'submit')) ?? a;
  return { message: 'OK' as const, status: 'finished' as const, score: closed.score, user_comp_id: closed.user_comp_id };
}

/** POST /get-synchro: the remaining seconds on the server's clock (0 once closed). */
export async function synchro(user: SessionUser, userCompId: number) {
  const a = await current(await ownAttempt(user, userCompId));
  const now = Date.now();
  const finished = endedAt(a, now) !== null;
  return {
    rem_time: finished ? 0 : remainingSeconds(deadlineOf(a), now),
    deadline: deadlineOf(a),
    server_now: now,
    status: finished ? ('finished' as const) : ('started' as const),
  };
}
