/** Scheduled jobs Lambda: input `{ "schedule": name }`. */
import { logger } from '../http/logger';
import { expiredConnections, removeConnection } from '../ws/connections';
import type { ScheduleName } from './catalogue';

const jobs: Record<ScheduleName, () => Promise<Record<string, number>>> = {
  'connections-sweep': async () => {
    const ids = await expiredConnections();
    for (const id of ids) await removeConnection(id);
    return { removed: ids.length };
  },
};

export const handler = async (event: { schedule?: string }) => {
  const job = jobs[event.schedule as ScheduleName];
  if (!job) throw new Error(`unknown schedule ${event.schedule}`);
  const result = await job();
  logger.info('schedule finished', { schedule: event.schedule, ...result });
  return result;
};
