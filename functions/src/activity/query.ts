/**
 * The admin's users-activity table (spec/3 "Users activity", §9: 20 a page): newest first, filtered by
 * user, action and date range. Without a user it reads the time-ordered all-users log, one Query a
 * shard; with a user, that user's log partition. Each Query reads at most a page (plus the cursor's
 * item) or, with an action filter, at most FILTER_BUDGET items, so a page costs a bounded number of read
 * units whatever the log's size. The shards' answers are merged newest first; with a filter a shard may
 * stop before the page is full, and then only what is newer than where the slowest shard stopped is
 * shown, and the next page goes on from there (a page may be short, never out of order).
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ACTIVITY_PAGE_SIZE, formatSpecTime } from '@lectio/shared';
import { db, table } from '../platform/db/client';
import { GSI1 } from '../platform/db/schema';
import { findUserByEmail, findUserById, userNamesByIds } from '../accounts';
import { activities } from './log';
import { ACTIVITY_SHARDS, activityKeys } from './keys';

/** Items a filtered Query may read for one page (an action filter is applied after the read). */
export const FILTER_BUDGET = 100;

export interface ActivityFilter {
  user?: string;
  action?: string;
  from?: string;
  to?: string;
  after?: string;
  offset?: number;
}

interface Source {
  index?: string;
  pk: 'pk' | 'gsi1pk';
  sk: 'sk' | 'gsi1sk';
  partitions: string[];
}

/** The user a filter names: an id, or an e-mail; null when there is no such user. */
async function userOf(text: string): Promise<number | null> {
  if (/^\d{1,10}$/.test(text)) return (await findUserById(Number(text)))?.user_id ?? null;
  return (await findUserByEmail(text))?.user_id ?? null;
}

/** One page of a source: every partition queried once, merged newest first, with the next page's cursor. */
async function readPage(source: Source, filter: ActivityFilter, meter?: (units: number) => void) {
  const lo = filter.from ? `${filter.from}T00:00:00.000Z` : '0';
  const toHi = filter.to ? `${filter.to}T23:59:59.999Z~` : '~';
  const hi = filter.after && filter.after < toHi ? filter.after : toHi;
  const limit = filter.action ? FILTER_BUDGET : ACTIVITY_PAGE_SIZE + 1;
  const answers = await Promise.all(
    source.partitions.map(async (partition) => {
      const out = await db.send(
        new QueryCommand({
          TableName: table(),
          IndexName: source.index,
          KeyConditionExpression: '#pk = :pk AND #sk BETWEEN :lo AND :hi',
          ...(filter.action ? { FilterExpression: '#action = :action' } : {}),
          ExpressionAttributeNames: { '#pk': source.pk, '#sk': source.sk, ...(filter.action ? { '#action': 'action' } : {}) },
          ExpressionAttributeValues: { ':pk': partition, ':lo': lo, ':hi': hi, ...(filter.action ? { ':action': filter.action } : {}) },
          ScanIndexForward: false,
          Limit: limit,
          ReturnConsumedCapacity: meter ? 'TOTAL' : undefined,
        }),
      );
      meter?.(out.ConsumedCapacity?.CapacityUnits ?? 0);
      const stoppedAt = out.LastEvaluatedKey ? String(out.LastEvaluatedKey[source.sk]) : null;
      return { items: (out.Items ?? []).filter((i) => i[source.sk] !== filter.after), stoppedAt };
    }),
  );
  // Everything newer than where the slowest shard stopped is known; older items wait for the next page.
  const frontier = answers.reduce<string | null>((f, a) => (a.stoppedAt !== null && (f === null || a.stoppedAt > f) ? a.stoppedAt : f), null);
  const known = answers
    .flatMap((a) => a.items)
    .filter((i) => frontier === null || String(i[source.sk]) >= frontier)
    .sort((a, b) => (String(a[source.sk]) < String(b[source.sk]) ? 1 : -1));
  const page = known.slice(0, ACTIVITY_PAGE_SIZE);
  const more = known.length > page.length || frontier !== null;
  const next = !more ? null : page.length === ACTIVITY_PAGE_SIZE ? String(page[page.length - 1]![source.sk]) : frontier;
  return { items: page.map((i) => activities.parse(i)), next };
}

const describe = (a: { object1: string; object1_value: string; object2: string; object2_value: string; description: string }) =>
  [a.object1 && `${a.object1}: ${a.object1_value}`, a.object2 && `${a.object2}: ${a.object2_value}`, a.description].filter(Boolean).join(', ');

export async function usersActivity(filter: ActivityFilter, meter?: (units: number) => void) {
  let source: Source;
  if (filter.user) {
    const userId = await userOf(filter.user);
    if (userId === null) return { list: [], next: null };
    source = { pk: 'pk', sk: 'sk', partitions: [activityKeys.userLog(userId)] };
  } else {
    source = { index: GSI1, pk: 'gsi1pk', sk: 'gsi1sk', partitions: Array.from({ length: ACTIVITY_SHARDS }, (_, s) => activityKeys.shard(s)) };
  }
  const { items, next } = await readPage(source, filter, meter);
  const names = await userNamesByIds(items.map((i) => i.user_id));
  const offset = filter.offset ?? 0;
  return {
    list: items.map((i, n) => {
      const who = names.get(i.user_id);
      return {
        order: offset + n + 1,
        time: formatSpecTime(Date.parse(i.created_at)),
        user_id: i.user_id,
        name: who ? `${who.name} ${who.surname}`.trim() || who.nickname : `#${i.user_id}`,
        action: i.action,
        description: describe(i),
      };
    }),
    next,
  };
}
