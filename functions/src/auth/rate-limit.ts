/**
 * Fixed-window attempt counters in DynamoDB (atomic ADD + TTL), so limits hold across Lambda
 * containers. Used for login, reset codes and keys.
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
} satisfies Record<string, Limit>;

/** Counts one attempt; throws 429 once the window's budget is spent. */
export async function consumeAttempt(limit: Limit, key: string): Promise<void> {
  const window = Math.floor(nowSeconds() / limit.windowSeconds);
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
  if (Number(out.Attributes?.attempts) > limit.max) {
    const retry = (window + 1) * limit.windowSeconds - nowSeconds();
    throw new TooManyRequests('Too many attempts. Try again later.', retry);
  }
}
