/**
 * Key builders of the groups domain: a group, a user's relations to groups (one item per role, listed
 * per group on GSI1), the course ↔ group links (both directions) and the list of joinable groups (GSI2).
 * platform/db/schema.ts lists these access patterns.
 */
import { pad } from '../platform/db/keys';
import type { GroupRole } from './model';

export const groupKeys = {
  group: (groupId: number) => ({ pk: `GROUP#${groupId}`, sk: 'META' }),
  /** GSI2: every group, newest first when read descending (the Groups page's list of groups to join). */
  groupListIndex: (groupId: number) => ({ gsi2pk: 'GROUPLIST', gsi2sk: pad(groupId, 10) }),
  groupList: () => 'GROUPLIST',
  /** A user's relation to a group in one role. */
  relation: (userId: number, role: GroupRole, groupId: number) => ({ pk: `USER#${userId}`, sk: `GREL#${role}#${pad(groupId)}` }),
  /** All of a user's relations (every role): one Query. */
  relationsOf: (userId: number) => ({ pk: `USER#${userId}`, prefix: 'GREL#' }),
  /** GSI1 entry of a relation: the users of a group by role. */
  groupUsersIndex: (groupId: number, role: GroupRole, userId: number) => ({ gsi1pk: `GROUPUSERS#${groupId}`, gsi1sk: `${role}#${pad(userId)}` }),
  /** GSI1 partition of a group's users; `role` narrows it to one role. */
  groupUsers: (groupId: number, role?: GroupRole) => ({ gsi1pk: `GROUPUSERS#${groupId}`, prefix: role ? `${role}#` : '' }),
  /** A course's link to a group, and its reverse (written and deleted together). */
  courseGroup: (courseId: number, groupId: number) => ({ pk: `COURSEGROUPS#${courseId}`, sk: `GROUP#${pad(groupId)}` }),
  courseGroups: (courseId: number) => ({ pk: `COURSEGROUPS#${courseId}`, prefix: 'GROUP#' }),
  groupCourse: (groupId: number, courseId: number) => ({ pk: `GROUP#${groupId}`, sk: `COURSE#${pad(courseId)}` }),
  groupCourses: (groupId: number) => ({ pk: `GROUP#${groupId}`, prefix: 'COURSE#' }),
};
