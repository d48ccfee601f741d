/**
 * The teacher dashboard (spec/3 "Teacher screens", §7 "Teacher"): the courses a user added, each with
 * the groups they see in it; adding and removing courses, and linking their own groups to a course.
 * Any logged-in user may add a course and then teaches their own groups of it (issue 21 item 6).
 */
import { COURSE_CONTAINS_GROUPS } from '@lectio/shared/api/teaching';
import { getGroup, groupsOfCourse, linkGroupToCourse, relationsOfUser, teacherGroupsInCourse, unlinkGroupFromCourse, type GroupRef } from '../groups';
import { getArea, getCourse, listAreaCourses, listAreas, listCategories, textOr, userLanguage } from '../catalogue';
import { Conflict, Forbidden, NotFound } from '../platform/http/errors';
import { teacherCourses } from './entities';
import { teachingKeys } from './keys';
import type { Caller } from './access';

export const GROUP_IN_COURSE = 'The group is already in the course.';

const groupEntry = (g: Pick<GroupRef, 'id' | 'name'>) => ({ id: g.id, group_name: g.name });

export const myCourseIds = async (userId: number) =>
  (await teacherCourses.queryPrefix(teachingKeys.teacherCoursesOf(userId))).map((c) => c.course_id);

/** get-teacher-courses: the dashboard's courses with their groups. */
export async function teacherCourseList(user: Caller) {
  const [ids, langId] = await Promise.all([myCourseIds(user.userId), userLanguage(user.userId)]);
  const list = await Promise.all(
    ids.map(async (courseId) => {
      const course = await getCourse(courseId).catch(() => null);
      if (!course) return null; // a deleted course leaves the dashboard
      const [area, groups] = await Promise.all([getArea(course.area_id).catch(() => null), teacherGroupsInCourse(user, courseId)]);
      return {
        id: courseId,
        area_name: textOr(area?.names, langId),
        course_name: textOr(course.names, langId),
        area_color: area?.color ?? course.area_color ?? '',
        groups: groups.map(groupEntry),
      };
    }),
  );
  return { list: list.filter((c) => c !== null) };
}

/** The groups the user owns or teaches (ids, any course). */
async function ownOrTaughtGroupIds(userId: number): Promise<number[]> {
  const relations = await relationsOfUser(userId);
  return [...new Set(relations.filter((r) => r.role !== 'member').map((r) => r.group_id))];
}

/** get-teaching-groups: every group the user owns or teaches. */
export async function teachingGroups(user: Caller) {
  const groups = await Promise.all((await ownOrTaughtGroupIds(user.userId)).map((id) => getGroup(id)));
  return { teach_groups: groups.filter((g) => g !== undefined).map(groupEntry).sort((a, b) => a.id - b.id) };
}

/** get-courses-for-teacher: every course of the catalogue that is not on the dashboard yet. */
export async function coursesForTeacher(user: Caller) {
  const [mine, langId, categories] = await Promise.all([myCourseIds(user.userId), userLanguage(user.userId), listCategories()]);
  const taken = new Set(mine);
  const areas = (await Promise.all(categories.map((c) => listAreas(c.category_id)))).flat();
  const perArea = await Promise.all(
    areas.map(async (area) =>
      (await listAreaCourses(area.area_id))
        .filter((c) => !taken.has(c.course_id))
        .map((c) => ({ id: c.course_id, course_name: textOr(c.names, langId), area_name: textOr(area.names, langId), area_color: area.color })),
    ),
  );
  return { list: perArea.flat() };
}

/** add-teacher-group: puts the course on the dashboard (again: no change). */
export async function addTeacherCourse(user: Caller, courseId: number) {
  await getCourse(courseId);
  await teacherCourses.put({ ...teachingKeys.teacherCourse(user.userId, courseId), type: 'teacher-course', user_id: user.userId, course_id: courseId, added_at: Date.now() });
  return { message: 'OK' as const };
}

/** delete-teacher-course: refused while groups the caller sees remain in the course. */
export async function deleteTeacherCourse(user: Caller, courseId: number) {
  const key = teachingKeys.teacherCourse(user.userId, courseId);
  if (!(await teacherCourses.exists(key))) throw new NotFound('Course not found.');
  if ((await teacherGroupsInCourse(user, courseId)).length) throw new Conflict(COURSE_CONTAINS_GROUPS);
  await teacherCourses.remove(key);
  return { message: 'success' as const };
}

/** The caller owns or teaches the group (Forbidden otherwise; NotFound when it does not exist). */
async function assertTeaches(user: Caller, groupId: number) {
  if (!(await getGroup(groupId))) throw new NotFound('Group not found.');
  if (!(await ownOrTaughtGroupIds(user.userId)).includes(groupId)) throw new Forbidden();
}

/** add-group-to-course: one of the caller's groups joins a course of their dashboard. */
export async function addGroupToCourse(user: Caller, groupId: number, courseId: number) {
  await getCourse(courseId);
  await assertTeaches(user, groupId);
  if (!(await teacherCourses.exists(teachingKeys.teacherCourse(user.userId, courseId)))) throw new Forbidden();
  if ((await groupsOfCourse(courseId)).some((g) => g.id === groupId)) throw new Conflict(GROUP_IN_COURSE);
  await linkGroupToCourse(groupId, courseId, user.userId);
  return { message: 'OK' as const };
}

/** delete-group-from-course: a group the caller sees in the course leaves it (its members stay in the group). */
export async function deleteGroupFromCourse(user: Caller, groupId: number, courseId: number) {
  await getCourse(courseId);
  const visible = await teacherGroupsInCourse(user, courseId);
  if (!visible.some((g) => g.id === groupId)) {
    if (!(await getGroup(groupId))) throw new NotFound('Group not found.');
    throw new Forbidden();
  }
  await unlinkGroupFromCourse(groupId, courseId);
  return { message: 'success' as const };
}
