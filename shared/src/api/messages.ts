/** Messages domain (spec/1 §2, §4, §7): a user's messages; the learner marks them read and deletes them. */
import * as z from 'zod';
import { defineDomain, idParam, okResponse } from '../registry';

const id = z.number().int();
const text = z.string();

export const messageItem = z.object({
  message_id: id,
  title: text,
  description: text,
  message_type: id,
  passed: z.number().int(),
  date: text,
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
}));
