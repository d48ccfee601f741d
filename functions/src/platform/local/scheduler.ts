/**
 * Does EventBridge Scheduler's job locally, with the same handler: each recurring job of the catalogue on
 * its rate, and one-time jobs polled in due order (every 250 ms) from the table, so a job fires within a
 * poll of its instant and one that came due while the local cloud was down fires at once after a restart.
 */
import { schedules, rateMillis } from '../schedules/catalogue';
import { lambdaContext } from './lambda-context';

export type ScheduleHandler = (event: { schedule: string }, context: unknown) => Promise<unknown>;

/** How often the local cloud looks for due one-time jobs. */
export const ONE_TIME_POLL_MS = 250;

export function startScheduler(handler: () => Promise<ScheduleHandler>, onError: (e: unknown) => void) {
  const invoke = (schedule: string) => handler().then((h) => h({ schedule }, lambdaContext('lectio-schedules')));
  const timers = schedules.map((s) => setInterval(() => void invoke(s.name).catch(onError), rateMillis(s.expression)));
  let stopped = false;
  let poll: NodeJS.Timeout | undefined;
  const due = () => {
    if (stopped) return;
    void invoke('one-time-sweep')
      .catch(onError)
      .finally(() => {
        if (!stopped) poll = setTimeout(due, ONE_TIME_POLL_MS);
      });
  };
  due();
  return () => {
    stopped = true;
    clearTimeout(poll);
    timers.forEach(clearInterval);
  };
}
