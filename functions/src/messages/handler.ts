/** Messages Lambda: the user's list, read and delete; the admin's messages, their entries and sending. */
import { messagesRoutes } from '@lectio/shared/api/messages';
import { domainHandler } from '../platform/http/router';
import { deleteMessage, latestMessages, markMessageRead } from './messages';
import { adminMessage, adminMessages, saveMessage, saveMessageType, sendMessage } from './admin';

export const handler = domainHandler('messages', [messagesRoutes], {
  passMessage: ({ user, body }) => markMessageRead(user.userId, body.message_id),
  deleteMessage: ({ user, body }) => deleteMessage(user.userId, body.message_id),
  getUserMessages: async ({ user }) => ({ message_list: await latestMessages(user.userId) }),
  getAdminMessages: () => adminMessages(),
  getAdminMessage: ({ user, params }) => adminMessage(user, params.id),
  saveMessage: ({ user, body }) => saveMessage(user, body),
  saveMessageType: ({ body }) => saveMessageType(body.message_id, body.message_type),
  sendMessage: ({ user, body }) => sendMessage(user, body),
});
