/**
 * The competitions' real-time part: `competition:{id}` is for admins and the users who joined it; a
 * new subscriber (a join, every reconnect) is told its own `sync { deadline, serverNow }` at once, and
 * `competition.sync` (every 30 s) asks for it again. `competition-board:{id}` is the teacher's live
 * board (the course's teachers only). The one-time jobs close an attempt at its deadline and the whole
 * competition at its open window's end, with no client connected.
 */
import { topics } from '@lectio/events';
import { isAdminRole } from '@lectio/shared';
import type { DomainRealtime } from '../platform/domain';
import { getConnection } from '../platform/ws/connections';
import { hasJoined } from './competitions';
import { deadlineOf, getAttempt, syncMessage } from './attempts';
import { CLOSE_ATTEMPT_JOB, CLOSE_COMPETITION_JOB, closeAttempt, closeCompetitionForAll } from './close';
import { mayWatchBoard, projectBoard } from './board';

const jobPayload = (payload: unknown) => (payload ?? {}) as { userId?: number; compId?: number };

export const competitionsRealtime: DomainRealtime = {
  name: 'competitions',
  topics: [
    {
      kind: 'competition',
      guard: (conn, id) => {
        if (isAdminRole(conn.roleId)) return true;
        const compId = Number(id);
        return Number.isInteger(compId) && hasJoined(conn.userId, compId);
      },
      onSubscribe: async (conn, topic, id, send) => {
        // the subscriber's own deadline (an admin watching has none); a missing sync is asked again in 30 s
        const attempt = await getAttempt(conn.userId, Number(id), true).catch(() => null);
        if (attempt) await send(syncMessage(topic, attempt.comp_id, deadlineOf(attempt)));
      },
    },
    {
      kind: 'competition-board',
      guard: (conn, id) => {
        const compId = Number(id);
        return Number.isInteger(compId) && mayWatchBoard(conn, compId);
      },
    },
  ],
  actions: {
    'competition.sync': async (message, { connectionId, send }) => {
      const conn = await getConnection(connectionId);
      if (!conn) return 410;
      const attempt = await getAttempt(conn.userId, message.competitionId, true);
      if (!attempt) {
        await send({ type: 'error', message: 'Join the competition first.' });
        return 404;
      }
      await send(syncMessage(topics.competition(attempt.comp_id), attempt.comp_id, deadlineOf(attempt)));
      return 200;
    },
  },
  streams: [{ name: 'competition-board', projectBatch: projectBoard }],
  jobs: {
    [CLOSE_ATTEMPT_JOB]: async (_id, payload) => {
      const { userId, compId } = jobPayload(payload);
      if (userId && compId) await closeAttempt(userId, compId, 'deadline');
    },
    [CLOSE_COMPETITION_JOB]: async (_id, payload) => {
      const { compId } = jobPayload(payload);
      if (compId) await closeCompetitionForAll(compId, 'deadline');
    },
  },
};
