/** Primary groups offered at registration (ids feed the leaderboard filter). */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { batchGet } from '../platform/db/batch';
import { keys } from '../platform/db/keys';
import { db, table } from '../platform/db/client';

export const defaultRegistrationGroups = ['Demo', 'Class A', 'Class B', 'University', 'Self-study'];

/** Primary groups offered at registration, with ids for the leaderboard filter. */
export async function registrationGroups(): Promise<Array<{ id: number; group_name: string }>> {
  const out = await db.send(
    new QueryCommand({
      TableName: table(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :g)',
      ExpressionAttributeValues: { ':pk': 'REGDATA', ':g': 'GROUP#' },
    }),
  );
  const stored = (out.Items ?? []).map((i) => ({ id: Number(i.group_id), group_name: String(i.group_name) }));
  return stored.length ? stored.sort((a, b) => a.id - b.id) : defaultRegistrationGroups.map((group_name, i) => ({ id: i + 1, group_name }));
}


/** Names of the given group ids, read by key (the leaderboard filter sends ids). */
export async function groupNamesByIds(ids: number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids)].slice(0, 100);
  if (!unique.length) return new Map();
  const items = await batchGet<{ group_id: number; group_name: string }>(unique.map((id) => keys.registrationGroup(id)));
  const found = new Map(items.map((i) => [Number(i.group_id), String(i.group_name)]));
  if (found.size === 0 && unique.every((id) => id <= defaultRegistrationGroups.length)) {
    unique.forEach((id) => found.set(id, defaultRegistrationGroups[id - 1]!));
  }
  return found;
}
