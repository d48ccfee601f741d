/** The caller's performance (xp, coins, level, badges) for the player's responses. */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { levelFromXp } from '@lectio/shared';
import { db, table } from '../platform/db/client';
import { accountKeys } from '../accounts';

export interface Performance {
  xp: number;
  coins: number;
  level: number;
  badges: string[];
}

/**
 * Reads xp, coins, badges and the UI language in one eventually consistent read (callers add the
 * deltas of their own writes).
 */
export async function readPerformance(userId: number, consistent = false): Promise<Performance & { langId: number }> {
  const out = await db.send(
    new GetCommand({ TableName: table(), Key: accountKeys.user(userId), ProjectionExpression: 'xp, coins, badges, lang_id', ConsistentRead: consistent }),
  );
  return performanceOf(out.Item);
}

/** The performance fields of a user item. */
export function performanceOf(user: Record<string, unknown> | undefined): Performance & { langId: number } {
  const xp = Number(user?.xp ?? 0);
  return { xp, coins: Number(user?.coins ?? 0), level: levelFromXp(xp), badges: (user?.badges as string[]) ?? [], langId: Number(user?.lang_id ?? 1) };
}

export const withDelta = (p: Performance, xp: number, coins: number): { performance: Performance } => ({
  performance: { xp: p.xp + xp, coins: p.coins + coins, level: levelFromXp(p.xp + xp), badges: p.badges },
});
