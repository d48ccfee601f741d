/**
 * Fixed-window attempt counters in DynamoDB (atomic ADD + TTL), so limits hold across Lambda
 * containers. Only failures count, so a user who logs in often is never locked out. Used for
 * login, reset codes and keys.
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
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
  /** Player activity log (write-to-log2): a task open and close per task view. */
  activityLogPerUser: { scope: 'activity-log', max: 120, windowSeconds: 10 * 60 },
  errorReportPerUser: { scope: 'error-report', max: 20, windowSeconds: 3600 },
} satisfies Record<string, Limit>;

const windowOf = (limit: Limit) => Math.floor(nowSeconds() / limit.windowSeconds);

const tooMany = (limit: Limit, window: number) =>
  new TooManyRequests('Too many attempts. Try again later.', (window + 1) * limit.windowSeconds - nowSeconds());

/** Throws 429 while the current window's budget of failed attempts is spent. */
export async function assertNotLimited(limit: Limit, key: string): Promise<void> {
  const window = windowOf(limit);
  const out = await db.send(
    new GetCommand({ TableName: table(), Key: keys.rateWindow(limit.scope, key.toLowerCase(), window), ConsistentRead: true }),
  );
  if (Number(out.Item?.attempts ?? 0) >= limit.max) throw tooMany(limit, window);
}

/** Counts one failed attempt; throws 429 once the window's budget is spent. */
export async function recordFailure(limit: Limit, key: string): Promise<void> {
  const window = windowOf(limit);
  const out = await db.send(
    new UpdateCommand({
      TableName: table(),
      Key: keys.rateWindow(limit.scope, key.toLowerCase(), window),
      UpdateExpression: 'ADD #n :one SET #ttl = if_not_exists(#ttl, :ttl)',
      ExpressionAttributeNames: { '#n': 'attempts', '#ttl': 'ttl' },
      ExpressionAttributeValues: { ':one': 1, ':ttl': (window + 1) * limit.windowSeconds + 60 },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  if (Number(out.Attributes?.attempts) > limit.max) throw tooMany(limit, window);
}

/** For actions limited by volume rather than by failures (mails sent, registrations). */
export async function consumeAttempt(limit: Limit, key: string): Promise<void> {
  await recordFailure(limit, key);
}
