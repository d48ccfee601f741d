/**
 * The messages domain on the table's stream: a new message in a user's partition is a MessageCreated
 * event (pushed to its user). A message sent again replaces the user's item with a new `sent_at`: that
 * is new too (a read flag or anything else changing is not). A sent message marked `live` was pushed
 * by the send itself (admin.ts) and is not pushed again.
 */
import type { StreamProjection } from '../platform/streams/projection';
import { messages } from './messages';

export const messagesStream: StreamProjection = {
  name: 'messages',
  events: ({ eventName, after, before }) => {
    if (after?.type !== 'message' || after.live === 1) return [];
    if (eventName !== 'INSERT' && !(eventName === 'MODIFY' && after.sent_at !== undefined && after.sent_at !== before?.sent_at)) return [];
    const m = messages.parse(after);
    return [{ detailType: 'MessageCreated', detail: { userId: m.user_id, messageId: m.message_id, title: m.title, messageType: m.message_type, date: m.date } }];
  },
};
