/** The messages domain on the table's stream: a new message is a MessageCreated event (pushed to its user). */
import type { StreamProjection } from '../platform/streams/projection';

export const messagesStream: StreamProjection = {
  name: 'messages',
  events: ({ eventName, after }) =>
    eventName === 'INSERT' && after?.type === 'message'
      ? [
          {
            detailType: 'MessageCreated',
            detail: {
              userId: Number(after.user_id),
              messageId: Number(after.message_id),
              title: String(after.title ?? ''),
              messageType: Number(after.message_type ?? 1),
              date: String(after.date ?? ''),
            },
          },
        ]
      : [],
};
