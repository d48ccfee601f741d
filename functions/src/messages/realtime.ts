/** The messages' real-time part: a new message is pushed to its user's topic as `message.new`. */
import { topics } from '@lectio/events';
import type { DomainRealtime, Push } from '../platform/domain';
import { messagesStream } from './stream';

/** The push of a new message to its user (from the stream, or from a send: admin.ts). */
export function messageNewPushes(detail: { userId: number; messageId: number; title: string; messageType: number; date: string }): Push[] {
  const topic = topics.user(detail.userId);
  return [
    {
      topic,
      message: {
        type: 'message.new',
        topic,
        message: { message_id: detail.messageId, title: detail.title, message_type: detail.messageType, date: detail.date },
      },
    },
  ];
}

export const messagesRealtime: DomainRealtime = {
  name: 'messages',
  streams: [messagesStream],
  pushes: {
    MessageCreated: ({ detail }) => messageNewPushes(detail),
  },
};
