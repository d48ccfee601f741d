/** Messages Lambda (the learner's side for now): mark read and delete own messages. */
import { messagesRoutes } from '@lectio/shared/api/messages';
import { domainHandler } from '../platform/http/router';
import { deleteMessage, markMessageRead } from './messages';

export const handler = domainHandler('messages', [messagesRoutes], {
  passMessage: ({ user, body }) => markMessageRead(user.userId, body.message_id),
  deleteMessage: ({ user, body }) => deleteMessage(user.userId, body.message_id),
});
