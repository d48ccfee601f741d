/**
 * Leaderboard kept up to date on write: each user has one entry per partition it belongs to
 * (all, country, group, country+group, each started course and area), sorted by xp in the sort
 * key, and each partition has a counter for the pager. A filtered page reads at most `end`
 * entries per selected partition and merges them; no request reads all users.
 */
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { batchWrite } from '../platform/db/batch';
import { isAdminRole, LEADERBOARD_LIMITS, levelFromXp } from '@lectio/shared';
import { Invalid } from '../platform/http/errors';
import { db, table } from '../platform/db/client';
import { keys } from '../platform/db/keys';
import { batchGet } from './store';

export interface LeaderSource {
  user_id: number;
  nickname: string;
  xp: number;
  country_id: number;
  groups: string;
}

const MAX_XP = 999_999_999;
export const leaderSortKey = (xp: number, userId: number) =>
  `${String(MAX_XP - Math.min(MAX_XP, Math.max(0, xp))).padStart(9, '0')}#${String(userId).padStart(10, '0')}`;

/** Group names go into keys; '#' would break them. */
const groupKey = (g: string) => g.trim().toLowerCase().replace(/#/g, '');

export function userPartitions(u: Pick<LeaderSource, 'country_id' | 'groups'>, courses: Array<{ course_id: number; area_id?: number }> = []): string[] {
  const parts = ['ALL', `C#${u.country_id}`];
  if (u.groups?.trim()) parts.push(`G#${groupKey(u.groups)}`, `C#${u.country_id}#G#${groupKey(u.groups)}`);
  for (const c of courses) {
    parts.push(`CRS#${c.course_id}`);
    if (c.area_id) parts.push(`AREA#${c.area_id}`);
  }
  return [...new Set(parts)];
}

/**
 * Who is ranked: learners. Administrators and teachers (anyone holding a permission on a course:
 * teaching, authoring, translating) are left out, so the board compares learners with learners and
 * a staff account that tried every task does not sit on top of the class.
 */
export const rankedAccount = (u: { confirmed?: unknown; role_id?: unknown }) => u.confirmed !== false && !isAdminRole(Number(u.role_id ?? 1));

/** Does the user hold any course permission (teacher, author, translator …)? One small read. */
export async function holdsCourseGrant(userId: number): Promise<boolean> {
  const out = await db.send(
    new QueryCommand({
      TableName: table(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
      ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':p': 'PERM#' },
      ProjectionExpression: 'pk',
      Limit: 1,
    }),
  );
  return (out.Items ?? []).length > 0;
}

/** Is the user on the board now (its entry in the ALL partition)? */
export async function isOnBoard(u: Pick<LeaderSource, 'user_id' | 'xp'>): Promise<boolean> {
  const out = await db.send(new GetCommand({ TableName: table(), Key: { pk: 'LB#ALL', sk: leaderSortKey(u.xp, u.user_id) }, ProjectionExpression: 'pk' }));
  return Boolean(out.Item);
}

export const leaderEntryItem = (part: string, u: LeaderSource) => ({
  pk: `LB#${part}`,
  sk: leaderSortKey(u.xp, u.user_id),
  type: 'leader',
  user_id: u.user_id,
  nickname: u.nickname,
  xp: u.xp,
  country_id: u.country_id,
  groups: u.groups,
});


async function addToCounters(parts: string[], delta: number) {
  await Promise.all(
    parts.map((p) =>
      db.send(new UpdateCommand({ TableName: table(), Key: keys.leaderboardCount(p), UpdateExpression: 'ADD #n :d', ExpressionAttributeNames: { '#n': 'count' }, ExpressionAttributeValues: { ':d': delta } })),
    ),
  );
}

/**
 * Moves a user's entries from the old state to the new one (stream projection of user changes
 * and course starts). Either side may be null (insert / delete).
 */
export async function projectLeader(
  before: { user: LeaderSource; courses: Array<{ course_id: number; area_id?: number }> } | null,
  after: { user: LeaderSource; courses: Array<{ course_id: number; area_id?: number }> } | null,
) {
  const oldParts = before ? userPartitions(before.user, before.courses) : [];
  const newParts = after ? userPartitions(after.user, after.courses) : [];
  const oldKey = before ? leaderSortKey(before.user.xp, before.user.user_id) : '';
  const newKey = after ? leaderSortKey(after.user.xp, after.user.user_id) : '';
  const requests: Parameters<typeof batchWrite>[0] = [];
  for (const p of oldParts) {
    if (!newParts.includes(p) || oldKey !== newKey) requests.push({ DeleteRequest: { Key: { pk: `LB#${p}`, sk: oldKey } } });
  }
  if (after) for (const p of newParts) requests.push({ PutRequest: { Item: leaderEntryItem(p, after.user) } });
  // Deletes and puts of the same key must not share a batch.
  const deletes = requests.filter((r) => 'DeleteRequest' in r);
  const puts = requests.filter((r) => 'PutRequest' in r);
  await batchWrite(deletes);
  await batchWrite(puts);
  await addToCounters(newParts.filter((p) => !oldParts.includes(p)), 1);
  await addToCounters(oldParts.filter((p) => !newParts.includes(p)), -1);
}

export interface LeaderFilters {
  areas: number[];
  courses: number[];
  countries: number[];
  groups: string[];
}

/** The partitions to read for the filters, and a residual filter when courses/areas are combined with others. */
export function partitionsFor(f: LeaderFilters): { parts: string[]; residual: ((e: LeaderRow) => boolean) | null } {
  if (f.courses.length || f.areas.length) {
    const parts = [...f.courses.map((c) => `CRS#${c}`), ...f.areas.map((a) => `AREA#${a}`)];
    const countries = new Set(f.countries);
    const groups = new Set(f.groups.map(groupKey));
    const residual =
      countries.size || groups.size
        ? (e: LeaderRow) => (!countries.size || countries.has(e.country_id)) && (!groups.size || groups.has(groupKey(e.groups)))
        : null;
    return { parts, residual };
  }
  if (f.countries.length && f.groups.length) {
    return { parts: f.countries.flatMap((c) => f.groups.map((g) => `C#${c}#G#${groupKey(g)}`)), residual: null };
  }
  if (f.countries.length) return { parts: f.countries.map((c) => `C#${c}`), residual: null };
  if (f.groups.length) return { parts: f.groups.map((g) => `G#${groupKey(g)}`), residual: null };
  return { parts: ['ALL'], residual: null };
}

export interface LeaderRow {
  sk: string;
  user_id: number;
  nickname: string;
  xp: number;
  country_id: number;
  groups: string;
}

/**
 * Reads the first `limit` matching rows of one partition (fewer when it is smaller). With a residual
 * filter it reads at most `maxScan` entries, so a selective filter never walks a whole partition.
 */
async function head(part: string, limit: number, residual: ((e: LeaderRow) => boolean) | null, maxScan: number = LEADERBOARD_LIMITS.countScan) {
  const rows: LeaderRow[] = [];
  let scanned = 0;
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const pageLimit = Math.min(1000, residual ? maxScan - scanned : limit - rows.length);
    const out = await db.send(
      new QueryCommand({
        TableName: table(),
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': `LB#${part}` },
        ProjectionExpression: 'sk, user_id, nickname, xp, country_id, groups',
        Limit: pageLimit,
        ExclusiveStartKey,
      }),
    );
    scanned += out.Items?.length ?? 0;
    for (const r of (out.Items ?? []) as LeaderRow[]) if (!residual || residual(r)) rows.push(r);
    ExclusiveStartKey = out.LastEvaluatedKey;
  } while (ExclusiveStartKey && rows.length < limit && (!residual || scanned < maxScan));
  return rows.slice(0, limit);
}

/**
 * The pager's total. Plain partitions add their counters (one BatchGet); overlapping course/area
 * partitions or a residual filter count distinct matching users among at most `countScan` entries
 * in all (a lower bound beyond that).
 */
async function countOf(parts: string[], residual: ((e: LeaderRow) => boolean) | null): Promise<number> {
  const overlapping = parts.length > 1 && parts.some((p) => p.startsWith('CRS#') || p.startsWith('AREA#'));
  if (residual || overlapping) {
    const users = new Set<number>();
    const perPart = Math.max(100, Math.floor(LEADERBOARD_LIMITS.countScan / parts.length));
    const heads = await Promise.all(parts.map((p) => head(p, perPart, residual, perPart)));
    for (const rows of heads) for (const r of rows) users.add(r.user_id);
    return users.size;
  }
  const counters = await batchGet<{ sk: string; count?: number }>(parts.map((p) => keys.leaderboardCount(p)));
  return counters.reduce((s, c) => s + Number(c.count ?? 0), 0);
}

/** Thrown when filters select more than the limits allow (the route schema refuses these first). */
export class LeaderboardTooWide extends Invalid {
  constructor(problem: string) {
    super(problem, { end: [problem] }, problem);
  }
}

/** One page [start, end) of the filtered leaderboard, with the total for the pager. */
export async function leaderboardPage(f: LeaderFilters, start: number, end: number) {
  const dedupe = <T>(xs: T[]) => [...new Set(xs)];
  const filters = { areas: dedupe(f.areas), courses: dedupe(f.courses), countries: dedupe(f.countries), groups: dedupe(f.groups) };
  const { parts, residual } = partitionsFor(filters);
  if (parts.length > LEADERBOARD_LIMITS.partitions || parts.length * end > LEADERBOARD_LIMITS.entriesRead) {
    throw new LeaderboardTooWide(`Too many filter combinations or too far a page (${parts.length} partitions, end ${end}).`);
  }
  const [heads, count] = await Promise.all([Promise.all(parts.map((p) => head(p, end, residual))), countOf(parts, residual)]);
  const seen = new Set<number>();
  const merged = heads
    .flat()
    .sort((a, b) => (a.sk < b.sk ? -1 : a.sk > b.sk ? 1 : 0))
    .filter((r) => (seen.has(r.user_id) ? false : (seen.add(r.user_id), true)));
  return { count, rows: merged.slice(start, end) };
}

export const toLeaderEntry = (r: LeaderRow, countryName: (id: number) => string) => ({
  id: r.user_id,
  nickname: r.nickname,
  xp: r.xp,
  country: countryName(r.country_id),
  groups: r.groups,
  level: levelFromXp(r.xp),
});

/** At most this many learners ahead are counted for "my rank"; beyond it the rank is capped. */
export const RANK_COUNT_CAP = 5000;

/**
 * The caller's rank (1-based) under the filters, or null when the filters leave them out. Reads
 * the caller's own entries, then counts the learners ahead of them: at most RANK_COUNT_CAP
 * entries, so the cost is bounded (one COUNT query of small items for an unfiltered board).
 */
export async function myRank(me: LeaderSource, f: LeaderFilters): Promise<{ rank: number | null; capped: boolean }> {
  const { parts, residual } = partitionsFor(f);
  const mySk = leaderSortKey(me.xp, me.user_id);
  const mine = await batchGet<LeaderRow>(parts.map((p) => ({ pk: `LB#${p}`, sk: mySk })));
  if (!mine.some((r) => !residual || residual(r))) return { rank: null, capped: false };

  if (parts.length === 1 && !residual) {
    let ahead = 0;
    let ExclusiveStartKey: Record<string, unknown> | undefined;
    do {
      const out = await db.send(
        new QueryCommand({
          TableName: table(),
          KeyConditionExpression: 'pk = :pk AND sk < :mine',
          ExpressionAttributeValues: { ':pk': `LB#${parts[0]}`, ':mine': mySk },
          Select: 'COUNT',
          Limit: RANK_COUNT_CAP - ahead,
          ExclusiveStartKey,
        }),
      );
      ahead += out.Count ?? 0;
      ExclusiveStartKey = out.LastEvaluatedKey;
    } while (ExclusiveStartKey && ahead < RANK_COUNT_CAP);
    return { rank: ahead + 1, capped: ahead >= RANK_COUNT_CAP && Boolean(ExclusiveStartKey) };
  }

  // Several partitions (or a residual filter): distinct learners ahead, read up to the cap.
  const ahead = new Set<number>();
  let capped = false;
  for (const part of parts) {
    let ExclusiveStartKey: Record<string, unknown> | undefined;
    do {
      const out = await db.send(
        new QueryCommand({
          TableName: table(),
          KeyConditionExpression: 'pk = :pk AND sk < :mine',
          ExpressionAttributeValues: { ':pk': `LB#${part}`, ':mine': mySk },
          ProjectionExpression: 'user_id, country_id, groups',
          Limit: 1000,
          ExclusiveStartKey,
        }),
      );
      for (const r of (out.Items ?? []) as LeaderRow[]) if (!residual || residual(r)) ahead.add(r.user_id);
      ExclusiveStartKey = out.LastEvaluatedKey;
      if (ahead.size >= RANK_COUNT_CAP) capped = Boolean(ExclusiveStartKey) || part !== parts[parts.length - 1];
    } while (ExclusiveStartKey && ahead.size < RANK_COUNT_CAP);
    if (ahead.size >= RANK_COUNT_CAP) break;
  }
  return { rank: Math.min(ahead.size, RANK_COUNT_CAP) + 1, capped };
}
