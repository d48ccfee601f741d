/** The messages' real-time part: a new message is pushed to its user's topic as `message.new`. */
import { topics } from '@lectio/events';
import type { DomainRealtime } from '../platform/domain';
import { messagesStream } from './stream';

export const messagesRealtime: DomainRealtime = {
  name: 'messages',
  streams: [messagesStream],
  pushes: {
    MessageCreated: ({ detail }) => {
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
    },
  },
};
