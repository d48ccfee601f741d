/**
 * Who may see which students (issue 21 item 6): a teacher sees the students of the course's groups
 * they own or teach; an admin or the holder of the teacher grant on the course sees every group of it
 * (groups' `teacherGroupsInCourse`). A caller with no group in the course and without the course on
 * their dashboard is refused; chosen groups (the chips) must be among the visible ones.
 */
import { isAdminRole } from '@lectio/shared';
import { teacherGroupsInCourse, type GroupRef } from '../groups';
import { getCourse } from '../catalogue';
import { Forbidden } from '../platform/http/errors';
import { teacherCourses } from './entities';
import { teachingKeys } from './keys';

export interface Caller {
  userId: number;
  roleId: number;
}

export interface TeacherView {
  /** Every group of the course the caller sees. */
  groups: GroupRef[];
  /** The groups the table is of (the chosen chips, or every visible group). */
  chosen: GroupRef[];
}

export const hasTeacherCourse = (userId: number, courseId: number) => teacherCourses.exists(teachingKeys.teacherCourse(userId, courseId));

/** The caller's view of a course's groups; Forbidden for anyone who teaches nothing in it. */
export async function teacherView(user: Caller, courseId: number, groupIds?: number[]): Promise<TeacherView> {
  const [groups] = await Promise.all([teacherGroupsInCourse(user, courseId), getCourse(courseId)]);
  if (!groups.length && !isAdminRole(user.roleId) && !(await hasTeacherCourse(user.userId, courseId))) throw new Forbidden();
  if (!groupIds?.length) return { groups, chosen: groups };
  const visible = new Map(groups.map((g) => [g.id, g]));
  if (groupIds.some((id) => !visible.has(id))) throw new Forbidden();
  return { groups, chosen: [...new Set(groupIds)].map((id) => visible.get(id)!) };
}
