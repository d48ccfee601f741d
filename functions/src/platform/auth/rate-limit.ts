/**
 * Fixed-window attempt budgets in DynamoDB (TTL removes old windows), so limits hold across Lambda
 * containers.
 *
 * Count first, atomically: an attempt takes a slot with `ADD attempts 1` under the condition
 * `attempts < max` *before* the guarded work runs. Once the budget is spent, DynamoDB refuses the
 * write and the caller gets 429 without the work being evaluated, however many requests arrive in
 * parallel (reading first and counting afterwards let 1,000 parallel guesses all through).
 *
 * - `limitedAttempt(checks, work)`: for guesses (login, confirm, finishreg, reset code, competition
 *   key). A failed attempt keeps its slot; a successful one gives it back, so a user who logs in
 *   often is never locked out.
 * - `consumeAttempt(limit, key)`: for volume limits (mails sent, registrations, reports); every call
 *   keeps its slot.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, table } from '../db/client';
import { keys, nowSeconds } from '../db/keys';
import { TooManyRequests } from '../http/errors';

export interface Limit {
  scope: string;
  max: number;
  windowSeconds: number;
}

export const limits = {
  loginPerEmail: { scope: 'login-email', max: 10, windowSeconds: 15 * 60 },
  loginPerIp: { scope: 'login-ip', max: 50, windowSeconds: 15 * 60 },
  registerPerIp: { scope: 'register-ip', max: 20, windowSeconds: 3600 },
  confirmPerIp: { scope: 'confirm-ip', max: 20, windowSeconds: 15 * 60 },
  confirmPerEmail: { scope: 'confirm-email', max: 10, windowSeconds: 15 * 60 },
  resetMailPerEmail: { scope: 'reset-mail-email', max: 5, windowSeconds: 3600 },
  resetMailPerIp: { scope: 'reset-mail-ip', max: 20, windowSeconds: 3600 },
  resetCodePerIp: { scope: 'reset-code-ip', max: 20, windowSeconds: 15 * 60 },
  resetCodePerEmail: { scope: 'reset-code-email', max: 10, windowSeconds: 15 * 60 },
  /** Player activity log (write-to-log2): a task open and close per task view. */
  activityLogPerUser: { scope: 'activity-log', max: 120, windowSeconds: 10 * 60 },
  errorReportPerUser: { scope: 'error-report', max: 20, windowSeconds: 3600 },
} satisfies Record<string, Limit>;

/** One budget to check: the limit and whose budget it is (an e-mail, an IP, a user id …). */
export type LimitCheck = readonly [limit: Limit, key: string];

interface Slot {
  limit: Limit;
  key: ReturnType<typeof keys.rateWindow>;
}

const windowOf = (limit: Limit) => Math.floor(nowSeconds() / limit.windowSeconds);

const tooMany = (limit: Limit, window: number) =>
  new TooManyRequests('Too many attempts. Try again later.', (window + 1) * limit.windowSeconds - nowSeconds());

/** Takes one slot of the window's budget, or throws 429 when it is spent (one conditional write). */
async function take(limit: Limit, who: string): Promise<Slot> {
  const window = windowOf(limit);
  const key = keys.rateWindow(limit.scope, who.toLowerCase(), window);
  try {
    await db.send(
      new UpdateCommand({
        TableName: table(),
        Key: key,
        UpdateExpression: 'ADD #n :one SET #ttl = if_not_exists(#ttl, :ttl)',
        ConditionExpression: 'attribute_not_exists(#n) OR #n < :max',
        ExpressionAttributeNames: { '#n': 'attempts', '#ttl': 'ttl' },
        ExpressionAttributeValues: { ':one': 1, ':max': limit.max, ':ttl': (window + 1) * limit.windowSeconds + 60 },
      }),
    );
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') throw tooMany(limit, window);
    throw error;
  }
  return { limit, key };
}

/** Gives a slot back (the attempt succeeded, or another budget refused it). */
async function giveBack(slot: Slot): Promise<void> {
  await db
    .send(
      new UpdateCommand({
        TableName: table(),
        Key: slot.key,
        UpdateExpression: 'ADD #n :minus',
        ConditionExpression: '#n > :zero',
        ExpressionAttributeNames: { '#n': 'attempts' },
        ExpressionAttributeValues: { ':minus': -1, ':zero': 0 },
      }),
    )
    .catch((error: unknown) => {
      if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
    });
}

/** Takes a slot in every budget, all or none. */
async function takeAll(checks: readonly LimitCheck[]): Promise<Slot[]> {
  const results = await Promise.allSettled(checks.map(([limit, who]) => take(limit, who)));
  const slots = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
  const refused = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (refused) {
    await Promise.all(slots.map(giveBack));
    throw refused.reason;
  }
  return slots;
}

/**
 * Runs `work` only after a slot was taken in every budget (429 otherwise, `work` never runs).
 * When `work` throws, the attempt stays counted; when it returns, the slots are given back.
 */
export async function limitedAttempt<T>(checks: readonly LimitCheck[], work: () => Promise<T>): Promise<T> {
  const slots = await takeAll(checks);
  const result = await work();
  await Promise.all(slots.map(giveBack));
  return result;
}

/** For actions limited by volume rather than by failures (mails sent, registrations): 429 once spent. */
export async function consumeAttempt(limit: Limit, key: string): Promise<void> {
  await take(limit, key);
}
