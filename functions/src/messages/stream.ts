/** The messages domain on the table's stream: a new message is a MessageCreated event (pushed to its user). */
import type { StreamProjection } from '../platform/streams/projection';
import { messages } from './messages';

export const messagesStream: StreamProjection = {
  name: 'messages',
  events: ({ eventName, after }) => {
    if (eventName !== 'INSERT' || after?.type !== 'message') return [];
    const m = messages.parse(after);
    return [{ detailType: 'MessageCreated', detail: { userId: m.user_id, messageId: m.message_id, title: m.title, messageType: m.message_type, date: m.date } }];
  },
};
