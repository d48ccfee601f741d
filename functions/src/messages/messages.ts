/**
 * A user's messages: mark one read, delete one. The key is the caller's own partition, so nobody
 * can touch another user's messages; a message that is not there is a NotFound.
 */
import * as z from 'zod';
import { messageKeys } from './keys';
import { NotFound } from '../platform/http/errors';
import { orFail } from '../platform/db/operations';
import { defineEntity, num, str, type ItemOf, type StoredOf } from '../platform/db/entity';

const missing = () => new NotFound('Message not found.');

/** A stored message (pk=USER#{userId}, sk=MSG#{id}); `passed` 1 once read. */
export const messages = defineEntity('message', {
  user_id: z.number(),
  message_id: z.number(),
  title: str(),
  description: str(),
  message_type: num(1),
  passed: num(),
  date: str(),
});
export type MessageItem = ItemOf<typeof messages>;

/** A stored message in the user's partition. */
export const messageItem = (m: { userId: number; messageId: number; title: string; description: string; messageType: number; passed: number; date: string }): StoredOf<typeof messages> => ({
  ...messageKeys.message(m.userId, m.messageId),
  type: 'message',
  user_id: m.userId,
  message_id: m.messageId,
  title: m.title,
  description: m.description,
  message_type: m.messageType,
  passed: m.passed,
  date: m.date,
});

export async function markMessageRead(userId: number, messageId: number) {
  await orFail(messages.update(messageKeys.message(userId, messageId), { set: { passed: 1 }, condition: 'attribute_exists(pk)' }), missing);
  return { message: 'OK' as const };
}

export async function deleteMessage(userId: number, messageId: number) {
  await orFail(messages.remove(messageKeys.message(userId, messageId), { ConditionExpression: 'attribute_exists(pk)' }), missing);
  return { message: 'OK' as const };
}

/** The user's newest messages (dashboard), as the API lists them. */
export async function latestMessages(userId: number, limit: number) {
  const items = await messages.latest(messageKeys.messagesOf(userId), limit);
  return items.map((m) => ({
    message_id: m.message_id,
    title: m.title,
    description: m.description,
    // a type 0 (never written by Lectio) shows as a plain message, as before
    message_type: m.message_type || 1,
    passed: m.passed,
    date: m.date,
  }));
}
