/** The accounts domain on the table's stream: a change of a user's xp or coins is a PerformanceChanged event. */
import type { StreamProjection } from '../platform/streams/projection';

export const accountsStream: StreamProjection = {
  name: 'accounts',
  events: ({ eventName, before, after }) =>
    eventName === 'MODIFY' && after?.type === 'user' && before && (before.xp !== after.xp || before.coins !== after.coins)
      ? [{ detailType: 'PerformanceChanged', detail: { userId: Number(after.user_id), xp: Number(after.xp), coins: Number(after.coins) } }]
      : [],
};
