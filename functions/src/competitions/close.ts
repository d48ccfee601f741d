/**
 * Closing attempts on the server: at the deadline (a one-time job per attempt, run with no client),
 * by 'Submit ALL' (the learner), and for everyone at once (the open window's end, or the teacher's
 * early close). A close is idempotent (a conditional write on status 'open'): the job, the learner's
 * own close and the teacher's may all happen, the attempt closes once, with the score of its tasks.
 */
import { formatSpecTime } from '@lectio/shared';
import { topics as eventTopics } from '@lectio/events';
import { conditionFailed } from '../platform/db/operations';
import { GSI1 } from '../platform/db/schema';
import { logger } from '../platform/http/logger';
import { progressOfTasks } from '../player';
import { deadlineOf, getAttempt, userCompetitions, type UserCompetitionItem } from './attempts';
import { announceClosed, cancelClose, scheduleClose } from './countdown';
import { competitionKeys } from './keys';
import { competitionChapter, competitionTasks } from './tasks';

/** The one-time job kinds of this domain. */
export const CLOSE_ATTEMPT_JOB = 'competition-close';
export const CLOSE_COMPETITION_JOB = 'competition-end';

export const attemptJobId = (userId: number, compId: number) => `${userId}-${compId}`;

/** The sum of the learner's scores on the competition's tasks (automatic and teacher's). */
export async function attemptScores(a: Pick<UserCompetitionItem, 'user_id' | 'course_id' | 'comp_id'>, consistent = false) {
  const chapter = await competitionChapter(a.course_id, a.comp_id);
  const tasks = await competitionTasks(chapter);
  const progress = await progressOfTasks(a.user_id, a.course_id, tasks.map((t) => t.task_id), consistent);
  let score = 0;
  let teacher = 0;
  for (const p of progress.values()) {
    score += p.score;
    teacher += p.teacher_score;
  }
  return { chapter, tasks, progress, score, teacher_score: teacher };
}

/** Schedules the close of a new attempt at its deadline, and the competition's end at the window's end. */
export async function scheduleAttemptClose(a: UserCompetitionItem, windowEnd: number | null): Promise<void> {
  await scheduleClose(CLOSE_ATTEMPT_JOB, attemptJobId(a.user_id, a.comp_id), deadlineOf(a), { userId: a.user_id, compId: a.comp_id });
  if (windowEnd !== null && deadlineOf(a) >= windowEnd) {
    await scheduleClose(CLOSE_COMPETITION_JOB, String(a.comp_id), windowEnd, { compId: a.comp_id, courseId: a.course_id });
  }
}

export type CloseReason = 'deadline' | 'submit' | 'teacher';

/** A close that keeps meeting answers written meanwhile tries again, this many times at most. */
const CLOSE_RETRIES = 200;

/**
 * Closes the attempt (once): status 'closed', the end is now (never later than the deadline), the
 * score of its tasks. Tells the learner's screens on their user topic. Answers the attempt as it is
 * after the call (null when there is none).
 */
export async function closeAttempt(userId: number, compId: number, reason: CloseReason, announce = true): Promise<UserCompetitionItem | null> {
  let closed: UserCompetitionItem | null = null;
  let a: UserCompetitionItem | null = null;
  for (let retry = 0; !closed; retry++) {
    a = await getAttempt(userId, compId, true);
    if (!a || a.status !== 'open') return a;
    const closedAt = Math.min(Date.now(), deadlineOf(a));
    // The score of the progress read after the attempt: an answer committed meanwhile moved `answers`
    // and the condition below fails (read again); one committed after the close adds its own rise.
    const { score } = await attemptScores(a, true);
    const seen = a.answers ?? 0;
    try {
      closed = await userCompetitions.update(
        competitionKeys.userCompetition(userId, compId),
        {
          set: { status: 'closed', closed_ms: closedAt, end_at: formatSpecTime(closedAt), end_ms: closedAt, score },
          condition: seen === 0 ? '#s = :open AND (attribute_not_exists(answers) OR answers = :seen)' : '#s = :open AND answers = :seen',
          names: { '#s': 'status' },
          values: { ':open': 'open', ':seen': seen },
        },
        { returnItem: true },
      );
    } catch (e) {
      if (!conditionFailed(e)) throw e;
      // closed by another path meanwhile (the loop's read returns it), or an answer came in: again.
      // Answers stop once they are received after the end, so this ends; the bound is a safety net.
      if (retry >= CLOSE_RETRIES) return getAttempt(userId, compId, true);
      await new Promise((r) => setTimeout(r, Math.min(200, 10 * (retry + 1))));
    }
  }
  if (!a) return closed;
  if (reason !== 'deadline') await cancelClose(CLOSE_ATTEMPT_JOB, attemptJobId(userId, compId)).catch(() => undefined);
  if (announce) await announceClosed(eventTopics.user(userId), compId, a.user_comp_id);
  logger.info('competition attempt closed', { userId, compId, reason, lateMs: reason === 'deadline' ? Date.now() - deadlineOf(a) : 0 });
  return closed;
}

/** The users who joined a competition (GSI1). */
export async function attemptsOf(compId: number): Promise<UserCompetitionItem[]> {
  return userCompetitions.queryAll({
    IndexName: GSI1,
    KeyConditionExpression: 'gsi1pk = :k',
    ExpressionAttributeValues: { ':k': competitionKeys.competitionUsers(compId) },
  });
}

/**
 * Ends the competition for everyone: first `closed` on `competition:{id}` (every subscriber at once,
 * the sharded fan-out), then every open attempt is closed (8 at a time). Answers how many it closed.
 */
export async function closeCompetitionForAll(compId: number, reason: CloseReason): Promise<number> {
  await announceClosed(eventTopics.competition(compId), compId);
  const open = (await attemptsOf(compId)).filter((a) => a.status === 'open');
  let closed = 0;
  for (let i = 0; i < open.length; i += 8) {
    const batch = open.slice(i, i + 8);
    const done = await Promise.all(batch.map((a) => closeAttempt(a.user_id, compId, reason, false).catch(() => null)));
    closed += done.filter((d) => d?.status === 'closed').length;
  }
  return closed;
}

