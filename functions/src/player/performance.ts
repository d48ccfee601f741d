/** The caller's performance (xp, coins, level, badges) for the player's responses. */
import * as z from 'zod';
import { levelFromXp } from '@lectio/shared';
import { defineEntity, num, type ItemOf } from '../platform/db/entity';
import { accountKeys } from '../accounts';

/** The part of the user's profile item the player reads: xp, coins, badges and the UI language. */
export const profilePerformance = defineEntity('user', { xp: num(), coins: num(), badges: z.array(z.string()).default([]), lang_id: num(1) });

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
  return performanceOf(await profilePerformance.getFields(accountKeys.user(userId), ['xp', 'coins', 'badges', 'lang_id'], { consistent }));
}

/** The performance fields of a user item (a missing user: nothing earned yet). */
export function performanceOf(user: ItemOf<typeof profilePerformance> | null): Performance & { langId: number } {
  const { xp, coins, badges, lang_id } = user ?? profilePerformance.parse({});
  return { xp, coins, level: levelFromXp(xp), badges, langId: lang_id };
}

export const withDelta = (p: Performance, xp: number, coins: number): { performance: Performance } => ({
  performance: { xp: p.xp + xp, coins: p.coins + coins, level: levelFromXp(p.xp + xp), badges: p.badges },
});
