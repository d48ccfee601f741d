/**
 * Messages sent to groups (issue 23): a send writes one item a group (not one a member), and each
 * member's list reads the messages of their groups beside their own. What a member does with one (read
 * it, delete it) is a small mark in their own partition, tied to the send it was made on: a message
 * sent again is new (unread, shown again), as a fresh push says.
 *
 * Why: a send to 2,000 members wrote 2,000 items (2.3 s on DynamoDB Local, 2,500 capacity units) before
 * the first push; now it writes one item a group and the pushes follow at once (tests/bench/messages.bench.ts).
 * A send reaches those who were members when it was sent (as one item a member did): a member who joins
 * later sees the message once it is sent again.
 */
import * as z from 'zod';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { messageKeys } from './keys';
import { db, table } from '../platform/db/client';
import { defineEntity, num, optNum, str, type ItemOf, type StoredOf } from '../platform/db/entity';
import { relationsOfUser } from '../groups';

/** A message sent to a group (pk=GROUPMSG#{groupId}, sk=MSG#{messageId}). */
export const groupMessages = defineEntity('group-message', {
  group_id: z.number(),
  message_id: z.number(),
  /** The English title (the live notice's text); the list reads the entries in the reader's language. */
  title: str(),
  message_type: num(1),
  date: str(),
  sent_at: z.number(),
  finish_at: z.number(),
});
export type GroupMessage = ItemOf<typeof groupMessages>;

/** A member's mark on a group message (pk=USER#{id}, sk=MSGSTATE#{messageId}), for the send `sent_at`. */
export const messageStates = defineEntity('message-state', {
  message_id: z.number(),
  sent_at: z.number(),
  passed: num(),
  deleted: num(),
  deleted_at: optNum(),
});

/** A sent message stays a week past its finish day before its TTL removes it (it is hidden from the finish on). */
const KEEP_AFTER_FINISH_SECONDS = 7 * 86_400;
/** How many running messages of one group a list reads. */
const GROUP_MESSAGES_READ = 100;
/** How many of a member's marks a list reads (newest messages first). */
const STATES_READ = 300;

export const ttlAfterFinish = (finishAt: number) => Math.floor(finishAt / 1000) + KEEP_AFTER_FINISH_SECONDS;

/** The items of one send: one a group. */
export function groupMessageItems(
  groupIds: number[],
  message: { id: number; type: number; title: string },
  at: { now: number; finishAt: number; date: string },
): Array<StoredOf<typeof groupMessages>> {
  return [...new Set(groupIds)].map((groupId) => ({
    ...messageKeys.groupMessage(groupId, message.id),
    type: 'group-message',
    group_id: groupId,
    message_id: message.id,
    title: message.title,
    message_type: message.type,
    date: at.date,
    sent_at: at.now,
    finish_at: at.finishAt,
    ttl: ttlAfterFinish(at.finishAt),
  }));
}

/**
 * The group messages a user sees now: those sent to a group while they were a member of it, still
 * running, not deleted since their last send, each message once (the newest send when it went to two of their groups),
 * with `passed` from the user's mark.
 */
export async function visibleGroupMessages(userId: number, now = Date.now()): Promise<Array<GroupMessage & { passed: number }>> {
  const memberships = (await relationsOfUser(userId)).filter((r) => r.role === 'member');
  if (!memberships.length) return [];
  const joinedAt = new Map(memberships.map((r) => [r.group_id, r.joined_at]));
  const groupIds = [...joinedAt.keys()];
  const [lists, states] = await Promise.all([
    Promise.all(groupIds.map((id) => groupMessages.latest(messageKeys.groupMessagesOf(id), GROUP_MESSAGES_READ))),
    messageStates.latest(messageKeys.messageStatesOf(userId), STATES_READ),
  ]);
  const newest = new Map<number, GroupMessage>();
  for (const m of lists.flat()) {
    // a send reaches those who were members then, as one item a member did; still running
    if (m.finish_at < now || m.sent_at < (joinedAt.get(m.group_id) ?? 0)) continue;
    const seen = newest.get(m.message_id);
    if (!seen || seen.sent_at < m.sent_at) newest.set(m.message_id, m);
  }
  const stateOf = new Map(states.map((s) => [s.message_id, s]));
  const out: Array<GroupMessage & { passed: number }> = [];
  for (const m of newest.values()) {
    const state = stateOf.get(m.message_id);
    const current = state && state.sent_at >= m.sent_at;
    if (current && state.deleted) continue;
    out.push({ ...m, passed: current ? state.passed : 0 });
  }
  return out;
}

/** The group message `messageId` as the user sees it now, or null. */
export async function visibleGroupMessage(userId: number, messageId: number, now = Date.now()) {
  return (await visibleGroupMessages(userId, now)).find((m) => m.message_id === messageId) ?? null;
}

/**
 * Marks a group message read or deleted for one member, for the send they saw; answers whether it was
 * unread before (the first read is an activity entry).
 */
export async function markGroupMessage(userId: number, message: GroupMessage & { passed: number }, mark: 'read' | 'deleted', now = Date.now()): Promise<boolean> {
  const item: StoredOf<typeof messageStates> = {
    ...messageKeys.messageState(userId, message.message_id),
    type: 'message-state',
    message_id: message.message_id,
    sent_at: message.sent_at,
    passed: mark === 'read' ? 1 : message.passed,
    deleted: mark === 'deleted' ? 1 : 0,
    ...(mark === 'deleted' ? { deleted_at: now } : {}),
    ttl: ttlAfterFinish(message.finish_at),
  };
  await db.send(new PutCommand({ TableName: table(), Item: item }));
  return message.passed === 0;
}
