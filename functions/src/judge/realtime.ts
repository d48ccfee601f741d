/**
 * The judge's real-time part: the `judge:{ticket}` topic (only the user who started the job listens,
 * not even an admin), the `judge.input` action (a line typed into a running program) and the stream
 * projection that pushes the terminal channel's output.
 */
import type { DomainRealtime } from '../platform/domain';
import { getConnection } from '../platform/ws/connections';
import { ownJob, ownsTicket } from './service/job-record';
import { judgeInput } from './service/input';
import { judgeChannel } from './service/service';
import { judgeStream } from './stream';

export const judgeRealtime: DomainRealtime = {
  name: 'judge',
  topics: [
    {
      kind: 'judge',
      guard: (conn, id) => ownsTicket(id, conn.userId),
      // A job that ended before its owner subscribed: the end is told again, so the client reads the result;
      // one whose program already runs interactively: 'run:terminal' again, so the terminal takes input, and
      // the output so far (the prompt it printed before the subscription).
      onSubscribe: async (conn, topic, id, send) => {
        if ((await ownJob(id, conn.userId)).status !== 'done') {
          for (const m of await judgeChannel().catchUp(id)) await send(m);
          return;
        }
        for (const m of ['retrieve:', 'close:']) await send({ type: 'judge.monitor', topic, ticket: id, message: m });
      },
    },
  ],
  actions: {
    'judge.input': async (message, { connectionId, send }) => {
      const conn = await getConnection(connectionId);
      if (!conn) return 410;
      if (!(await judgeInput(conn.userId, message.ticket, message.text))) {
        await send({ type: 'error', message: 'Unknown ticket.' });
        return 404;
      }
      return 200;
    },
  },
  streams: [judgeStream],
};
