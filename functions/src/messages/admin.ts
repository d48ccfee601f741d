/**
 * Message administration (spec/3 "Messages", §3 Message, §6, §7): an admin's messages (type 1-4, one
 * entry per language with a sanitised HTML description) and their sending to the members of the
 * admin's teaching groups until a finish date. A send writes one item a group (group-messages.ts: the
 * members' lists read their groups' messages), then pushes `message.new` to every member's `user:{id}`
 * topic at once (`publishEach`: the topics' rosters are read 100 a BatchGet). Writing one item a member
 * first took 2.3 s for 2,000 members, and publishing topic by topic 3.8 s: tests/bench/messages.bench.ts.
 */
import * as z from 'zod';
import { activityActions, DEFAULT_LANGUAGE_ID, formatSpecTime, messageTexts } from '@lectio/shared';
import { messageKeys } from './keys';
import { messageEntries } from './messages';
import { Forbidden, Invalid, NotFound } from '../platform/http/errors';
import { batchPut } from '../platform/db/batch';
import { nextId } from '../platform/db/counters';
import { defineEntity, num, str } from '../platform/db/entity';
import { sanitizeRichText } from '../platform/content/sanitize';
import type { SessionUser } from '../platform/auth/tokens';
import { publishEach } from '../platform/ws/publish';
import { groupMessageItems } from './group-messages';
import { logger } from '../platform/http/logger';
import { getGroup, membersOfGroups, relationsOfUser } from '../groups';
import { messageNewPushes } from './realtime';
import { userNamesByIds } from '../accounts';
import { recordActivity } from '../activity';

/** An admin's message (pk=MSGDEFS, sk=MSGDEF#{id}): the list row. */
export const messageDefinitions = defineEntity('message-def', {
  id: z.number(),
  message_type_id: num(2),
  title: str(),
  last_used_at: str(),
  owner_id: z.number(),
});

/** Ids below this are the first start's welcome messages (messages/seed.ts), so a sent message never overwrites one. */
export const MESSAGE_ID_BASE = 100;
/** How many messages the admin list shows (newest first). */
export const ADMIN_MESSAGES_LISTED = 500;

const missing = () => new NotFound(messageTexts.notFound);

const ownerNames = async (ids: number[]) => {
  const names = await userNamesByIds(ids);
  return (id: number) => {
    const n = names.get(id);
    return n ? `${n.name} ${n.surname}`.trim() || n.nickname : '';
  };
};

export async function adminMessages() {
  const defs = await messageDefinitions.latest(messageKeys.definitions(), ADMIN_MESSAGES_LISTED);
  const owner = await ownerNames(defs.map((d) => d.owner_id));
  return { list: defs.map((d) => ({ id: d.id, message_type_id: d.message_type_id, title: d.title, last_used_at: d.last_used_at, owner_id: d.owner_id, owner: owner(d.owner_id) })) };
}

/** The groups an admin may send to: the groups they teach or own (not archived), by name. */
export async function sendableGroups(userId: number) {
  const ids = [...new Set((await relationsOfUser(userId)).filter((r) => r.role !== 'member' && !r.archived).map((r) => r.group_id))];
  const groups = (await Promise.all(ids.map((id) => getGroup(id)))).filter((g) => g !== undefined);
  return groups.map((g) => ({ id: g.id, name: g.name })).sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
}

export async function adminMessage(user: SessionUser, messageId: number) {
  const groups = await sendableGroups(user.userId);
  if (messageId === 0) return { message: null, list: [], groups };
  const [def, entries] = await Promise.all([messageDefinitions.get(messageKeys.definition(messageId)), messageEntries.queryPrefix(messageKeys.entriesOf(messageId))]);
  if (!def) throw missing();
  const owner = await ownerNames([def.owner_id]);
  return {
    message: { id: def.id, message_type_id: def.message_type_id, title: def.title, last_used_at: def.last_used_at, owner_id: def.owner_id, owner: owner(def.owner_id) },
    list: entries.map((e) => ({ id: e.id, message_id: e.message_id, language_id: e.language_id, title: e.title, description: e.description })).sort((a, b) => a.language_id - b.language_id),
    groups,
  };
}

export interface MessageEntryInput {
  message_id: number;
  id: number;
  language_id: number;
  message_type: number;
  title: string;
  description: string;
}

/**
 * Saves one language's entry; message_id 0 creates the message (owned by the caller). The list's title
 * is the English entry's, else the first saved one's. The entry id is kept per language (one entry a
 * language: saving a language again replaces its entry).
 */
export async function saveMessage(user: SessionUser, input: MessageEntryInput) {
  let messageId = input.message_id;
  let def = messageId ? await messageDefinitions.get(messageKeys.definition(messageId)) : null;
  if (messageId && !def) throw missing();
  if (!def) {
    messageId = MESSAGE_ID_BASE + (await nextId('message'));
    def = { id: messageId, message_type_id: input.message_type, title: input.title, last_used_at: '', owner_id: user.userId };
  }
  const existing = await messageEntries.get(messageKeys.entry(messageId, input.language_id));
  const entryId = existing?.id ?? (await nextId('message_entry'));
  await messageEntries.put({
    ...messageKeys.entry(messageId, input.language_id),
    type: 'message-entry',
    id: entryId,
    message_id: messageId,
    language_id: input.language_id,
    title: input.title,
    description: sanitizeRichText(input.description),
  });
  const listTitle = input.language_id === DEFAULT_LANGUAGE_ID || !def.title ? input.title : def.title;
  await messageDefinitions.put({ ...messageKeys.definition(messageId), type: 'message-def', ...def, message_type_id: input.message_type, title: listTitle });
  return { message: 'OK' as const, message_id: messageId, id: entryId };
}

export async function saveMessageType(messageId: number, messageType: number) {
  const def = await messageDefinitions.get(messageKeys.definition(messageId));
  if (!def) throw missing();
  await messageDefinitions.update(messageKeys.definition(messageId), { set: { message_type_id: messageType } });
  return { message: 'OK' as const };
}

/** The end (epoch ms, UTC) of a 'YYYY-MM-DD' day. */
const endOfDay = (day: string) => Date.parse(`${day}T23:59:59.999Z`);
const todayUtc = (now: number) => new Date(now).toISOString().slice(0, 10);

/** `message.new` to every member's topic at once (best effort: a failed push is logged; the list shows the message anyway). */
export async function pushToMembers(memberIds: number[], message: { id: number; type: number; title: string; date: string }) {
  const pushes = [...new Set(memberIds)].flatMap((userId) =>
    messageNewPushes({ userId, messageId: message.id, title: message.title, messageType: message.type, date: message.date }),
  );
  return publishEach(pushes).catch((error: unknown) => {
    logger.warn('message push failed', { error: error as Error, messageId: message.id });
    return null;
  });
}

export async function sendMessage(user: SessionUser, input: { group_list: number[]; message_id: number; finish_date?: string }, now = Date.now()) {
  const finishDay = input.finish_date ?? todayUtc(now);
  const finishAt = endOfDay(finishDay);
  if (Number.isNaN(finishAt)) throw new Invalid('Invalid input.', { finish_date: ['Must be YYYY-MM-DD'] });
  if (finishAt < now) throw new Invalid(messageTexts.finishPast);
  const [def, english, allowed] = await Promise.all([
    messageDefinitions.get(messageKeys.definition(input.message_id)),
    messageEntries.get(messageKeys.entry(input.message_id, DEFAULT_LANGUAGE_ID)),
    sendableGroups(user.userId),
  ]);
  if (!def) throw missing();
  if (!def.title) throw new Invalid(messageTexts.noEntry);
  const allowedIds = new Set(allowed.map((g) => g.id));
  if (input.group_list.some((id) => !allowedIds.has(id))) throw new Forbidden('You do not teach this group.');
  const date = formatSpecTime(now);
  const message = { id: def.id, type: def.message_type_id, title: english?.title ?? def.title, date };
  // one item a group, then the pushes: the members' lists read their groups' messages
  const [members] = await Promise.all([membersOfGroups(input.group_list), batchPut(groupMessageItems(input.group_list, message, { now, finishAt, date }))]);
  const recipients = [...new Set(members.map((m) => m.user_id))];
  await pushToMembers(recipients, message);
  await Promise.all([
    messageDefinitions.update(messageKeys.definition(def.id), { set: { last_used_at: formatSpecTime(now) } }),
    recordActivity(user.userId, { action: activityActions.sendMessage, object1: 'message', object1_value: def.id, object2: 'recipients', object2_value: recipients.length, description: def.title }),
  ]);
  return { message: 'OK' as const, recipients: recipients.length };
}

