/**
 * Recurring jobs: EventBridge Scheduler schedules in AWS, timers in the local cloud; same handler. One-time
 * jobs (a domain's action at an instant) are in one-time.ts.
 */
export const schedules = [
  {
    name: 'connections-sweep',
    expression: 'rate(10 minutes)',
    description: 'Removes WebSocket connections (and their subscriptions) whose TTL has passed',
  },
  {
    name: 'one-time-sweep',
    expression: 'rate(1 minute)',
    description: 'Runs one-time jobs that are due and not done (backs up their own schedules)',
  },
] as const;
export type ScheduleName = (typeof schedules)[number]['name'];

/** Milliseconds of a `rate(N unit)` expression (the local scheduler's reading). */
export function rateMillis(expression: string): number {
  const m = /^rate\((\d+) (minute|minutes|hour|hours|day|days)\)$/.exec(expression);
  if (!m) throw new Error(`unsupported schedule expression ${expression}`);
  const unit = m[2]!.startsWith('minute') ? 60_000 : m[2]!.startsWith('hour') ? 3_600_000 : 86_400_000;
  return Number(m[1]) * unit;
}
