/**
 * The catalogue domain on the table's stream: the leaderboard entries follow users, their started courses
 * and grants; a category's counts follow its areas and courses.
 */
import type { Image, ItemChange, StreamProjection } from '../platform/streams/projection';
import { findUserById } from '../accounts/users';
import { holdsCourseGrant } from '../platform/auth/course-grants';
import { isOnBoard, projectLeader, rankedAccount, type LeaderSource } from './leaderboard';
import { listUserCourses } from './store';
import { projectCategoryCounts } from './category-counts';

const leaderFields = ['xp', 'nickname', 'country_id', 'groups'] as const;
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
 * leaves the board, one whose last permission goes away comes back.
 */
export async function projectLeaderboard({ eventName, before, after }: ItemChange): Promise<void> {
  const kind = (after ?? before)?.type;
  if (kind === 'user') {
    const changed =
      !before || !after || before.confirmed !== after.confirmed || before.role_id !== after.role_id || leaderFields.some((f) => before[f] !== after[f]);
    if (!changed) return;
    const userId = Number((after ?? before)!.user_id);
    const wanted = (u: Image | undefined) => Boolean(u && rankedAccount(u));
    if (!wanted(before) && !wanted(after)) return;
    // A grant is not part of the user item, so it is the same before and after.
    if (await holdsCourseGrant(userId)) return;
    const courses = courseRefs(await listUserCourses(userId));
    await projectLeader(wanted(before) ? { user: asLeader(before!), courses } : null, wanted(after) ? { user: asLeader(after!), courses } : null);
  } else if (kind === 'user-course' && eventName === 'INSERT' && after) {
    const user = await findUserById(Number(after.user_id));
    if (!user || !rankedAccount(user) || (await holdsCourseGrant(user.user_id))) return;
    const courses = courseRefs(await listUserCourses(user.user_id));
    const without = courses.filter((c) => c.course_id !== Number(after.course_id));
    await projectLeader({ user: asLeader(user as unknown as Image), courses: without }, { user: asLeader(user as unknown as Image), courses });
  } else if (kind === 'permission' && (eventName === 'INSERT' || eventName === 'REMOVE')) {
    const user = await findUserById(Number((after ?? before)!.user_id));
    if (!user) return;
    const leader = asLeader(user as unknown as Image);
    const shouldBe = rankedAccount(user) && !(await holdsCourseGrant(user.user_id));
    const is = await isOnBoard(leader);
    if (is === shouldBe) return;
    const courses = courseRefs(await listUserCourses(user.user_id));
    await projectLeader(is ? { user: leader, courses } : null, shouldBe ? { user: leader, courses } : null);
  }
}

export const catalogueStream: StreamProjection = {
  name: 'catalogue',
  project: async (change) => {
    await projectLeaderboard(change);
    await projectCategoryCounts(change);
  },
};
