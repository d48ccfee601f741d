/**
 * Leaderboard kept up to date on write: each learner has one entry per partition it belongs to
 * (all, country, group, country+group, each started course and area), sorted by xp in the sort
 * key, and each partition has a counter for the pager. A page filtered by country and/or group,
 * or by one course or area alone, reads at most `end` entries per selected partition and merges
 * them, and takes its total from the counters. A course/area filter combined with a country or
 * group, or several courses/areas at once, counts distinct matching users among at most
 * `LEADERBOARD_LIMITS.countScan` entries (a lower bound beyond that); partitions and entries read
 * per request are capped too. The filter lists (areas, courses) are a projection kept by the
 * admin writes.
 */
import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { defineEntity, num, str, type ItemOf } from '../platform/db/entity';
import { addToCounter, counterUpdate } from '../platform/db/operations';
import { batchGetEach, batchWrite, type WriteRequest } from '../platform/db/batch';
import { isAdminRole, LEADERBOARD_LIMITS, levelFromXp, progressPercent } from '@lectio/shared';
import { Invalid, NotFound } from '../platform/http/errors';
import { countryList, countryName } from '../accounts';
import { groupNamesByIds, registrationGroups } from '../accounts';
import { findUserById } from '../accounts';
import { textOr, type CourseItem, type Texts } from './model';
import { db, table } from '../platform/db/client';
import { catalogueKeys } from './keys';
import { batchGet, listAreaCourses, listAreas, listCategories, listUserCourses, userLanguage } from './store';

export interface LeaderSource {
  user_id: number;
  nickname: string;
  xp: number;
  country_id: number;
  groups: string;
}

const part = catalogueKeys.leaderboardPart;

const leaderSortKey = catalogueKeys.leaderSortKey;

/** Group names go into keys; '#' would break them. */
const groupKey = (g: string) => g.trim().toLowerCase().replace(/#/g, '');

export function userPartitions(u: Pick<LeaderSource, 'country_id' | 'groups'>, courses: Array<{ course_id: number; area_id?: number }> = []): string[] {
  const parts = [part.all, part.country(u.country_id)];
  if (u.groups?.trim()) parts.push(part.group(groupKey(u.groups)), part.countryGroup(u.country_id, groupKey(u.groups)));
  for (const c of courses) {
    parts.push(part.course(c.course_id));
    if (c.area_id) parts.push(part.area(c.area_id));
  }
  return [...new Set(parts)];
}

/**
 * Who is ranked: learners. Administrators and teachers (anyone holding a permission on a course:
 * teaching, authoring, translating) are left out, so the board compares learners with learners and
 * a staff account that tried every task does not sit on top of the class.
 */
export const rankedAccount = (u: { confirmed?: unknown; role_id?: unknown }) => u.confirmed !== false && !isAdminRole(Number(u.role_id ?? 1));

/** Is the user on the board now (its entry in the ALL partition)? */
export async function isOnBoard(u: Pick<LeaderSource, 'user_id' | 'xp'>): Promise<boolean> {
  return rankRows.exists(catalogueKeys.leaderEntry(part.all, leaderSortKey(u.xp, u.user_id)));
}

/** A learner's entry in one partition; the ALL entry also lists every partition the learner is in. */
export const leaderEntryItem = (partition: string, u: LeaderSource, parts: string[]) => ({
  ...catalogueKeys.leaderEntry(partition, leaderSortKey(u.xp, u.user_id)),
  type: 'leader',
  user_id: u.user_id,
  nickname: u.nickname,
  xp: u.xp,
  country_id: u.country_id,
  groups: u.groups,
  ...(partition === part.all ? { parts } : {}),
});


/**
 * The pager counters' changes of a stream batch, summed per partition: a batch that places many
 * learners in the same partitions (a class registering, a seed) updates each counter once.
 */
export type LeaderCounterDeltas = Map<string, number>;

function addToCounters(deltas: LeaderCounterDeltas, parts: string[], delta: number) {
  for (const p of parts) deltas.set(p, (deltas.get(p) ?? 0) + delta);
}

/** A partition counter's change, for a transaction (the demo learners' counters move with the seed marker). */
export const leaderCounterUpdate = (partition: string, delta: number) => counterUpdate(catalogueKeys.leaderboardCount(partition), 'count', delta);

/**
 * The reference recount of a partition's counter: its entries counted (consistent reads, every page) and the
 * counter set to that. For a repair when the stream's projections are drained (the demo learners' write
 * resumed after a stop part-way, whose records the stream may have projected as well).
 */
export async function recountLeaderPartition(partition: string): Promise<number> {
  let count = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const out = await db.send(
      new QueryCommand({
        TableName: table(),
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': catalogueKeys.leaderboard(partition) },
        Select: 'COUNT',
        ConsistentRead: true,
        ExclusiveStartKey: start,
      }),
    );
    count += out.Count ?? 0;
    start = out.LastEvaluatedKey;
  } while (start);
  await db.send(
    new UpdateCommand({
      TableName: table(),
      Key: catalogueKeys.leaderboardCount(partition),
      UpdateExpression: 'SET #v = :n',
      ExpressionAttributeNames: { '#v': 'count' },
      ExpressionAttributeValues: { ':n': count },
    }),
  );
  return count;
}

/** Writes the summed counter changes (one update per partition that changed). */
export async function applyLeaderCounters(deltas: LeaderCounterDeltas): Promise<void> {
  const changed = [...deltas].filter(([, delta]) => delta !== 0);
  await Promise.all(changed.map(([p, delta]) => addToCounter(catalogueKeys.leaderboardCount(p), 'count', delta)));
}

/**
 * Where a learner's entries are now: the partitions the ALL entry lists, rather than those assumed from
 * the change's old image. The old image is built from state read later (started courses), so a course
 * start projected after the user was already projected with that course, or a replayed change, would
 * otherwise count a partition twice. The entry is looked for at the old sort key, then at the new one (a
 * replay after the move). When neither is found (the learner is not on the board, or an XP change of
 * theirs is still on its way in the stream) or the entry lists no partitions (written before they were
 * kept), the old image decides, as before.
 */
async function entriesAsTheyAre(
  before: { user: LeaderSource; courses: Array<{ course_id: number; area_id?: number }> } | null,
  newKey: string,
): Promise<{ parts: string[]; key: string }> {
  const oldKey = before ? leaderSortKey(before.user.xp, before.user.user_id) : '';
  const assumed = { parts: before ? userPartitions(before.user, before.courses) : [], key: oldKey };
  const keys = [...new Set([oldKey, newKey].filter(Boolean))];
  const found = await batchGetEach<{ parts?: unknown }>(
    keys.map((k) => catalogueKeys.leaderEntry(part.all, k)),
    { consistent: true, projection: 'parts' },
  );
  const at = found.findIndex(Boolean);
  const listed = at < 0 ? undefined : found[at]!.parts;
  if (Array.isArray(listed) && listed.includes(part.all)) return { parts: listed as string[], key: keys[at]! };
  return assumed;
}

/**
 * Moves a user's entries from the old state to the new one (stream projection of user changes
 * and course starts). Either side may be null (insert / delete). The partition counters' changes go
 * into `counters` when given (the caller applies a batch's sum once), else they are written at once.
 */
export async function projectLeader(
  before: { user: LeaderSource; courses: Array<{ course_id: number; area_id?: number }> } | null,
  after: { user: LeaderSource; courses: Array<{ course_id: number; area_id?: number }> } | null,
  counters?: LeaderCounterDeltas,
) {
  const newParts = after ? userPartitions(after.user, after.courses) : [];
  const newKey = after ? leaderSortKey(after.user.xp, after.user.user_id) : '';
  const { parts: oldParts, key: oldKey } = await entriesAsTheyAre(before, newKey);
  const requests: Parameters<typeof batchWrite>[0] = [];
  for (const p of oldParts) {
    if (!newParts.includes(p) || oldKey !== newKey) requests.push({ DeleteRequest: { Key: catalogueKeys.leaderEntry(p, oldKey) } });
  }
  if (after) for (const p of newParts) requests.push({ PutRequest: { Item: leaderEntryItem(p, after.user, newParts) } });
  // Deletes and puts of the same key must not share a batch.
  const deletes = requests.filter((r) => 'DeleteRequest' in r);
  const puts = requests.filter((r) => 'PutRequest' in r);
  await batchWrite(deletes);
  await batchWrite(puts);
  const deltas: LeaderCounterDeltas = counters ?? new Map();
  addToCounters(deltas, newParts.filter((p) => !oldParts.includes(p)), 1);
  addToCounters(deltas, oldParts.filter((p) => !newParts.includes(p)), -1);
  if (!counters) await applyLeaderCounters(deltas);
}

/**
 * Learners whose XP changed and nothing else that places them on the board: each entry moves to the
 * new sort key in the partitions the old ALL entry lists, without reading grants or started courses
 * (one consistent batch read of the ALL entries, then batched writes for all the learners). The new
 * entries are written first and the old ALL entries are deleted last, so a replay after a partial move
 * finds the old ALL entry and moves again. Nothing to do for a learner without an entry at the old XP
 * (not ranked, holds a grant, or already moved). Returns the learners whose ALL entry does not list its
 * partitions (written before they were kept): the caller takes the full path for them.
 */
export async function moveLeadersXp(moves: Array<{ before: LeaderSource; after: LeaderSource }>): Promise<number[]> {
  const moving = moves
    .map((m) => ({ ...m, oldKey: leaderSortKey(m.before.xp, m.before.user_id) }))
    .filter((m) => m.oldKey !== leaderSortKey(m.after.xp, m.after.user_id));
  const read = await batchGetEach<{ parts?: unknown }>(
    moving.flatMap((m) => [catalogueKeys.leaderEntry(part.all, m.oldKey), catalogueKeys.leaderEntry(part.all, leaderSortKey(m.after.xp, m.after.user_id))]),
    { consistent: true, projection: 'parts' },
  );
  const oldAll = moving.map((_, i) => read[2 * i]);
  // A course start projected with the learner's newer XP (read from the user item while this change
  // was still on its way) may have written entries at the new key already: they stay listed.
  const atNew = moving.map((_, i) => read[2 * i + 1]?.parts);
  const puts: WriteRequest[] = [];
  const deletes: WriteRequest[] = [];
  const allDeletes: WriteRequest[] = [];
  const unlisted: number[] = [];
  moving.forEach((m, i) => {
    const entry = oldAll[i];
    if (!entry) return;
    const listed = entry.parts;
    if (!Array.isArray(listed) || !listed.includes(part.all)) {
      unlisted.push(m.after.user_id);
      return;
    }
    const already = atNew[i];
    const parts = [...new Set([...(listed as string[]), ...(Array.isArray(already) ? (already as string[]) : [])])];
    for (const p of parts) {
      puts.push({ PutRequest: { Item: leaderEntryItem(p, m.after, parts) } });
      const old = { DeleteRequest: { Key: catalogueKeys.leaderEntry(p, m.oldKey) } };
      (p === part.all ? allDeletes : deletes).push(old);
    }
  });
  await batchWrite([...puts, ...deletes, ...allDeletes]);
  return unlisted;
}

export interface LeaderFilters {
  areas: number[];
  courses: number[];
  countries: number[];
  groups: string[];
}

/** The partitions to read for the filters, and a residual filter when courses/areas are combined with others. */
export function partitionsFor(f: LeaderFilters): { parts: string[]; residual: ((e: RankRow) => boolean) | null } {
  if (f.courses.length || f.areas.length) {
    const parts = [...f.courses.map(part.course), ...f.areas.map(part.area)];
    const countries = new Set(f.countries);
    const groups = new Set(f.groups.map(groupKey));
    const residual =
      countries.size || groups.size
        ? (e: RankRow) => (!countries.size || countries.has(e.country_id)) && (!groups.size || groups.has(groupKey(e.groups)))
        : null;
    return { parts, residual };
  }
  if (f.countries.length && f.groups.length) {
    return { parts: f.countries.flatMap((c) => f.groups.map((g) => part.countryGroup(c, groupKey(g)))), residual: null };
  }
  if (f.countries.length) return { parts: f.countries.map(part.country), residual: null };
  if (f.groups.length) return { parts: f.groups.map((g) => part.group(groupKey(g))), residual: null };
  return { parts: [part.all], residual: null };
}

/** What the filters and the rank read of a leaderboard entry (the rank's projection). */
const rankFields = { user_id: z.number(), country_id: num(), groups: str() };
const rankRows = defineEntity('leader', rankFields);
/** A leaderboard entry as a page shows it (the page's projection). */
const leaderRows = defineEntity('leader', { ...rankFields, sk: z.string(), nickname: str(), xp: num() });
export type LeaderRow = ItemOf<typeof leaderRows>;
type RankRow = ItemOf<typeof rankRows>;

/**
 * Reads the first `limit` matching rows of one partition (fewer when it is smaller). With a residual
 * filter it reads at most `maxScan` entries, so a selective filter never walks a whole partition.
 */
async function head(partition: string, limit: number, residual: ((e: LeaderRow) => boolean) | null, maxScan: number = LEADERBOARD_LIMITS.countScan) {
  const rows: LeaderRow[] = [];
  let scanned = 0;
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const pageLimit = Math.min(1000, residual ? maxScan - scanned : limit - rows.length);
    const page = await leaderRows.queryPage({
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': catalogueKeys.leaderboard(partition) },
      ProjectionExpression: 'sk, user_id, nickname, xp, country_id, groups',
      Limit: pageLimit,
      ExclusiveStartKey,
    });
    scanned += page.items.length;
    for (const r of page.items) if (!residual || residual(r)) rows.push(r);
    ExclusiveStartKey = page.last;
  } while (ExclusiveStartKey && rows.length < limit && (!residual || scanned < maxScan));
  return rows.slice(0, limit);
}

/**
 * The pager's total. Plain partitions add their counters (one BatchGet); overlapping course/area
 * partitions or a residual filter count distinct matching users among at most `countScan` entries
 * in all (a lower bound beyond that).
 */
async function countOf(parts: string[], residual: ((e: LeaderRow) => boolean) | null): Promise<number> {
  const overlapping = parts.length > 1 && parts.some(part.isCourseOrArea);
  if (residual || overlapping) {
    const users = new Set<number>();
    const perPart = Math.max(100, Math.floor(LEADERBOARD_LIMITS.countScan / parts.length));
    const heads = await Promise.all(parts.map((p) => head(p, perPart, residual, perPart)));
    for (const rows of heads) for (const r of rows) users.add(r.user_id);
    return users.size;
  }
  const counters = await batchGet<{ sk: string; count?: number }>(parts.map((p) => catalogueKeys.leaderboardCount(p)));
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
  const mine = await leaderRows.batchGet(parts.map((p) => catalogueKeys.leaderEntry(p, mySk)));
  if (!mine.some((r) => !residual || residual(r))) return { rank: null, capped: false };

  if (parts.length === 1 && !residual) {
    let ahead = 0;
    let ExclusiveStartKey: Record<string, unknown> | undefined;
    do {
      const out = await db.send(
        new QueryCommand({
          TableName: table(),
          KeyConditionExpression: 'pk = :pk AND sk < :mine',
          ExpressionAttributeValues: { ':pk': catalogueKeys.leaderboard(parts[0]!), ':mine': mySk },
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
  for (const partition of parts) {
    let ExclusiveStartKey: Record<string, unknown> | undefined;
    do {
      const page = await rankRows.queryPage({
        KeyConditionExpression: 'pk = :pk AND sk < :mine',
        ExpressionAttributeValues: { ':pk': catalogueKeys.leaderboard(partition), ':mine': mySk },
        ProjectionExpression: 'user_id, country_id, groups',
        Limit: 1000,
        ExclusiveStartKey,
      });
      for (const r of page.items) if (!residual || residual(r)) ahead.add(r.user_id);
      ExclusiveStartKey = page.last;
      if (ahead.size >= RANK_COUNT_CAP) capped = Boolean(ExclusiveStartKey) || partition !== parts[parts.length - 1];
    } while (ExclusiveStartKey && ahead.size < RANK_COUNT_CAP);
    if (ahead.size >= RANK_COUNT_CAP) break;
  }
  return { rank: Math.min(ahead.size, RANK_COUNT_CAP) + 1, capped };
}

// ---------------- the API's views ----------------

const ids = (list: string) => (list ? list.split(',').map(Number) : []);

/** The API's filter fields (ids as comma-separated lists; groups by id) as the board's filters. */
type FilterFields = { areas: string; courses: string; countries: string; groups: string };

async function filtersOf(body: FilterFields): Promise<LeaderFilters> {
  const groupNames = await groupNamesByIds(ids(body.groups));
  return {
    areas: ids(body.areas),
    courses: ids(body.courses),
    countries: ids(body.countries),
    groups: ids(body.groups).map((id) => groupNames.get(id) ?? `#${id}`),
  };
}

const named = z.array(z.object({ id: z.number(), names: z.record(z.string(), z.string()) }));
/** The leaderboard's filter lists (one item, rebuilt after every change of the catalogue tree). */
const leaderFilters = defineEntity('leader-filters', { areas: named, courses: named });
type LeaderFilterLists = { areas: Array<{ id: number; names: Texts }>; courses: Array<{ id: number; names: Texts }> };

/** Rebuilds the filter lists (every area and course, in catalogue order); run after each change of the tree. */
export async function rebuildLeaderFilters(): Promise<LeaderFilterLists> {
  const cats = await listCategories();
  const areas = (await Promise.all(cats.map((c) => listAreas(c.category_id)))).flat();
  const courses = (await Promise.all(areas.map((a) => listAreaCourses(a.area_id)))).flat();
  const lists: LeaderFilterLists = {
    areas: areas.map((a) => ({ id: a.area_id, names: a.names })),
    courses: courses.map((c) => ({ id: c.course_id, names: c.names })),
  };
  await leaderFilters.put({ ...catalogueKeys.leaderFilters(), type: 'leader-filters', ...lists });
  return lists;
}

/** Runs a change of the catalogue tree, then brings the leaderboard's filter lists up to date. */
export async function treeChange<T>(change: Promise<T>): Promise<T> {
  const result = await change;
  await rebuildLeaderFilters();
  return result;
}

/** get-leaders-filter-data: one read of the projection (built on first use), countries and groups. */
export async function leaderFilterData(userId: number) {
  const [langId, stored, groups] = await Promise.all([
    userLanguage(userId),
    leaderFilters.get(catalogueKeys.leaderFilters()),
    registrationGroups(),
  ]);
  const lists: LeaderFilterLists = stored ?? (await rebuildLeaderFilters());
  return {
    areas: lists.areas.map((a) => ({ id: a.id, name: textOr(a.names, langId) })),
    courses: lists.courses.map((c) => ({ id: c.id, name: textOr(c.names, langId) })),
    countries: countryList(langId),
    groups,
  };
}

/** get-leaders2: a filtered page (ids as comma-separated lists), country names in the caller's language. */
export async function leadersPage(userId: number, body: FilterFields & { start: number; end: number }) {
  const [langId, filters] = await Promise.all([userLanguage(userId), filtersOf(body)]);
  const page = await leaderboardPage(filters, body.start, body.end);
  return {
    count: page.count,
    list: page.rows.length ? page.rows.map((r) => toLeaderEntry(r, (id) => countryName(id, langId))) : ('empty' as const),
  };
}

/** get-leader-course: a leader's courses with progress and score. */
export async function leaderCourses(callerId: number, leaderId: number) {
  const langId = await userLanguage(callerId);
  const mine = await listUserCourses(leaderId);
  const courses = new Map((await batchGet<CourseItem>(mine.map((uc) => catalogueKeys.course(uc.course_id)))).map((c) => [c.course_id, c]));
  return {
    list: mine
      .filter((uc) => courses.has(uc.course_id))
      .map((uc) => {
        const c = courses.get(uc.course_id)!;
        const done = Number(uc.content_passed ?? 0) + Number(uc.task_passed ?? 0) + Number(uc.program_passed ?? 0);
        const total = Number(c.content_count ?? 0) + Number(c.task_count ?? 0) + Number(c.program_count ?? 0);
        return {
          name: textOr(c.names, langId),
          progress: progressPercent(done, total),
          score: Number(uc.score_task ?? 0) + Number(uc.score_program ?? 0),
          max: Number(c.max_score_task ?? 0) + Number(c.max_score_program ?? 0),
        };
      }),
  };
}

/** get-my-leader-rank: the caller's rank under the filters. */
export async function myLeaderRank(userId: number, body: FilterFields) {
  const [me, filters] = await Promise.all([findUserById(userId), filtersOf(body)]);
  if (!me) throw new NotFound('User not found.');
  const leader = { user_id: me.user_id, nickname: me.nickname, xp: Number(me.xp ?? 0), country_id: Number(me.country_id), groups: String(me.groups ?? '') };
  const { rank, capped } = await myRank(leader, filters);
  return { message: 'OK' as const, rank, capped };
}
