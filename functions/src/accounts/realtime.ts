/** The accounts' real-time part: a learner's new xp and coins are pushed to their user topic. */
import { topics } from '@lectio/events';
import type { DomainRealtime } from '../platform/domain';
import { accountsStream } from './stream';

export const accountsRealtime: DomainRealtime = {
  name: 'accounts',
  streams: [accountsStream],
  pushes: {
    PerformanceChanged: ({ detail }) => {
      const topic = topics.user(detail.userId);
      return [{ topic, message: { type: 'performance.changed', topic, xp: detail.xp, coins: detail.coins } }];
    },
  },
};
