/**
 * Recording users' activity (spec/3 §3 Log entry, §7 /write-to-log2; logins and logouts): one item a
 * record in the user's log partition, indexed in the time-ordered all-users log, expiring after the
 * retention (ACTIVITY_RETENTION_DAYS, default 365).
 */
import * as z from 'zod';
import { env } from '../platform/config';
import { nowSeconds } from '../platform/db/keys';
import { defineEntity, str, type StoredOf } from '../platform/db/entity';
import { activityKeys } from './keys';

/** An entry of the activity log (pk=ULOG#{userId}; GSI1 ACTLOG#{shard}). */
export const activities = defineEntity('activity', {
  user_id: z.number(),
  action: z.string(),
  object1: str(),
  object1_value: str(),
  object2: str(),
  object2_value: str(),
  description: str(),
  created_at: z.string(),
});

export interface ActivityEntry {
  action: string;
  object1?: string;
  object1_value?: string | number;
  object2?: string;
  object2_value?: string | number;
  description?: string;
}

let sequence = Math.floor(Math.random() * 1_000_000);

/** The stored item of an entry (exported for seeds and benchmarks that write many at once). */
export function activityItem(userId: number, entry: ActivityEntry, at = new Date().toISOString(), n = (sequence = (sequence + 1) % 1_000_000)): StoredOf<typeof activities> {
  return {
    ...activityKeys.entry(userId, at, n),
    ...activityKeys.timeIndex(userId, at, n),
    type: 'activity',
    user_id: userId,
    action: entry.action,
    object1: entry.object1 ?? '',
    object1_value: String(entry.object1_value ?? ''),
    object2: entry.object2 ?? '',
    object2_value: String(entry.object2_value ?? ''),
    description: entry.description ?? '',
    created_at: at,
    ttl: nowSeconds() + env('ACTIVITY_RETENTION_DAYS') * 86_400,
  };
}

export async function recordActivity(userId: number, entry: ActivityEntry): Promise<void> {
  await activities.put(activityItem(userId, entry));
}
