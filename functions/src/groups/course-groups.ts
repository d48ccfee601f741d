/**
 * The course groups screen of a teacher (/teacher_quizzes, /teacher_groups, /course_groups; spec/3
 * "Teacher screens", §4 "Groups", §5, §7): the course's groups the caller created and teaches, with
 * create/edit, archive per list, teach (another teacher's group needs its teacher key), stop, delete.
 *
 * Who may (issue 21 item 6): any logged-in user may teach in a course, i.e. create groups of it and
 * teach their own groups and the groups whose teacher key they were given; so the "teacher permission"
 * this screen checks is being logged in and the course existing (404 'Course not found.' otherwise).
 * Every change is then authorised per group: only the owner edits, archives in 'created' or deletes; only
 * a teacher of the group archives in 'teaching' or stops; a group id must be one of the course's groups.
 * Admins and holders of the teacher grant (200) see every group of the course in the teacher tables
 * (teaching domain, `teacherGroupsInCourse`), not here: this screen lists the caller's own relations.
 */
import type { z } from 'zod';
import type { courseGroupForm } from '@lectio/shared';
import { getCourse } from '../catalogue';
import type { SessionUser } from '../platform/auth/tokens';
import { Invalid } from '../platform/http/errors';
import { assertOwner, checkKey, courseCrumbs, coursePermissions, groupOfCourse, notOwner, notTeaching } from './access';
import type { GroupItem, GroupRole, RelationItem } from './model';
import {
  addRelationRecord,
  courseGroupIds,
  createGroupRecord,
  deleteGroupRecord,
  getRelation,
  groupItems,
  relationItems,
  removeRelation,
  setArchived,
  updateGroupRecord,
} from './store';

const courseGroup = (g: GroupItem, rel: RelationItem) => ({
  id: g.id,
  group_name: g.name,
  group_key: g.group_key,
  teacher_key: g.teacher_key,
  archived: rel.archived ? 1 : 0,
});

/** The caller's relations to the course's groups with the groups themselves. */
async function myCourseGroups(user: SessionUser, courseId: number) {
  const [linked, rels] = await Promise.all([courseGroupIds(courseId), relationItems(user.userId)]);
  const inCourse = new Set(linked);
  const mine = rels.filter((r) => inCourse.has(r.group_id));
  const byId = new Map((await groupItems(mine.map((r) => r.group_id))).map((g) => [g.id, g]));
  return { linked, mine, byId };
}

export async function courseGroups(user: SessionUser, courseId: number) {
  const [crumbs, permissions, { mine, byId }] = await Promise.all([
    courseCrumbs(user, courseId),
    coursePermissions(user, courseId),
    myCourseGroups(user, courseId),
  ]);
  const list = (role: GroupRole) => mine.filter((r) => r.role === role && byId.has(r.group_id)).map((r) => courseGroup(byId.get(r.group_id)!, r));
  return { message: 'OK' as const, ...crumbs, created_groups: list('owner'), teaching_groups: list('teacher'), permissions };
}

export async function editCourseGroup(user: SessionUser, body: z.output<typeof courseGroupForm> & { group_id: number; course_id: number }) {
  const fields = { name: body.group_name, group_key: body.group_key, teacher_key: body.teacher_key };
  if (body.group_id === 0) {
    await getCourse(body.course_id);
    const id = await createGroupRecord({ ...fields, type: 0, owner_id: user.userId, course_id: body.course_id });
    return { message: 'OK' as const, id };
  }
  assertOwner(user, await groupOfCourse(body.group_id, body.course_id));
  await updateGroupRecord(body.group_id, fields);
  return { message: 'OK' as const, id: body.group_id };
}

/** The course's groups the caller does not teach yet; `own` 1 for the caller's own (taught without a key). */
export async function teachableGroups(user: SessionUser, courseId: number) {
  await getCourse(courseId);
  const [linked, rels] = await Promise.all([courseGroupIds(courseId), relationItems(user.userId)]);
  const taught = new Set(rels.filter((r) => r.role === 'teacher').map((r) => r.group_id));
  const groups = await groupItems(linked.filter((id) => !taught.has(id)));
  return { teaching_groups: groups.map((g) => ({ id: g.id, group_name: g.name, own: g.owner_id === user.userId ? 1 : 0 })) };
}

export async function addTeacherToGroup(user: SessionUser, body: { group_id: number; teacher_key: string; course_id: number }) {
  const g = await groupOfCourse(body.group_id, body.course_id);
  const owner = g.owner_id === user.userId;
  if (!owner) {
    if (!g.teacher_key) throw new Invalid('This group has no teacher key: only its owner teaches it.');
    await checkKey(user, g.id, body.teacher_key, 'teacher', g.teacher_key);
  }
  await addRelationRecord({ group_id: g.id, user_id: user.userId, role: 'teacher', by_key: !owner });
  return { message: 'OK' as const, group_key: g.group_key };
}

export async function stopTeaching(user: SessionUser, groupId: number, courseId: number) {
  await groupOfCourse(groupId, courseId);
  if (!(await removeRelation(user.userId, 'teacher', groupId))) throw notTeaching();
  return { message: 'OK' as const };
}

/** Toggles the archived flag of the caller's relation in the 'created' (owner) or 'teaching' (teacher) list. */
export async function changeArchive(user: SessionUser, groupId: number, list: 'created' | 'teaching', courseId: number) {
  await groupOfCourse(groupId, courseId);
  const role: GroupRole = list === 'created' ? 'owner' : 'teacher';
  const rel = await getRelation(user.userId, role, groupId);
  if (!rel) throw role === 'owner' ? notOwner() : notTeaching();
  const archived = !rel.archived;
  await setArchived(user.userId, role, groupId, archived);
  return { message: 'OK' as const, archived: archived ? 1 : 0 };
}

export async function deleteCourseGroup(user: SessionUser, groupId: number, courseId: number) {
  assertOwner(user, await groupOfCourse(groupId, courseId));
  await deleteGroupRecord(groupId);
  return { message: 'success' as const };
}
