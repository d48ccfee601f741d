/** The catalogue domain on the table's stream: the leaderboard entries follow users and their started courses. */
import type { Image, ItemChange, StreamProjection } from '../platform/streams/projection';
import { findUserById } from '../accounts/users';
import { projectLeader, type LeaderSource } from './leaderboard';
import { listUserCourses } from './store';

const leaderFields = ['xp', 'nickname', 'country_id', 'groups'] as const;
const asLeader = (u: Image): LeaderSource => ({
  user_id: Number(u.user_id),
  nickname: String(u.nickname ?? ''),
  xp: Number(u.xp ?? 0),
  country_id: Number(u.country_id ?? 0),
  groups: String(u.groups ?? ''),
});
const courseRefs = (items: Array<{ course_id: number; area_id?: number }>) => items.map((c) => ({ course_id: c.course_id, area_id: c.area_id }));

/** Keeps the leaderboard entries in step with users and their started courses. */
export async function projectLeaderboard({ eventName, before, after }: ItemChange): Promise<void> {
  const kind = (after ?? before)?.type;
  if (kind === 'user') {
    if (after && after.confirmed === false) return;
    const changed = !before || !after || before.confirmed !== after.confirmed || leaderFields.some((f) => before[f] !== after[f]);
    if (!changed) return;
    const userId = Number((after ?? before)!.user_id);
    const courses = courseRefs(await listUserCourses(userId));
    const wasListed = before && before.confirmed !== false;
    await projectLeader(wasListed ? { user: asLeader(before), courses } : null, after ? { user: asLeader(after), courses } : null);
  } else if (kind === 'user-course' && eventName === 'INSERT' && after) {
    const user = await findUserById(Number(after.user_id));
    if (!user || !user.confirmed) return;
    const courses = courseRefs(await listUserCourses(user.user_id));
    const without = courses.filter((c) => c.course_id !== Number(after.course_id));
    await projectLeader({ user: asLeader(user as unknown as Image), courses: without }, { user: asLeader(user as unknown as Image), courses });
  }
}

export const catalogueStream: StreamProjection = {
  name: 'catalogue',
  project: projectLeaderboard,
};
