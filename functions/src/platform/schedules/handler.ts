/**
 * Scheduled jobs Lambda. Input `{ "schedule": name }` (a recurring job of the catalogue) or
 * `{ "job": { "kind", "id" } }` (a one-time job at its instant, from EventBridge Scheduler).
 */
import middy from '@middy/core';
import type { Context } from 'aws-lambda';
import { logger } from '../http/logger';
import { countScheduleRun } from '../http/metrics';
import { tracingMiddleware } from '../tracing';
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

type ScheduleEvent = { schedule?: string; job?: { kind?: unknown; id?: unknown } };

async function run(event: ScheduleEvent): Promise<Record<string, number>> {
  if (event.job) {
    const { kind, id } = event.job;
    if (typeof kind !== 'string' || typeof id !== 'string') throw new Error('a one-time job needs a kind and an id');
    logger.appendKeys({ job: kind, jobId: id });
    const ran = await runOneTimeJob(kind, id);
    countScheduleRun(`job ${kind}`, 'ok');
    return { ran: ran ? 1 : 0 };
  }
  const job = jobs[event.schedule as ScheduleName];
  if (!job) throw new Error(`unknown schedule ${event.schedule}`);
  logger.appendKeys({ schedule: event.schedule });
  const result = await job();
  countScheduleRun(String(event.schedule), 'ok');
  if (Object.values(result).some((n) => n > 0)) logger.info('schedule finished', result);
  return result;
}

/**
 * As HTTP's: every log line carries the request id and the schedule or job; each run is counted per
 * schedule (or job kind) and outcome; a failure is logged, counted and thrown again so that
 * EventBridge retries it (and, for a one-time job, sends it to the dead-letter queue at the end).
 */
export const handler = middy<ScheduleEvent, Record<string, number>, Error, Context>({ timeoutEarlyInMillis: 0 })
  .use(tracingMiddleware<ScheduleEvent, Record<string, number>>())
  .use({
    before: async ({ context }) => {
      if (context?.awsRequestId) logger.addContext(context);
      logger.resetKeys();
    },
    onError: async ({ event, error }) => {
      const name = event.job ? `job ${String(event.job.kind)}` : String(event.schedule);
      countScheduleRun(name, 'failed');
      logger.error('schedule failed', { error: error as Error, schedule: name });
    },
  })
  .handler(run);
