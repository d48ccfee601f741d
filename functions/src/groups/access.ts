/**
 * The checks the group screens share: a group that must exist, be linked to the course, be the caller's
 * own; a key typed to join or teach, compared only within the attempt budget (like competition keys).
 */
import { courseGrants } from '../platform/auth/course-grants';
import { limitedAttempt, type Limit } from '../platform/auth/rate-limit';
import type { SessionUser } from '../platform/auth/tokens';
import { Forbidden, Invalid, NotFound } from '../platform/http/errors';
import { getArea, getCategory, getCourse, textOr, userLanguage } from '../catalogue';
import { isAdminRole } from '@lectio/shared';
import { groupKeys } from './keys';
import { courseLinks, type GroupItem } from './model';
import { groupItem } from './store';

/** Guesses of one group's keys by one user, and of any group's keys by one user. */
const keyAttemptsPerGroup: Limit = { scope: 'group-key', max: 10, windowSeconds: 15 * 60 };
const keyAttemptsPerUser: Limit = { scope: 'group-key-user', max: 30, windowSeconds: 15 * 60 };

export const groupNotFound = () => new NotFound('Group not found.');
export const notOwner = () => new Forbidden('Only the owner of the group may do this.');
export const notTeaching = () => new NotFound('You do not teach this group.');
export const notMember = () => new NotFound('You are not a member of this group.');

export async function existingGroup(groupId: number): Promise<GroupItem> {
  const g = await groupItem(groupId);
  if (!g) throw groupNotFound();
  return g;
}

export function assertOwner(user: SessionUser, g: GroupItem): void {
  if (g.owner_id !== user.userId) throw notOwner();
}

/** The group, which must be one of the course's groups (404 otherwise: a group id of another course says nothing). */
export async function groupOfCourse(groupId: number, courseId: number): Promise<GroupItem> {
  const [linked, g] = await Promise.all([courseLinks.exists(groupKeys.courseGroup(courseId, groupId)), groupItem(groupId)]);
  if (!linked || !g) throw new NotFound('This group is not a group of the course.');
  return g;
}

/**
 * Compares a typed key with the group's, counted first against the caller's budgets (429 once spent,
 * the comparison never runs); a wrong key keeps its slot. An empty stored key matches nothing.
 */
export async function checkKey(user: SessionUser, groupId: number, typed: string, kind: 'group' | 'teacher', stored: string): Promise<void> {
  await limitedAttempt(
    [
      [keyAttemptsPerGroup, `${user.userId}:${groupId}`],
      [keyAttemptsPerUser, String(user.userId)],
    ],
    async () => {
      if (stored && typed.trim() === stored) return;
      throw kind === 'group'
        ? new Invalid('Wrong group key.', { group_key: ['Wrong key'] }, 'The group key is not correct.')
        : new Invalid('Wrong teacher key.', { teacher_key: ['Wrong key'] }, 'The teacher key is not correct.');
    },
  );
}

/** The breadcrumbs of a course page (category, area, course) in the caller's language; 404 for an unknown course. */
export async function courseCrumbs(user: SessionUser, courseId: number) {
  const [langId, course] = await Promise.all([userLanguage(user.userId), getCourse(courseId)]);
  const [area, category] = await Promise.all([getArea(course.area_id), getCategory(course.category_id)]);
  return {
    category: { id: category.category_id, name: textOr(category.names, langId) },
    area: { id: area.area_id, name: textOr(area.names, langId) },
    course: { id: course.course_id, name: textOr(course.names, langId) },
  };
}

/** The caller's course grants as the course page lists them (an admin's first). */
export async function coursePermissions(user: SessionUser, courseId: number) {
  const grants = await courseGrants(user.userId, courseId);
  return isAdminRole(user.roleId) ? [{ role_code: 'admin', language_id: 0, sub_obj_id: 0 }, ...grants] : grants;
}
