/**
 * The catalogue domain on the table's stream: the leaderboard entries follow users, their started courses
 * and grants; a category's counts follow its areas and courses.
 */
import type { Image, ItemChange, StreamProjection } from '../platform/streams/projection';
import { findUserById } from '../accounts';
import { holdsCourseGrant } from '../platform/auth/course-grants';
import { applyLeaderCounters, isOnBoard, moveLeadersXp, projectLeader, rankedAccount, type LeaderCounterDeltas, type LeaderSource } from './leaderboard';
import { listUserCourses } from './store';
import { projectCategoryCounts } from './category-counts';

const leaderFields = ['xp', 'nickname', 'country_id', 'groups'] as const;
/** What places a learner in partitions or shows on the entry, besides the XP. */
const placingFields = leaderFields.filter((f) => f !== 'xp');
const asLeader = (u: Image): LeaderSource => ({
  user_id: Number(u.user_id),
  nickname: String(u.nickname ?? ''),
  xp: Number(u.xp ?? 0),
  country_id: Number(u.country_id ?? 0),
  groups: String(u.groups ?? ''),
});
const courseRefs = (items: Array<{ course_id: number; area_id?: number }>) => items.map((c) => ({ course_id: c.course_id, area_id: c.area_id }));

/**
 * Keeps the leaderboard entries in step with users, their started courses and their course
 * permissions. Only learners are ranked (see `rankedAccount`): a user who gets a course permission
 * leaves the board, one whose last permission goes away comes back. The partition counters' changes go
 * into `counters` when given (a batch applies their sum once).
 */
export async function projectLeaderboard(change: ItemChange, counters?: LeaderCounterDeltas): Promise<void> {
  const { eventName, before, after } = change;
  const kind = (after ?? before)?.type;
  if (kind === 'user') {
    const changed =
      !before || !after || before.confirmed !== after.confirmed || before.role_id !== after.role_id || leaderFields.some((f) => before[f] !== after[f]);
    if (!changed) return;
    if (!ranked(before) && !ranked(after)) return;
    if (xpMoveOf(change) && (await moveLeadersXp([{ before: asLeader(before!), after: asLeader(after!) }])).length === 0) return;
    await projectUserFully(change, counters);
  } else if (kind === 'user-course' && eventName === 'INSERT' && after) {
    const user = await findUserById(Number(after.user_id));
    if (!user || !rankedAccount(user) || (await holdsCourseGrant(user.user_id))) return;
    const courses = courseRefs(await listUserCourses(user.user_id));
    const without = courses.filter((c) => c.course_id !== Number(after.course_id));
    await projectLeader({ user: asLeader(user as unknown as Image), courses: without }, { user: asLeader(user as unknown as Image), courses }, counters);
  } else if (kind === 'permission' && (eventName === 'INSERT' || eventName === 'REMOVE')) {
    const user = await findUserById(Number((after ?? before)!.user_id));
    if (!user) return;
    const leader = asLeader(user as unknown as Image);
    const shouldBe = rankedAccount(user) && !(await holdsCourseGrant(user.user_id));
    const is = await isOnBoard(leader);
    if (is === shouldBe) return;
    const courses = courseRefs(await listUserCourses(user.user_id));
    await projectLeader(is ? { user: leader, courses } : null, shouldBe ? { user: leader, courses } : null, counters);
  }
}

const ranked = (u: Image | undefined) => Boolean(u && rankedAccount(u));

/** A user's change read in full: grants and started courses decide their entries. */
async function projectUserFully({ before, after }: ItemChange, counters?: LeaderCounterDeltas): Promise<void> {
  const userId = Number((after ?? before)!.user_id);
  // A grant is not part of the user item, so it is the same before and after.
  if (await holdsCourseGrant(userId)) return;
  const courses = courseRefs(await listUserCourses(userId));
  await projectLeader(ranked(before) ? { user: asLeader(before!), courses } : null, ranked(after) ? { user: asLeader(after!), courses } : null, counters);
}

/** A ranked learner's change of XP alone (nothing else that places them or shows on the board). */
function xpMoveOf({ before, after }: ItemChange): boolean {
  if (before?.type !== 'user' || after?.type !== 'user' || before.xp === after.xp) return false;
  if (before.confirmed !== after.confirmed || before.role_id !== after.role_id) return false;
  return placingFields.every((f) => before[f] === after[f]) && rankedAccount(after);
}

/** Whose leaderboard place a change may move: users, their started courses and their permissions. */
function leaderSubjectOf({ eventName, before, after }: ItemChange): number | null {
  const image = after ?? before;
  const kind = image?.type;
  if (kind === 'user' || (kind === 'user-course' && eventName === 'INSERT') || (kind === 'permission' && eventName !== 'MODIFY')) {
    return Number(image!.user_id);
  }
  return null;
}

/**
 * The leaderboard over a batch: a learner whose only changes in the batch are XP changes moves once,
 * from the XP before the first to the XP after the last, together with every other such learner (one
 * consistent batch read and batched writes); any other learner's changes are projected one by one, in
 * stream order, a few learners at a time (their entries are their own). The partition counters change
 * once per batch, by the batch's sum: a class registering or a seed updates each counter once, not once
 * per learner, and a retried batch that failed before the end applies them once.
 */
export async function projectLeaderboardBatch(changes: ItemChange[]): Promise<void> {
  const bySubject = new Map<number, ItemChange[]>();
  for (const change of changes) {
    const subject = leaderSubjectOf(change);
    if (subject !== null) bySubject.set(subject, [...(bySubject.get(subject) ?? []), change]);
  }
  const moves: Array<{ before: LeaderSource; after: LeaderSource }> = [];
  const coalesced = new Map<number, ItemChange>();
  const oneByOne: ItemChange[][] = [];
  for (const [userId, mine] of bySubject) {
    if (mine.every(xpMoveOf)) {
      const change = { eventName: 'MODIFY' as const, before: mine[0]!.before, after: mine.at(-1)!.after };
      moves.push({ before: asLeader(change.before!), after: asLeader(change.after!) });
      coalesced.set(userId, change);
    } else {
      oneByOne.push(mine);
    }
  }
  const counters: LeaderCounterDeltas = new Map();
  for (let i = 0; i < oneByOne.length; i += SUBJECTS_AT_ONCE) {
    await Promise.all(
      oneByOne.slice(i, i + SUBJECTS_AT_ONCE).map(async (mine) => {
        for (const change of mine) await projectLeaderboard(change, counters);
      }),
    );
  }
  // Entries written before their partitions were kept take the full path.
  for (const userId of await moveLeadersXp(moves)) await projectUserFully(coalesced.get(userId)!, counters);
  await applyLeaderCounters(counters);
}

/** Learners projected at the same time within a batch (each one's changes stay in stream order). */
const SUBJECTS_AT_ONCE = 8;

export const catalogueStream: StreamProjection = {
  name: 'catalogue',
  projectBatch: async (changes) => {
    await projectLeaderboardBatch(changes);
    for (const change of changes) await projectCategoryCounts(change);
  },
};
