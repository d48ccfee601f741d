/**
 * The progress writer: the one way a learner's result on a task is recorded, for every task type
 * (questions evaluated here, content passed on viewing, and the judge's grades of types 8-11 via
 * `recordResult`). Money-like values move only in conditional writes:
 *
 * - A result that raises the task's best score (and so XP and coins) is one transaction of two
 *   items: the progress item, conditioned on the revision that was read (optimistic concurrency:
 *   a concurrent writer makes us re-read and retry), and the user item (ADD xp, coins). Worst case
 *   4 write units (2 items × 2 for a transaction), read units: progress + user (eventual).
 * - A result that raises nothing is a single update (attempt count, last answer, first_time).
 * - Purchases (help, answer) are one transaction: the user's coins decrease only if they suffice
 *   (never negative) and only if the progress item did not already record the purchase (never twice).
 *
 * Per lesson/chapter/course aggregates and the attempt log are stream projections of the progress
 * item (see projection.ts), so a request writes at most these two items.
 */
import { TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { answerCost, helpCost, nextProgress, taskKind, type ProgressBefore } from '@lectio/shared';
import { db, table } from '../platform/db/client';
import { getEach, type UpdateInput } from '../platform/db/entity';
import { taskProgress, type TaskProgressItem } from './entities';
import { playerKeys } from './keys';
import { Conflict, DomainError } from '../platform/http/errors';
import { maxScoreOf, type TaskItem } from '../catalogue';
import { accountKeys } from '../accounts';
import { performanceOf, profilePerformance, type Performance } from './performance';
import { catalogueKeys, userCourses, type UserCourseItem } from '../catalogue';

export type { TaskProgressItem };

export class NotEnoughCoins extends DomainError {
  constructor() {
    super(400, 'Not enough coins for this operation.');
  }
}

const MAX_ATTEMPTS = 8;
const pause = (attempt: number) => new Promise((r) => setTimeout(r, Math.min(200, 5 * 2 ** attempt + Math.random() * 10)));

/** The fields that describe the task (refreshed on every write: a move or a new max score follows). */
const description = (userId: number, task: TaskItem) => ({
  user_id: userId,
  course_id: task.course_id,
  chapter_id: task.chapter_id,
  lesson_id: task.lesson_id,
  task_id: task.task_id,
  task_type_id: task.task_type_id,
  kind: taskKind(task.task_type_id),
  max_score: maxScoreOf(task),
});

/** A fresh progress record (nothing stored yet). */
export function emptyProgress(userId: number, task: TaskItem): TaskProgressItem {
  return {
    ...description(userId, task),
    score: 0,
    rating: 0,
    passed: 0,
    first_time: 1,
    help_showed: 0,
    answer_showed: 0,
    coins_spent: 0,
    xp_awarded: 0,
    coins_awarded: 0,
    attempts: 0,
    time_spent: 0,
    teacher_score: 0,
    comment: '',
    rev: 0,
  };
}

export async function readProgress(userId: number, task: TaskItem, consistent = false): Promise<TaskProgressItem | null> {
  return taskProgress.get(playerKeys.taskProgress(userId, task.course_id, task.task_id), { consistent });
}

/**
 * What an evaluation reads about the learner, in one batch read (each item as GetItem would read it:
 * eventually consistent): the progress on the task, the performance, and the learner's course (for
 * the access checks of a first touch).
 */
export async function readLearnerState(userId: number, task: TaskItem): Promise<{ progress: TaskProgressItem | null; performance: Performance & { langId: number }; uc: UserCourseItem | null }> {
  const [progress, user, uc] = await getEach([
    [taskProgress, playerKeys.taskProgress(userId, task.course_id, task.task_id)],
    [profilePerformance, accountKeys.user(userId)],
    [userCourses, catalogueKeys.userCourse(userId, task.course_id)],
  ]);
  return { progress, performance: performanceOf(user), uc };
}

type DescribedField = keyof ReturnType<typeof description>;
const DESCRIBED_FIELDS: DescribedField[] = ['user_id', 'course_id', 'chapter_id', 'lesson_id', 'task_id', 'task_type_id', 'kind', 'max_score'];
const PROGRESS_TYPE = 'task-progress';
/** The description as the values of DESCRIBE_SET (`:d_<field>`, and the item's type). */
const describe = (userId: number, task: TaskItem) => ({
  ':d_type': PROGRESS_TYPE,
  ...Object.fromEntries(Object.entries(description(userId, task)).map(([field, value]) => [`:d_${field}`, value])),
});
const DESCRIBE_SET = ['#type = :d_type', ...DESCRIBED_FIELDS.map((f) => `${f} = :d_${f}`)].join(', ');
const DEFAULTS_SET =
  'help_showed = if_not_exists(help_showed, :zero), answer_showed = if_not_exists(answer_showed, :zero), coins_spent = if_not_exists(coins_spent, :zero), teacher_score = if_not_exists(teacher_score, :zero), #comment = if_not_exists(#comment, :empty)';

/**
 * Does a stored progress item describe this task as `description` does? (An item lacking a default
 * field reads it as its default through the schema, so the short update leaves it absent: every reader
 * parses with the same schema.)
 */
function describesTask(item: TaskProgressItem, userId: number, task: TaskItem): boolean {
  const own: Record<string, unknown> = item;
  return own.type === PROGRESS_TYPE && Object.entries(description(userId, task)).every(([field, value]) => own[field] === value);
}

export interface ResultInput {
  userId: number;
  task: TaskItem;
  /** Rating in percent (0..100) of this attempt. */
  rating: number;
  /** The learner's answer as JSON text (kept as the attempt's answer); '' for none. */
  answer: string;
  /** Seconds spent on the task in this attempt. */
  timeLength: number;
  /** Content viewed / answer shown: passes without a score. */
  passOnly?: boolean;
  /**
   * A condition written in the same transaction (a competition answer: the attempt still ran when the
   * answer was received); given the rise of the best score. When it fails, `late()` is thrown.
   */
  guard?: ResultGuard;
}

export interface ResultGuard {
  item: (scoreRise: number) => { Update: UpdateInput };
  late: () => Error;
}

export interface ResultOutcome {
  progress: TaskProgressItem;
  xpDelta: number;
  coinsDelta: number;
  /** The score of this attempt (not the best). */
  attemptScore: number;
}

/**
 * Records one result (any task type; a judge grade is a rating too). Raises the best score only,
 * gives the XP and coins of the rise exactly once, clears first_time and counts the attempt.
 */
export async function recordResult(input: ResultInput, known?: TaskProgressItem | null): Promise<ResultOutcome> {
  const { userId, task } = input;
  const attempt = { rating: input.rating, maxScore: maxScoreOf(task), passOnly: input.passOnly === true, answer: input.answer, timeLength: input.timeLength };
  let current = known;
  for (let retry = 0; ; retry++) {
    if (current === undefined || retry > 0) current = await readProgress(userId, task, retry > 0);
    const before = current ?? emptyProgress(userId, task);
    // the decision (spec/3 §5) is a pure rule; what follows only writes it
    const next = nextProgress(progressBefore(before), attempt);
    const now = new Date().toISOString();
    // An item that already describes this task (and has its defaults) needs only what the attempt
    // changes: a shorter update for DynamoDB to parse and apply. The revision condition makes sure
    // the item is still the one read.
    const described = Boolean(current && describesTask(current, userId, task));
    const values: Record<string, unknown> = {
      ':one': 1,
      ':passed': next.passed,
      ':secs': next.seconds,
      ':ans': next.last_answer,
      ':lr': next.last_rating,
      ':ls': next.attemptScore,
      ':at': now,
      ':ft': next.first_time,
      ':attempts': next.attempts - before.attempts,
    };
    const names: Record<string, string> = {};
    const sets: string[] = [];
    if (!described) {
      sets.push(DESCRIBE_SET, DEFAULTS_SET);
      Object.assign(values, describe(userId, task), { ':zero': 0, ':empty': '' });
      Object.assign(names, { '#type': 'type', '#comment': 'comment' });
    }
    sets.push('passed = :passed, first_time = :ft, last_answer = :ans, last_rating = :lr, last_score = :ls, last_at = :at');
    if (next.rises) {
      sets.push('score = :best, rating = :rating, xp_awarded = :xp, coins_awarded = :coins');
      Object.assign(values, { ':best': next.bestScore, ':rating': next.rating, ':xp': next.xp_awarded, ':coins': next.coins_awarded });
    } else if (!described) {
      sets.push('score = if_not_exists(score, :zero), rating = if_not_exists(rating, :zero), xp_awarded = if_not_exists(xp_awarded, :zero), coins_awarded = if_not_exists(coins_awarded, :zero)');
    }
    const update = `SET ${sets.join(', ')} ADD attempts :attempts, time_spent :secs, rev :one`;
    const progressKey = playerKeys.taskProgress(userId, task.course_id, task.task_id);
    const condition = current ? 'rev = :rev' : 'attribute_not_exists(pk)';
    const conditionValues = current ? { ':rev': current.rev } : {};
    const progressUpdate = {
      TableName: table(),
      Key: progressKey,
      UpdateExpression: update,
      ConditionExpression: condition,
      ...(described ? {} : { ExpressionAttributeNames: names }),
      ExpressionAttributeValues: { ...values, ...conditionValues },
    };
    const guard = input.guard?.item(next.rises ? next.bestScore - before.score : 0);
    const money = next.xpDelta !== 0 || next.coinsDelta !== 0;
    const userUpdate = {
      Update: {
        TableName: table(),
        Key: accountKeys.user(userId),
        UpdateExpression: 'ADD xp :dx, coins :dc',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':dx': next.xpDelta, ':dc': next.coinsDelta },
      },
    };
    try {
      if (money || guard) {
        await db.send(new TransactWriteCommand({ TransactItems: [{ Update: progressUpdate }, ...(guard ? [guard] : []), ...(money ? [userUpdate] : [])] }));
      } else {
        // Nothing money-like moves: the revision condition only keeps a concurrent rise intact.
        await db.send(new UpdateCommand(progressUpdate));
      }
      const progress: TaskProgressItem = {
        ...before,
        ...emptyProgressFields(before, userId, task),
        score: next.bestScore,
        rating: next.rating,
        xp_awarded: next.xp_awarded,
        coins_awarded: next.coins_awarded,
        passed: next.passed,
        first_time: next.first_time,
        attempts: next.attempts,
        time_spent: next.time_spent,
        last_answer: next.last_answer,
        last_rating: next.last_rating,
        last_score: next.attemptScore,
        last_at: now,
        rev: before.rev + 1,
      };
      return { progress, xpDelta: next.xpDelta, coinsDelta: next.coinsDelta, attemptScore: next.attemptScore };
    } catch (error) {
      // the guard (second item) failed: the condition it carries no longer held when written
      if (guard && (error as Error).name === 'TransactionCanceledException' && reasonsOf(error)[1] === 'ConditionalCheckFailed') throw input.guard!.late();
      if (!isRetryable(error) || retry >= MAX_ATTEMPTS) {
        if (isRetryable(error)) throw new Conflict('The task was saved concurrently. Try again.');
        throw error;
      }
      await pause(retry);
    }
  }
}

/** The stored progress as the scoring rule reads it (the schema gave absent numbers their defaults). */
const progressBefore = (p: TaskProgressItem): ProgressBefore => ({
  score: p.score,
  xp_awarded: p.xp_awarded,
  coins_awarded: p.coins_awarded,
  passed: p.passed,
  first_time: p.first_time,
  rating: p.rating,
  attempts: p.attempts,
  time_spent: p.time_spent,
});

const emptyProgressFields = (before: TaskProgressItem, userId: number, task: TaskItem) => ({
  ...emptyProgress(userId, task),
  help_showed: before.help_showed,
  answer_showed: before.answer_showed,
  coins_spent: before.coins_spent,
  teacher_score: before.teacher_score,
  comment: before.comment,
});

const reasonsOf = (error: unknown): string[] =>
  ((error as { CancellationReasons?: Array<{ Code?: string }> }).CancellationReasons ?? []).map((r) => r.Code ?? 'None');

function isRetryable(error: unknown): boolean {
  const name = (error as Error).name;
  if (name === 'ConditionalCheckFailedException' || name === 'TransactionConflictException') return true;
  if (name === 'TransactionCanceledException') {
    const reasons = reasonsOf(error);
    return reasons.includes('TransactionConflict') || reasons[0] === 'ConditionalCheckFailed';
  }
  return false;
}

export type Purchase = 'help' | 'answer';

export interface PurchaseOutcome {
  charged: number;
  progress: TaskProgressItem;
}

/**
 * Buys help (max_score coins) or the answer (2 × max_score; it also passes the task). One
 * transaction: coins decrease only when they suffice and only when this purchase is not yet
 * recorded; a second purchase of the same thing charges nothing.
 */
export async function purchase(userId: number, task: TaskItem, what: Purchase): Promise<PurchaseOutcome> {
  const maxScore = maxScoreOf(task);
  const cost = what === 'help' ? helpCost(maxScore) : answerCost(maxScore);
  const flag = what === 'help' ? 'help_showed' : 'answer_showed';
  for (let attempt = 0; ; attempt++) {
    const before = (await readProgress(userId, task, attempt > 0)) ?? emptyProgress(userId, task);
    if (before[flag] === 1) return { charged: 0, progress: before };
    const values: Record<string, unknown> = {
      ...describe(userId, task),
      ':zero': 0,
      ':one': 1,
      ':empty': '',
      ':cost': cost,
    };
    const names: Record<string, string> = { '#type': 'type', '#comment': 'comment', '#flag': flag };
    const passSet = what === 'answer' ? ', passed = :one' : ', passed = if_not_exists(passed, :zero)';
    const update =
      `SET ${DESCRIBE_SET}, ${DEFAULTS_SET.replace(`${flag} = if_not_exists(${flag}, :zero), `, '').replace('coins_spent = if_not_exists(coins_spent, :zero), ', '')}, #flag = :one${passSet}, ` +
      'score = if_not_exists(score, :zero), rating = if_not_exists(rating, :zero), first_time = if_not_exists(first_time, :one), ' +
      'xp_awarded = if_not_exists(xp_awarded, :zero), coins_awarded = if_not_exists(coins_awarded, :zero), attempts = if_not_exists(attempts, :zero), ' +
      'time_spent = if_not_exists(time_spent, :zero) ADD coins_spent :cost, rev :one';
    try {
      await db.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Update: {
                TableName: table(),
                Key: accountKeys.user(userId),
                UpdateExpression: 'SET coins = coins - :cost',
                ConditionExpression: 'attribute_exists(pk) AND coins >= :cost',
                ExpressionAttributeValues: { ':cost': cost },
              },
            },
            {
              Update: {
                TableName: table(),
                Key: playerKeys.taskProgress(userId, task.course_id, task.task_id),
                UpdateExpression: update,
                ConditionExpression: 'attribute_not_exists(#flag) OR #flag <> :one',
                ExpressionAttributeNames: names,
                ExpressionAttributeValues: values,
              },
            },
          ],
        }),
      );
      return {
        charged: cost,
        progress: { ...before, [flag]: 1, ...(what === 'answer' ? { passed: 1 } : {}), coins_spent: before.coins_spent + cost, rev: before.rev + 1 },
      };
    } catch (error) {
      if ((error as Error).name !== 'TransactionCanceledException') throw error;
      const [userReason, progressReason] = reasonsOf(error);
      if (progressReason === 'ConditionalCheckFailed') continue; // bought meanwhile: re-read, charge nothing
      if (userReason === 'ConditionalCheckFailed') throw new NotEnoughCoins();
      if (attempt >= MAX_ATTEMPTS) throw new Conflict('The purchase was made concurrently. Try again.');
      await pause(attempt);
    }
  }
}
