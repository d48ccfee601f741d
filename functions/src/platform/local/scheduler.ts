/** Does EventBridge's job locally: runs each catalogue schedule on its rate with the same handler. */
import { schedules, rateMillis } from '../schedules/catalogue';
import { lambdaContext } from './lambda-context';

type ScheduleHandler = (event: { schedule: string }, context: unknown) => Promise<unknown>;

export function startScheduler(handler: () => Promise<ScheduleHandler>, onError: (e: unknown) => void) {
  const timers = schedules.map((s) =>
    setInterval(() => {
      void handler()
        .then((h) => h({ schedule: s.name }, lambdaContext('lectio-schedules')))
        .catch(onError);
    }, rateMillis(s.expression)),
  );
  return () => timers.forEach(clearInterval);
}
