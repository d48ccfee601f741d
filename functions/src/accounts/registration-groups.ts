/** Primary groups offered at registration (ids feed the leaderboard filter). */
import * as z from 'zod';
import { accountKeys } from './keys';
import { defineEntity } from '../platform/db/entity';

/** A registration group (pk=REGDATA, sk=GROUP#{id}). */
const registrationGroupItems = defineEntity('registration-group', { group_id: z.number(), group_name: z.string() });

export const defaultRegistrationGroups = ['Demo', 'Class A', 'Class B', 'University', 'Self-study'];

export const registrationGroupItem = (id: number, name: string) => ({ ...accountKeys.registrationGroup(id), type: 'registration-group', group_id: id, group_name: name });

/** Primary groups offered at registration, with ids for the leaderboard filter. */
export async function registrationGroups(): Promise<Array<{ id: number; group_name: string }>> {
  const items = await registrationGroupItems.queryPrefix(accountKeys.registrationGroups());
  const stored = items.map((i) => ({ id: i.group_id, group_name: i.group_name }));
  return stored.length ? stored.sort((a, b) => a.id - b.id) : defaultRegistrationGroups.map((group_name, i) => ({ id: i + 1, group_name }));
}


/** Names of the given group ids, read by key (the leaderboard filter sends ids). */
export async function groupNamesByIds(ids: number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids)].slice(0, 100);
  if (!unique.length) return new Map();
  const items = await registrationGroupItems.batchGet(unique.map((id) => accountKeys.registrationGroup(id)));
  const found = new Map(items.map((i) => [i.group_id, i.group_name]));
  if (found.size === 0 && unique.every((id) => id <= defaultRegistrationGroups.length)) {
    unique.forEach((id) => found.set(id, defaultRegistrationGroups[id - 1]!));
  }
  return found;
}
