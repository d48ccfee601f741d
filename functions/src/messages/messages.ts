/**
 * A user's messages: list them in the user's language, mark one read, delete one. The key is the
 * caller's own partition, so nobody can touch another user's messages; a message that is not there is
 * a NotFound. A message an admin sent (`ref` 1) holds no text of its own but its English title (for the
 * live notice): its title and description are read from the message's entry in the reader's language,
 * or English, when listed. A message past its finish date is not listed (and expires by TTL later).
 */
import * as z from 'zod';
import { activityActions, DEFAULT_LANGUAGE_ID } from '@lectio/shared';
import { messageKeys } from './keys';
import { NotFound } from '../platform/http/errors';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db } from '../platform/db/client';
import { orFail } from '../platform/db/operations';
import { defineEntity, num, optNum, str, type ItemOf, type StoredOf } from '../platform/db/entity';
import { findUserById } from '../accounts';
import { recordActivity } from '../activity';
import { markGroupMessage, visibleGroupMessage, visibleGroupMessages } from './group-messages';

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
  /** 1: sent by an admin; the texts are the message's entries. */
  ref: num(),
  /** The end of the finish day (epoch ms); absent: shown until deleted. */
  finish_at: optNum(),
});
export type MessageItem = ItemOf<typeof messages>;

/** One language's entry of an admin's message (pk=MSGDEF#{id}, sk=LANG#{lang}). */
export const messageEntries = defineEntity('message-entry', {
  id: z.number(),
  message_id: z.number(),
  language_id: z.number(),
  title: str(),
  description: str(),
});

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

/**
 * Marks a message read; the first read is a 'read message' entry of the users activity. A message of
 * the user's own partition is flagged; a message of one of their groups gets the user's mark.
 */
export async function markMessageRead(userId: number, messageId: number) {
  const group = await visibleGroupMessage(userId, messageId);
  if (group) {
    if (await markGroupMessage(userId, group, 'read')) await recordActivity(userId, { action: activityActions.readMessage, object1: 'message', object1_value: messageId });
    return { message: 'OK' as const };
  }
  const update = messages.updateInput(messageKeys.message(userId, messageId), { set: { passed: 1 }, condition: 'attribute_exists(pk)' });
  const out = await orFail(db.send(new UpdateCommand({ ...update, ReturnValues: 'UPDATED_OLD' })), missing);
  if (!out.Attributes?.passed) await recordActivity(userId, { action: activityActions.readMessage, object1: 'message', object1_value: messageId });
  return { message: 'OK' as const };
}

/** Deletes a message of the user's own partition, or hides a group's message from the user (until it is sent again). */
export async function deleteMessage(userId: number, messageId: number) {
  const [group, own] = await Promise.all([visibleGroupMessage(userId, messageId), messages.exists(messageKeys.message(userId, messageId))]);
  if (!group && !own) throw missing();
  if (group) await markGroupMessage(userId, group, 'deleted');
  if (own) await orFail(messages.remove(messageKeys.message(userId, messageId), { ConditionExpression: 'attribute_exists(pk)' }), missing);
  return { message: 'OK' as const };
}

/** How many of a user's newest messages are listed (the message list and the dashboard). */
export const MESSAGES_LISTED = 100;

/**
 * The user's newest messages still shown, with the texts in their language (English as fallback): their
 * own (welcome messages, and those sent before sends went to groups) and their groups' (group-messages.ts),
 * each message once, newest first.
 */
export async function latestMessages(userId: number, limit = MESSAGES_LISTED, now = Date.now()) {
  const [items, fromGroups, user] = await Promise.all([messages.latest(messageKeys.messagesOf(userId), limit), visibleGroupMessages(userId, now), findUserById(userId)]);
  const groupIds = new Set(fromGroups.map((m) => m.message_id));
  const own = items.filter((m) => (m.finish_at == null || m.finish_at >= now) && !groupIds.has(m.message_id));
  const shown = [
    ...own.map((m) => ({ message_id: m.message_id, title: m.title, description: m.description, message_type: m.message_type, passed: m.passed, date: m.date, ref: m.ref })),
    ...fromGroups.map((m) => ({ message_id: m.message_id, title: m.title, description: '', message_type: m.message_type, passed: m.passed, date: m.date, ref: 1 })),
  ]
    .sort((a, b) => b.message_id - a.message_id)
    .slice(0, limit);
  const texts = await entryTexts(
    shown.filter((m) => m.ref === 1).map((m) => m.message_id),
    user?.lang_id || DEFAULT_LANGUAGE_ID,
  );
  return shown.map((m) => {
    const text = m.ref === 1 ? texts.get(m.message_id) : undefined;
    return {
      message_id: m.message_id,
      title: text?.title ?? m.title,
      description: text?.description ?? m.description,
      // a type 0 (never written by Lectio) shows as a plain message, as before
      message_type: m.message_type || 1,
      passed: m.passed,
      date: m.date,
    };
  });
}

/** The entries of messages in a language, English where that language has none: one BatchGet. */
export async function entryTexts(messageIds: number[], languageId: number): Promise<Map<number, { title: string; description: string }>> {
  const ids = [...new Set(messageIds)];
  if (!ids.length) return new Map();
  const langs = [...new Set([languageId, DEFAULT_LANGUAGE_ID])];
  const found = await messageEntries.batchGet(ids.flatMap((id) => langs.map((lang) => messageKeys.entry(id, lang))));
  const out = new Map<number, { title: string; description: string }>();
  for (const lang of langs.reverse()) {
    // English first, then the reader's language over it
    for (const e of found) if (e.language_id === lang) out.set(e.message_id, { title: e.title, description: e.description });
  }
  return out;
}
