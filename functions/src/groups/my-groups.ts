/**
 * The Groups page (spec/3 "Groups page", §4 "Groups", §5, §7): the groups to join, the caller's created,
 * joined and taught groups; creating, changing and deleting own groups, leaving, stopping teaching and
 * joining with a key. Owners edit and delete; a member leaves; a teacher stops teaching (spec/3 §4).
 */
import type { z } from 'zod';
import { JOINABLE_GROUPS_LIMIT, type addGroupBody, type changeGroupBody } from '@lectio/shared';
import type { SessionUser } from '../platform/auth/tokens';
import { Invalid } from '../platform/http/errors';
import { assertOwner, checkKey, existingGroup, notMember, notTeaching } from './access';
import type { GroupItem, GroupRole } from './model';
import {
  addRelationRecord,
  createGroupRecord,
  deleteGroupRecord,
  groupItems,
  newestGroups,
  relationItems,
  removeRelation,
  updateGroupRecord,
} from './store';

const summary = (g: GroupItem) => ({ id: g.id, name: g.name, type: g.group_type });

export async function myGroups(user: SessionUser) {
  const [rels, joinable] = await Promise.all([relationItems(user.userId), newestGroups(JOINABLE_GROUPS_LIMIT)]);
  const byId = new Map((await groupItems(rels.map((r) => r.group_id))).map((g) => [g.id, g]));
  const inRole = (role: GroupRole) => rels.filter((r) => r.role === role).flatMap((r) => byId.get(r.group_id) ?? []);
  return {
    groups: joinable.map(summary),
    my_owns: inRole('owner').map((g) => ({ ...summary(g), group_key: g.group_key, teacher_key: g.teacher_key })),
    my_groups: inRole('member').map(summary),
    teach_groups: inRole('teacher').map((g) => ({ ...summary(g), group_key: g.group_key })),
  };
}

export async function addGroup(user: SessionUser, body: z.output<typeof addGroupBody>) {
  const id = await createGroupRecord({
    name: body.name,
    type: body.group_type,
    group_key: body.group_key.trim(),
    teacher_key: body.teacher_key.trim(),
    owner_id: user.userId,
  });
  return { message: 'OK' as const, id };
}

export async function changeGroup(user: SessionUser, body: z.output<typeof changeGroupBody>) {
  assertOwner(user, await existingGroup(body.id));
  await updateGroupRecord(body.id, { name: body.name, group_key: body.group_key.trim(), teacher_key: body.teacher_key.trim(), type: body.public });
  return { message: 'OK' as const };
}

/** Owner: deletes the group (its members and teachers lose it); teacher: stops teaching; member: leaves. */
export async function deleteGroup(user: SessionUser, role: GroupRole, groupId: number) {
  if (role === 'owner') {
    assertOwner(user, await existingGroup(groupId));
    await deleteGroupRecord(groupId);
  } else if (!(await removeRelation(user.userId, role, groupId))) {
    throw role === 'teacher' ? notTeaching() : notMember();
  }
  return { message: 'OK' as const };
}

/**
 * Joins as member (list_type 1) or teacher (2). The owner joins without a key; a public group's members
 * need none; a private group's member the group key; every other teacher the teacher key. `by_key`
 * records that a key was typed (teachers see full names only of students who joined by key).
 */
export async function addToGroup(user: SessionUser, body: { list_type: 1 | 2; id: number; group_key: string; teacher_key: string }) {
  const g = await existingGroup(body.id);
  const role: GroupRole = body.list_type === 1 ? 'member' : 'teacher';
  const owner = g.owner_id === user.userId;
  let byKey = false;
  if (!owner && role === 'member' && g.group_type === 0) {
    await checkKey(user, g.id, body.group_key, 'group', g.group_key);
    byKey = true;
  } else if (!owner && role === 'teacher') {
    if (!g.teacher_key) throw new Invalid('This group has no teacher key: only its owner teaches it.');
    await checkKey(user, g.id, body.teacher_key, 'teacher', g.teacher_key);
    byKey = true;
  }
  await addRelationRecord({ group_id: g.id, user_id: user.userId, role, by_key: byKey });
  return { message: 'OK' as const };
}
