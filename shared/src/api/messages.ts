/**
 * Messages domain (spec/1 §2, §4, §7; spec/3 "Messages", §3 Message, §4, §6, §7, §9): an admin writes a
 * message (type 1-4, one entry per language) and sends it to groups until a finish date; a user lists
 * their messages in their language (English as fallback), marks them read and deletes them.
 */
import * as z from 'zod';
import { defineDomain, idParam, okResponse } from '../registry';

const id = z.number().int();
const text = z.string();

/** §9: message types 1-4 and their names (the web gives each its colour and icon). */
export const MESSAGE_TYPES = { 1: 'success', 2: 'info', 3: 'warning', 4: 'error' } as const;
export type MessageTypeName = (typeof MESSAGE_TYPES)[keyof typeof MESSAGE_TYPES];
export const messageTypeName = (type: number): MessageTypeName => MESSAGE_TYPES[type as keyof typeof MESSAGE_TYPES] ?? 'info';

/** The messages' own texts (server errors, also in api/server-errors.ts). */
export const messageTexts = {
  notFound: 'Message not found.',
  finishPast: 'The finish date is in the past.',
  noEntry: 'Write the message in at least one language first.',
} as const;

/** Bounds of a message entry. */
export const MESSAGE_TITLE_MAX = 200;
export const MESSAGE_DESCRIPTION_MAX = 20_000;
/** At most this many groups in one send (groups domain: members of at most 50 groups at once). */
export const MESSAGE_SEND_GROUPS_MAX = 50;

const messageType = z.number({ message: 'Must be a number' }).int().min(1, 'Must be 1-4').max(4, 'Must be 1-4');
const languageId = z.number({ message: 'Must be a number' }).int().min(1, 'Must be 1-8').max(8, 'Must be 1-8');
const idOrNew = z.number({ message: 'Must be a number' }).int().min(0).max(2_147_483_647);
/** A calendar day, 'YYYY-MM-DD'. */
export const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Must be YYYY-MM-DD');

export const messageItem = z.object({
  message_id: id,
  title: text,
  description: text,
  message_type: id,
  passed: z.number().int(),
  date: text,
});

/** One language's entry of a message (§3). */
export const messageEntry = z.object({ id, message_id: id, language_id: id, title: text, description: text });
/** A message as the admin list shows it (§3, spec/3 "Messages"). */
export const adminMessage = z.object({
  id,
  message_type_id: id,
  title: text,
  last_used_at: text,
  owner_id: id,
  owner: text,
});

export const messagesRoutes = defineDomain('messages', (route) => ({
  passMessage: route({
    method: 'POST', path: '/pass-message', access: 'user',
    summary: 'Marks one of the caller\u2019s messages as read', body: z.object({ message_id: idParam }), response: okResponse,
  }),
  deleteMessage: route({
    method: 'POST', path: '/delete-message', access: 'user',
    summary: 'Deletes one of the caller\u2019s messages', body: z.object({ message_id: idParam }), response: okResponse,
  }),
  getUserMessages: route({
    method: 'GET', path: '/get-user-messages', access: 'user',
    summary: 'The caller\u2019s messages, newest first, in their language (English as fallback); past their finish date left out',
    response: z.object({ message_list: z.array(messageItem) }),
  }),
  getAdminMessages: route({
    method: 'GET', path: '/get-admin-messages', access: 'admin',
    summary: 'Admin: every message (id, type, title, last used, owner), newest first',
    response: z.object({ list: z.array(adminMessage) }),
  }),
  getAdminMessage: route({
    method: 'GET', path: '/get-admin-message/{id}', access: 'admin',
    summary: 'Admin: one message with its per-language entries and the groups it may be sent to (the admin\u2019s teaching groups); id 0 is a new message',
    params: z.object({ id: idParam }),
    response: z.object({
      message: adminMessage.nullable(),
      list: z.array(messageEntry),
      groups: z.array(z.object({ id, name: text })),
    }),
  }),
  saveMessage: route({
    method: 'POST', path: '/save-message', access: 'admin',
    summary: 'Admin: saves one language\u2019s entry (message_id 0 creates the message, id 0 the entry); the description is sanitised',
    body: z.object({
      message_id: idOrNew,
      id: idOrNew.default(0),
      language_id: languageId,
      message_type: messageType,
      title: z.string().trim().min(1, 'The value is required').max(MESSAGE_TITLE_MAX),
      description: z.string().max(MESSAGE_DESCRIPTION_MAX).default(''),
    }),
    response: z.object({ message: z.literal('OK'), message_id: id, id }),
  }),
  saveMessageType: route({
    method: 'POST', path: '/save-message-type', access: 'admin',
    summary: 'Admin: changes a message\u2019s type (1 success, 2 info, 3 warning, 4 error)',
    body: z.object({ message_id: idParam, message_type: messageType }),
    response: okResponse,
  }),
  sendMessage: route({
    method: 'POST', path: '/send-message', access: 'admin',
    summary: 'Admin: sends a message to the members of the selected groups (the admin\u2019s teaching groups) until the finish date (today by default)',
    body: z.object({
      group_list: z.array(idParam).min(1, 'Select at least one group').max(MESSAGE_SEND_GROUPS_MAX),
      message_id: idParam,
      finish_date: isoDay.optional(),
    }),
    response: z.object({ message: z.literal('OK'), recipients: id }),
  }),
}));
