/**
 * Taking a revision (issue 22 item 4; spec/3 §4 "Revisions": it follows the competition's rules): a
 * student's attempt on the server's clock, with the competitions' countdown machinery (their index:
 * the one-time close at the deadline, `sync` and `closed` messages). Answers go over HTTP and are
 * scored by the player's evaluation, but recorded in the attempt only: a revision repeats tasks of the
 * course's chapters, and its answers leave the chapter's progress, XP and coins as they were.
 *
 * Lateness is judged by the instant the API received the request (API Gateway's
 * `requestContext.timeEpoch`, set on arrival by the local cloud too): the write is one conditional
 * update, on time when `end_ms` (the deadline while open, the instant it closed after) is later.
 */
import { isQuestionType, taskStatus } from '@lectio/shared';
import { revisionTexts, type RevisionAttempt, type RevisionTaskResult } from '@lectio/shared/api/revisions';
import type { Topic } from '@lectio/events';
import { findUserById } from '../accounts';
import { maxScoreOf, userLanguage, type TaskItem } from '../catalogue';
import { announceClosed, cancelClose, scheduleClose, syncMessage } from '../competitions';
import { playerTask, scoreAnswer, toPlayerTask } from '../player';
import type { SessionUser } from '../platform/auth/tokens';
import { conditionFailed } from '../platform/db/operations';
import { Conflict, Invalid, NotFound } from '../platform/http/errors';
import { logger } from '../platform/http/logger';
import { attempts, revisionKeys, type RevisionAttemptItem } from './model';

/** The one-time job kind that closes an attempt at its deadline. */
export const CLOSE_REVISION_JOB = 'revision-close';
/** The topic of a student's revision attempt: `revision:{revId}` (its owner subscribes). */
export const revisionTopic = (revId: number) => `revision:${revId}` as Topic;

const jobId = (userId: number, revId: number) => `${userId}-${revId}`;
/** The deadline while open, the instant it closed after (attempts made before lack `end_ms`). */
export const endOf = (a: RevisionAttemptItem): number => a.end_ms ?? a.deadline;
/** Is the attempt running at `at` (an answer received then is on time)? */
export const runsAt = (a: RevisionAttemptItem, at: number): boolean => at < endOf(a);
/** When it ended (closed, or its deadline passed by `now`), else null. */
export const endedAt = (a: RevisionAttemptItem, now = Date.now()): number | null => (a.status !== 'open' || now >= a.deadline ? Math.min(endOf(a), a.deadline) : null);

export const getRevisionAttempt = (userId: number, revId: number) => attempts.get(revisionKeys.attempt(userId, revId), { consistent: true });

/** A new attempt's close at its deadline: a one-time job (EventBridge Scheduler / the local scheduler). */
export const scheduleRevisionClose = (a: RevisionAttemptItem) =>
  scheduleClose(CLOSE_REVISION_JOB, jobId(a.user_id, a.rev_id), a.deadline, { userId: a.user_id, revId: a.rev_id });

export type RevisionCloseReason = 'deadline' | 'submit';

/**
 * Closes the attempt once (a conditional write on status 'open'): `end_ms` becomes the instant it
 * closed (never later than the deadline); answers received before it still count. The owner's
 * screens are told on `revision:{revId}`.
 */
export async function closeRevisionAttempt(userId: number, revId: number, reason: RevisionCloseReason): Promise<RevisionAttemptItem | null> {
  const a = await getRevisionAttempt(userId, revId);
  if (!a || a.status !== 'open') return a;
  const closedAt = Math.min(Date.now(), a.deadline);
  let closed: RevisionAttemptItem | null;
  try {
    closed = await attempts.update(
      revisionKeys.attempt(userId, revId),
      { set: { status: 'closed', closed_ms: closedAt, end_ms: closedAt }, condition: '#s = :open', names: { '#s': 'status' }, values: { ':open': 'open' } },
      { returnItem: true },
    );
  } catch (e) {
    if (!conditionFailed(e)) throw e;
    return getRevisionAttempt(userId, revId);
  }
  if (reason !== 'deadline') await cancelClose(CLOSE_REVISION_JOB, jobId(userId, revId)).catch(() => undefined);
  await announceClosed(revisionTopic(revId), revId);
  logger.info('revision attempt closed', { userId, revId, reason, lateMs: reason === 'deadline' ? Date.now() - a.deadline : 0 });
  return closed;
}

/** The attempt as it is now: one past its deadline is closed first (the job may not have run yet). */
export async function currentAttempt(a: RevisionAttemptItem): Promise<RevisionAttemptItem> {
  if (a.status === 'open' && Date.now() >= a.deadline) return (await closeRevisionAttempt(a.user_id, a.rev_id, 'deadline')) ?? a;
  return a;
}

const resultOf = (a: RevisionAttemptItem, task: TaskItem): RevisionTaskResult => {
  const r = a.results[String(task.task_id)];
  return { task_id: task.task_id, task_type_id: task.task_type_id, score: r?.score ?? 0, max_score: maxScoreOf(task), rating: r?.rating ?? 0, attempts: r?.attempts ?? 0 };
};

/** What the student's screen shows of the attempt: the tasks while it runs, the results always. */
export async function attemptView(user: SessionUser | { userId: number; roleId: number }, found: RevisionAttemptItem) {
  const a = await currentAttempt(found);
  const now = Date.now();
  const ended = endedAt(a, now);
  const [tasks, langId, owner] = await Promise.all([Promise.all(a.tasks.map((t) => playerTask(t.task_id).catch(() => null))), userLanguage(a.user_id), findUserById(a.user_id)]);
  const present = tasks.filter((t): t is TaskItem => t !== null);
  const results = present.map((t) => resultOf(a, t));
  const task_list =
    ended !== null
      ? []
      : await Promise.all(
          present.map(async (t, i) => {
            const shown = await toPlayerTask(user as SessionUser, t, null, langId, 0);
            const r = results[i]!;
            const state = { task_type_id: t.task_type_id, score: r.score, max_score: r.max_score, passed: r.rating >= 50 ? 1 : 0, first_time: r.attempts ? 0 : 1, answer_showed: 0 };
            return { ...shown, help: '', has_help: 0, score: r.score, rating: r.rating, attempts: r.attempts, passed: state.passed, first_time: state.first_time, status: taskStatus(state) };
          }),
        );
  // stamped as the answer leaves, after the reads: the client places the deadline with it (CI showed a new
  // attempt's 450 s as 450,031 ms left when the stamp came before the reads)
  const sentAt = Date.now();
  return {
    course_id: a.course_id,
    tasks: a.tasks,
    started_at: a.started_at,
    deadline: a.deadline,
    remaining_ms: ended !== null ? 0 : Math.max(0, a.deadline - sentAt),
    server_now: sentAt,
    status: ended !== null ? ('closed' as const) : ('running' as const),
    ended_at: ended,
    score: results.reduce((s, r) => s + r.score, 0),
    max_score: results.reduce((s, r) => s + r.max_score, 0),
    results,
    task_list,
    user: { name: owner?.name ?? '', surname: owner?.surname ?? '' },
  } satisfies Omit<RevisionAttempt, 'id' | 'rev_title' | 'time_limit' | 'task_number' | 'chapter_count'>;
}

/** The most the attempt's tasks can score (the tasks are read through the player's cache). */
export async function attemptMaxScore(a: RevisionAttemptItem): Promise<number> {
  const tasks = await Promise.all(a.tasks.map((t) => playerTask(t.task_id).catch(() => null)));
  return tasks.reduce((s, t) => s + (t ? maxScoreOf(t) : 0), 0);
}

const MAX_RETRIES = 8;

/**
 * Scores an answer to a task of the caller's attempt and keeps the best score in the attempt. On time
 * when `receivedAt` (the API's receive instant) is before the attempt's end: checked in the write's
 * condition with the attempt's revision counter (optimistic concurrency), never as a separate read.
 */
export async function answerInAttempt(
  user: SessionUser,
  revId: number,
  body: { task_id: number; task_type_id: number; answer_list: string },
  receivedAt: number,
) {
  let a = await getRevisionAttempt(user.userId, revId);
  if (!a) throw new NotFound(revisionTexts.notStarted);
  if (!runsAt(a, receivedAt)) throw new Conflict(revisionTexts.over);
  if (!a.tasks.some((t) => t.task_id === body.task_id)) throw new Invalid(revisionTexts.notInAttempt);
  const task = await playerTask(body.task_id);
  if (!isQuestionType(task.task_type_id)) throw new Invalid(revisionTexts.notQuestion);
  const result = await scoreAnswer(user, task, body.task_type_id, body.answer_list, await userLanguage(user.userId));
  const maxScore = maxScoreOf(task);
  const score = Math.round(((result.rating * maxScore) / 100) * 100) / 100;
  for (let retry = 0; ; retry++) {
    const before = a.results[String(task.task_id)];
    const best = { score: Math.max(before?.score ?? 0, score), rating: Math.max(before?.rating ?? 0, result.rating), max_score: maxScore, attempts: (before?.attempts ?? 0) + 1 };
    const total = Object.entries(a.results).reduce((s, [id, r]) => s + (id === String(task.task_id) ? 0 : r.score), 0) + best.score;
    try {
      await attempts.update(revisionKeys.attempt(user.userId, revId), {
        set: { results: { ...a.results, [String(task.task_id)]: best }, score: total },
        add: { rev: 1 },
        condition: `${a.rev === 0 ? '(attribute_not_exists(rev) OR rev = :rev)' : 'rev = :rev'} AND (end_ms > :received OR (attribute_not_exists(end_ms) AND deadline > :received))`,
        values: { ':rev': a.rev, ':received': receivedAt },
      });
      const state = { task_type_id: task.task_type_id, score: best.score, max_score: maxScore, passed: best.rating >= 50 ? 1 : 0, first_time: 0, answer_showed: 0 };
      return { result: { rating: result.rating, answers: result.answers }, task: { score: best.score, rating: best.rating, passed: state.passed, first_time: 0, status: taskStatus(state) } };
    } catch (e) {
      if (!conditionFailed(e)) throw e;
      a = await getRevisionAttempt(user.userId, revId);
      if (!a || !runsAt(a, receivedAt)) throw new Conflict(revisionTexts.over);
      if (retry >= MAX_RETRIES) throw new Conflict('The answer was saved concurrently. Try again.');
    }
  }
}

/** The sync a subscriber of `revision:{revId}` is told (the competitions' message shape). */
export const revisionSync = (a: RevisionAttemptItem) => syncMessage(revisionTopic(a.rev_id), a.rev_id, a.deadline);

