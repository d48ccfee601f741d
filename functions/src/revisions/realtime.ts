/**
 * The revisions' real-time part, on the competitions' machinery: `revision:{revId}` is for the student
 * who started an attempt of it; a new subscriber (every (re)connect) is told its `sync { deadline,
 * serverNow }` at once, and `closed` when the attempt ends. The one-time job closes the attempt at its
 * deadline with no client connected.
 */
import type { DomainRealtime } from '../platform/domain';
import { CLOSE_REVISION_JOB, closeRevisionAttempt, getRevisionAttempt, revisionSync } from './attempt';

export const revisionsRealtime: DomainRealtime = {
  name: 'revisions',
  topics: [
    {
      kind: 'revision',
      guard: async (conn, id) => {
        const revId = Number(id);
        return Number.isInteger(revId) && revId > 0 && (await getRevisionAttempt(conn.userId, revId)) !== null;
      },
      onSubscribe: async (conn, _topic, id, send) => {
        const attempt = await getRevisionAttempt(conn.userId, Number(id)).catch(() => null);
        if (attempt) await send(revisionSync(attempt));
      },
    },
  ],
  jobs: {
    [CLOSE_REVISION_JOB]: async (_id, payload) => {
      const { userId, revId } = (payload ?? {}) as { userId?: number; revId?: number };
      if (userId && revId) await closeRevisionAttempt(userId, revId, 'deadline');
    },
  },
};
