/**
 * A student's study groups of a course (/student_settings/{id}; spec/3 "Teacher screens", §7): the
 * groups they are a member of, the course's other groups to join (a private one with its group key,
 * counted like competition keys) and leaving. A student sees group names only, never other members.
 */
import { getCourse } from '../catalogue';
import type { SessionUser } from '../platform/auth/tokens';
import { checkKey, courseCrumbs, groupOfCourse, notMember } from './access';
import type { GroupItem } from './model';
import { addRelationRecord, courseGroupIds, groupItems, relationItems, removeRelation } from './store';

const studentGroup = (g: GroupItem) => ({ id: g.id, group_name: g.name, type: g.group_type });

/** The course's group ids split into the caller's (member) and the others. */
async function courseMembership(user: SessionUser, courseId: number) {
  const [linked, rels] = await Promise.all([courseGroupIds(courseId), relationItems(user.userId)]);
  const member = new Set(rels.filter((r) => r.role === 'member').map((r) => r.group_id));
  return { mine: linked.filter((id) => member.has(id)), others: linked.filter((id) => !member.has(id)) };
}

export async function studentCourseGroups(user: SessionUser, courseId: number) {
  const [crumbs, { mine }] = await Promise.all([courseCrumbs(user, courseId), courseMembership(user, courseId)]);
  return { message: 'OK' as const, groups: (await groupItems(mine)).map(studentGroup), ...crumbs };
}

export async function joinableCourseGroups(user: SessionUser, courseId: number) {
  await getCourse(courseId);
  const { others } = await courseMembership(user, courseId);
  return { groups: (await groupItems(others)).map(studentGroup) };
}

/** Joins as a student: the owner and a public group's students need no key; a private group's the group key. */
export async function joinCourseGroup(user: SessionUser, body: { group_id: number; group_key: string; course_id: number }) {
  const g = await groupOfCourse(body.group_id, body.course_id);
  const keyNeeded = g.group_type === 0 && g.owner_id !== user.userId;
  if (keyNeeded) await checkKey(user, g.id, body.group_key, 'group', g.group_key);
  await addRelationRecord({ group_id: g.id, user_id: user.userId, role: 'member', by_key: keyNeeded });
  return { message: 'OK' as const };
}

export async function leaveCourseGroup(user: SessionUser, groupId: number, courseId: number) {
  await groupOfCourse(groupId, courseId);
  if (!(await removeRelation(user.userId, 'member', groupId))) throw notMember();
  return { message: 'OK' as const };
}
