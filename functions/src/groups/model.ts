/** The stored items of the groups domain (keys in keys.ts) and the shapes other domains receive. */
import * as z from 'zod';
import { defineEntity, num, str, type ItemOf } from '../platform/db/entity';

export const GROUP_ROLES = ['owner', 'teacher', 'member'] as const;
export type GroupRole = (typeof GROUP_ROLES)[number];

/** 0 private (keys needed), 1 public (members join without a key). */
export type GroupType = 0 | 1;

export interface GroupRef {
  id: number;
  name: string;
  type: GroupType;
  owner_id: number;
}

export interface GroupRelation {
  group_id: number;
  user_id: number;
  role: GroupRole;
  by_key: boolean;
  archived: boolean;
  /** When the relation began (epoch ms; 0 for relations older than the field). */
  joined_at: number;
}

/** A group (pk=GROUP#{id}, sk=META). */
export const groups = defineEntity('group', {
  id: z.number(),
  name: z.string(),
  /** The group's type (0 private, 1 public); `type` is the item's kind ('group'), as on every item. */
  group_type: num(0),
  group_key: str(),
  teacher_key: str(),
  owner_id: z.number(),
  created_at: num(),
});
export type GroupItem = ItemOf<typeof groups>;

/** A user's relation to a group in one role (pk=USER#{uid}, sk=GREL#{role}#{groupId}; GSI1 by group). */
export const relations = defineEntity('group-relation', {
  group_id: z.number(),
  user_id: z.number(),
  role: z.enum(GROUP_ROLES),
  by_key: z.boolean().default(false),
  archived: z.boolean().default(false),
  joined_at: num(),
});
export type RelationItem = ItemOf<typeof relations>;

/** A course ↔ group link (pk=COURSEGROUPS#{courseId}, sk=GROUP#{groupId}, and the reverse). */
export const courseLinks = defineEntity('course-group', {
  group_id: z.number(),
  course_id: z.number(),
  added_by: num(),
});

export const groupRef = (g: GroupItem): GroupRef => ({ id: g.id, name: g.name, type: g.group_type === 1 ? 1 : 0, owner_id: g.owner_id });

export const relationOf = (r: RelationItem): GroupRelation => ({
  group_id: r.group_id,
  user_id: r.user_id,
  role: r.role,
  by_key: r.by_key,
  archived: r.archived,
  joined_at: r.joined_at,
});
