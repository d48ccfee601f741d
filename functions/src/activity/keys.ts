/**
 * Key builders of the activity domain. A user's log is the user's own partition (time-ordered); every
 * entry is also in one of ACTIVITY_SHARDS time-ordered GSI1 partitions, so the admin's table reads the
 * newest entries of all users with a bounded Query a shard (no Scan) and no partition takes every write.
 */

/** GSI1 partitions of the all-users log: a write goes to one (by its sequence), a page reads each. */
export const ACTIVITY_SHARDS = 4;

export const activityKeys = {
  /** An entry of a user's log: pk=ULOG#{userId}, sk={iso time}#{n}. */
  entry: (userId: number, at: string, n: number) => ({ pk: `ULOG#${userId}`, sk: `${at}#${n}` }),
  /** The same entry in the all-users log: gsi1pk=ACTLOG#{shard}, gsi1sk={iso time}#{userId}#{n}. */
  timeIndex: (userId: number, at: string, n: number) => ({ gsi1pk: `ACTLOG#${n % ACTIVITY_SHARDS}`, gsi1sk: `${at}#${userId}#${n}` }),
  userLog: (userId: number) => `ULOG#${userId}`,
  shard: (shard: number) => `ACTLOG#${shard}`,
};
