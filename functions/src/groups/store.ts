/**
 * The groups domain's data layer: groups, a user's relations to them (owner, teacher, member) and the
 * course ↔ group links. No authorisation here: the page modules (my-groups.ts, course-groups.ts,
 * student-groups.ts) decide who may, and other domains (teaching) read through index.ts.
 */
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { isAdminRole, permissionLevels } from '@lectio/shared';
import { db } from '../platform/db/client';
import { batchDelete } from '../platform/db/batch';
import { nextId } from '../platform/db/counters';
import { applied, conditionFailed, putIfAbsent } from '../platform/db/operations';
import { GSI1, GSI2 } from '../platform/db/schema';
import type { StoredOf } from '../platform/db/entity';
import { maxCourseLevel } from '../platform/auth/course-grants';
import { Invalid, NotFound } from '../platform/http/errors';
import { groupKeys } from './keys';
import {
  courseLinks,
  groupRef,
  groups,
  relationOf,
  relations,
  type GroupItem,
  type GroupRef,
  type GroupRelation,
  type GroupRole,
  type GroupType,
  type RelationItem,
} from './model';

/** The most groups one read of members may name (a teacher's chips, a course's groups). */
export const MEMBERS_GROUPS_LIMIT = 50;

const groupMissing = () => new NotFound('Group not found.');

export const groupItem = (groupId: number, options: { consistent?: boolean } = {}) => groups.get(groupKeys.group(groupId), options);

/** A group with its keys (the caller decides who may see them), or undefined. */
export async function getGroup(groupId: number): Promise<(GroupRef & { group_key: string; teacher_key: string }) | undefined> {
  const g = await groupItem(groupId);
  return g ? { ...groupRef(g), group_key: g.group_key, teacher_key: g.teacher_key } : undefined;
}

/** Groups by id (missing ones left out), in id order. */
export async function groupItems(groupIds: number[]): Promise<GroupItem[]> {
  const ids = [...new Set(groupIds)];
  if (!ids.length) return [];
  return (await groups.batchGet(ids.map(groupKeys.group))).sort((a, b) => a.id - b.id);
}

const relationItem = (rel: { group_id: number; user_id: number; role: GroupRole; by_key: boolean; archived?: boolean }): StoredOf<typeof relations> => ({
  ...groupKeys.relation(rel.user_id, rel.role, rel.group_id),
  ...groupKeys.groupUsersIndex(rel.group_id, rel.role, rel.user_id),
  type: 'group-relation',
  group_id: rel.group_id,
  user_id: rel.user_id,
  role: rel.role,
  by_key: rel.by_key,
  archived: rel.archived ?? false,
  joined_at: Date.now(),
});

const linkItems = (groupId: number, courseId: number, byUserId: number) => {
  const fields = { type: 'course-group', group_id: groupId, course_id: courseId, added_by: byUserId };
  return [
    { ...groupKeys.courseGroup(courseId, groupId), ...fields },
    { ...groupKeys.groupCourse(groupId, courseId), ...fields },
  ];
};

/**
 * Creates a group with its owner relation (and, with `course_id`, its link to the course) in one
 * transaction; the id comes from the atomic counter. Builders for the pages, the demo seed and tests.
 */
export async function createGroupRecord(input: {
  name: string;
  type: GroupType;
  group_key: string;
  teacher_key: string;
  owner_id: number;
  course_id?: number;
}): Promise<number> {
  const id = await nextId('group');
  const group = {
    ...groupKeys.group(id),
    ...groupKeys.groupListIndex(id),
    type: 'group',
    id,
    name: input.name,
    group_type: input.type,
    group_key: input.group_key,
    teacher_key: input.teacher_key,
    owner_id: input.owner_id,
    created_at: Date.now(),
  };
  const puts = [
    groups.putInput(group, { ConditionExpression: 'attribute_not_exists(pk)' }),
    relations.putInput(relationItem({ group_id: id, user_id: input.owner_id, role: 'owner', by_key: false })),
    ...(input.course_id ? linkItems(id, input.course_id, input.owner_id).map((item) => courseLinks.putInput(item)) : []),
  ];
  await db.send(new TransactWriteCommand({ TransactItems: puts.map((Put) => ({ Put })) }));
  return id;
}

/** Adds a relation; a relation that exists already is kept as it is (idempotent). True when written. */
export async function addRelationRecord(rel: { group_id: number; user_id: number; role: GroupRole; by_key: boolean }): Promise<boolean> {
  return putIfAbsent(relationItem(rel));
}

export async function removeRelation(userId: number, role: GroupRole, groupId: number): Promise<boolean> {
  return applied(relations.remove(groupKeys.relation(userId, role, groupId), { ConditionExpression: 'attribute_exists(pk)' }));
}

export const getRelation = (userId: number, role: GroupRole, groupId: number) => relations.get(groupKeys.relation(userId, role, groupId));

/** Sets the archived flag of one of the user's relations; NotFound when the user has no such relation. */
export async function setArchived(userId: number, role: GroupRole, groupId: number, archived: boolean): Promise<void> {
  try {
    await relations.update(groupKeys.relation(userId, role, groupId), { set: { archived }, condition: 'attribute_exists(pk)' });
  } catch (error) {
    if (conditionFailed(error)) throw groupMissing();
    throw error;
  }
}

/** The user's relations, every role: one Query. */
export async function relationsOfUser(userId: number): Promise<GroupRelation[]> {
  return (await relationItems(userId)).map(relationOf);
}

export const relationItems = (userId: number): Promise<RelationItem[]> => relations.queryPrefix(groupKeys.relationsOf(userId));

/** The users of a group (one role or all): one GSI1 Query. */
export async function usersOfGroup(groupId: number, role?: GroupRole): Promise<RelationItem[]> {
  const { gsi1pk, prefix } = groupKeys.groupUsers(groupId, role);
  return relations.queryAll({
    IndexName: GSI1,
    KeyConditionExpression: prefix ? 'gsi1pk = :pk AND begins_with(gsi1sk, :p)' : 'gsi1pk = :pk',
    ExpressionAttributeValues: prefix ? { ':pk': gsi1pk, ':p': prefix } : { ':pk': gsi1pk },
  });
}

/** Members (role 'member') of the given groups with group_id and by_key; at most 50 groups (one Query each). */
export async function membersOfGroups(groupIds: number[]): Promise<GroupRelation[]> {
  const ids = [...new Set(groupIds)];
  if (ids.length > MEMBERS_GROUPS_LIMIT) throw new Invalid(`At most ${MEMBERS_GROUPS_LIMIT} groups at once.`);
  const lists = await Promise.all(ids.map((id) => usersOfGroup(id, 'member')));
  return lists.flat().map(relationOf);
}

/** The ids of the groups linked to a course (one Query). */
export async function courseGroupIds(courseId: number): Promise<number[]> {
  return (await courseLinks.queryPrefix(groupKeys.courseGroups(courseId))).map((l) => l.group_id);
}

/** The ids of the courses a group is linked to (one Query). */
export async function groupCourseIds(groupId: number): Promise<number[]> {
  return (await courseLinks.queryPrefix(groupKeys.groupCourses(groupId))).map((l) => l.course_id);
}

/** The groups linked to a course (any owner), in id order. */
export async function groupsOfCourse(courseId: number): Promise<GroupRef[]> {
  return (await groupItems(await courseGroupIds(courseId))).map(groupRef);
}

/** Whether the user sees every group of the course as teacher: admin, or the teacher grant (200) or higher on it. */
export async function seesAllGroupsOf(user: { userId: number; roleId: number }, courseId: number): Promise<boolean> {
  return isAdminRole(user.roleId) || (await maxCourseLevel(user.userId, courseId)) >= permissionLevels.teacher;
}

/**
 * Groups of a course the user may see as teacher (issue 21 item 6): admin or the teacher grant (200)
 * or higher on the course → every group of the course; otherwise the course's groups the user owns or teaches.
 */
export async function teacherGroupsInCourse(user: { userId: number; roleId: number }, courseId: number): Promise<GroupRef[]> {
  if (await seesAllGroupsOf(user, courseId)) return groupsOfCourse(courseId);
  const [linked, mine] = await Promise.all([courseGroupIds(courseId), relationItems(user.userId)]);
  const taught = new Set(mine.filter((r) => r.role !== 'member').map((r) => r.group_id));
  return (await groupItems(linked.filter((id) => taught.has(id)))).map(groupRef);
}

/** Links a group to a course (both directions, one transaction); NotFound when the group does not exist. Idempotent. */
export async function linkGroupToCourse(groupId: number, courseId: number, byUserId: number): Promise<void> {
  try {
    await db.send(
      new TransactWriteCommand({
        TransactItems: [
          { ConditionCheck: { ...groups.deleteInput(groupKeys.group(groupId)), ConditionExpression: 'attribute_exists(pk)' } },
          ...linkItems(groupId, courseId, byUserId).map((Item) => ({ Put: courseLinks.putInput(Item) })),
        ],
      }),
    );
  } catch (error) {
    if ((error as Error).name === 'TransactionCanceledException') throw groupMissing();
    throw error;
  }
}

/** Removes a group's link to a course (both directions, one transaction). Idempotent. */
export async function unlinkGroupFromCourse(groupId: number, courseId: number): Promise<void> {
  await db.send(
    new TransactWriteCommand({
      TransactItems: [
        { Delete: courseLinks.deleteInput(groupKeys.courseGroup(courseId, groupId)) },
        { Delete: courseLinks.deleteInput(groupKeys.groupCourse(groupId, courseId)) },
      ],
    }),
  );
}

/** Deletes a group with every relation to it and every course link (the owner deleted it). */
export async function deleteGroupRecord(groupId: number): Promise<void> {
  const [users, courseIds] = await Promise.all([usersOfGroup(groupId), groupCourseIds(groupId)]);
  await batchDelete([
    ...users.map((r) => groupKeys.relation(r.user_id, r.role, groupId)),
    ...courseIds.flatMap((c) => [groupKeys.courseGroup(c, groupId), groupKeys.groupCourse(groupId, c)]),
  ]);
  await groups.remove(groupKeys.group(groupId));
}

/** Changes a group's name and keys (and type). */
export async function updateGroupRecord(groupId: number, change: { name: string; group_key: string; teacher_key: string; type?: GroupType }) {
  try {
    await groups.update(groupKeys.group(groupId), {
      set: { name: change.name, group_key: change.group_key, teacher_key: change.teacher_key, ...(change.type === undefined ? {} : { group_type: change.type }) },
      condition: 'attribute_exists(pk)',
    });
  } catch (error) {
    if (conditionFailed(error)) throw groupMissing();
    throw error;
  }
}

/** The newest groups (the Groups page's list of groups to join), at most `limit`. */
export async function newestGroups(limit: number): Promise<GroupItem[]> {
  const { items } = await groups.queryPage({
    IndexName: GSI2,
    KeyConditionExpression: 'gsi2pk = :pk',
    ExpressionAttributeValues: { ':pk': groupKeys.groupList() },
    ScanIndexForward: false,
    Limit: limit,
  });
  return items;
}
