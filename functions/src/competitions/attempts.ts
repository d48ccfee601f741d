/**
 * A learner's attempt at a competition (the user competition) and the server's clock over it: the
 * deadline fixed at the join (begin + time limit, cut by the open window's end when `check_OE`), the
 * gate every answer, code save and run passes (player and judge ask it through this domain's index),
 * and the `sync` a subscriber gets. Imports no other domain's write path, so the player may ask it.
 */
import * as z from 'zod';
import { pastDeadline, parseSpecTime } from '@lectio/shared';
import type { ServerMessage, Topic } from '@lectio/events';
import { defineEntity, num, optNum, optStr, type ItemOf } from '../platform/db/entity';
import { GSI2 } from '../platform/db/schema';
import { Conflict, Forbidden } from '../platform/http/errors';
import { competitionKeys } from './keys';

/** Refusal of an answer, a code save or a run after the attempt's deadline (or after it was closed). */
export const COMPETITION_OVER = 'The competition has ended. Answers are no longer accepted.';
/** Refusal of a competition task to a learner who has not joined the competition. */
export const COMPETITION_NOT_JOINED = 'Join the competition first.';

/** A learner's entry in a competition (pk=USER#{userId}, sk=UCOMP#{compId}; GSI1 lists a competition's users; GSI2 by id). */
export const userCompetitions = defineEntity('user-competition', {
  user_comp_id: z.number(),
  user_id: z.number(),
  comp_id: z.number(),
  course_id: z.number(),
  begin_at: z.string(),
  end_at: z.string(),
  /** The same instants as epoch milliseconds (the deadline's authority); entries made before lack them. */
  begin_ms: optNum(),
  end_ms: optNum(),
  /** 'open' while it runs, 'closed' once closed (deadline, Submit ALL or the teacher). */
  status: z.string(),
  score: num(),
  description: optStr(),
  /** When it was closed (epoch ms): the deadline, or earlier for Submit ALL / an early close. */
  closed_ms: optNum(),
  /** Answers accepted (each bumps it in the same transaction as its progress write); a close checks it did not move. */
  answers: optNum(),
});
export type UserCompetitionItem = ItemOf<typeof userCompetitions>;

/** The attempt's deadline (epoch ms). */
export const deadlineOf = (a: Pick<UserCompetitionItem, 'end_ms' | 'end_at'>): number => a.end_ms ?? parseSpecTime(a.end_at) ?? 0;
export const beginOf = (a: Pick<UserCompetitionItem, 'begin_ms' | 'begin_at'>): number => a.begin_ms ?? parseSpecTime(a.begin_at) ?? 0;

/** Is the attempt still running at the server's `now`? */
export const isRunning = (a: UserCompetitionItem, now = Date.now()): boolean => a.status === 'open' && !pastDeadline(deadlineOf(a), now);

/** When the attempt ended (closed, or its deadline passed), else null. */
export function endedAt(a: UserCompetitionItem, now = Date.now()): number | null {
  if (a.status !== 'open') return a.closed_ms ?? deadlineOf(a);
  return pastDeadline(deadlineOf(a), now) ? deadlineOf(a) : null;
}

export const getAttempt = (userId: number, compId: number, consistent = false) =>
  userCompetitions.get(competitionKeys.userCompetition(userId, compId), { consistent });

/** An attempt by its id (user_comp_id), or null. */
export async function findAttempt(userCompId: number): Promise<UserCompetitionItem | null> {
  const { items } = await userCompetitions.queryPage({
    IndexName: GSI2,
    KeyConditionExpression: 'gsi2pk = :k',
    ExpressionAttributeValues: { ':k': competitionKeys.userCompetitionByIdPartition(userCompId) },
  });
  return items[0] ?? null;
}

/**
 * Did the attempt run at `at`? `end_ms` is the deadline while it is open and the instant it closed
 * after (Submit ALL, the teacher, the deadline's job), so a request received before it is on time
 * even when it is processed after the close.
 */
export const runsAt = (a: UserCompetitionItem, at: number): boolean => !pastDeadline(deadlineOf(a), at);

/**
 * The gate of a competition task (player evaluation, content viewing, the judge's runs and code
 * saves): the learner joined and the attempt ran when the request was received (`receivedAt`, the
 * API's receive instant; the server's now by default), read strongly consistent so a close a moment
 * ago counts. Administrators are let through by the caller (preview). An answer's write is checked
 * again in its own transaction (`attemptOpenAt`).
 */
export async function assertAttemptRunning(userId: number, compId: number, receivedAt = Date.now()): Promise<UserCompetitionItem> {
  const attempt = await getAttempt(userId, compId, true);
  if (!attempt) throw new Forbidden(COMPETITION_NOT_JOINED);
  if (!runsAt(attempt, receivedAt)) throw new Conflict(COMPETITION_OVER);
  return attempt;
}

/**
 * The condition an answer's progress write carries (one transaction with it): the attempt still ran
 * when the answer was received (`end_ms > receivedAt`). It counts the answer and adds the rise of the
 * best score to the attempt's score, so a close that computed the score before this write commits is
 * either retried (the count moved) or already includes it.
 */
export function attemptOpenAt(userId: number, compId: number, receivedAt: number) {
  return {
    item: (scoreRise: number) => ({
      Update: userCompetitions.updateInput(competitionKeys.userCompetition(userId, compId), {
        add: { answers: 1, score: scoreRise },
        condition: 'end_ms > :received',
        values: { ':received': receivedAt },
      }),
    }),
    late: () => new Conflict(COMPETITION_OVER),
  };
}

/** The `sync { deadline, serverNow }` of an attempt, for its owner's connection. */
export const syncMessage = (topic: Topic, competitionId: number, deadline: number): ServerMessage => ({
  type: 'competition.countdown',
  topic,
  competitionId,
  deadline,
  serverNow: Date.now(),
});
