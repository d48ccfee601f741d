/**
 * Scheduled jobs Lambda. Input `{ "schedule": name }` (a recurring job of the catalogue) or
 * `{ "job": { "kind", "id" } }` (a one-time job at its instant, from EventBridge Scheduler).
 */
import { logger } from '../http/logger';
import { expiredConnections, removeConnection } from '../ws/connections';
import type { ScheduleName } from './catalogue';
import { runDueJobs, runOneTimeJob } from './one-time';

const jobs: Record<ScheduleName, () => Promise<Record<string, number>>> = {
  'connections-sweep': async () => {
    const ids = await expiredConnections();
    for (const id of ids) await removeConnection(id);
    return { removed: ids.length };
  },
  'one-time-sweep': async () => ({ ran: await runDueJobs() }),
};

export const handler = async (event: { schedule?: string; job?: { kind?: unknown; id?: unknown } }) => {
  if (event.job) {
    const { kind, id } = event.job;
    if (typeof kind !== 'string' || typeof id !== 'string') throw new Error('a one-time job needs a kind and an id');
    const ran = await runOneTimeJob(kind, id);
    return { ran: ran ? 1 : 0 };
  }
  const job = jobs[event.schedule as ScheduleName];
  if (!job) throw new Error(`unknown schedule ${event.schedule}`);
  const result = await job();
  if (Object.values(result).some((n) => n > 0)) logger.info('schedule finished', { schedule: event.schedule, ...result });
  return result;
};
