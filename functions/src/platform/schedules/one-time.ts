/**
 * One-time jobs: a domain's action due at an instant (closing a competition attempt at its deadline, a
 * revision's end), created and cancelled by domain code, run with no client connected.
 *
 * - The job is an item (`JOB#{kind}#{id}`, in due order on GSI2 `JOBDUE`) written by `scheduleAt`, so it
 *   survives anything that happens to a timer. In AWS `scheduleAt` also creates an EventBridge Scheduler
 *   one-time schedule (`at(…)`, deleted after it runs, a dead-letter queue) that invokes the schedule
 *   handler with `{ job: { kind, id } }` at the instant; the local cloud polls the due order instead (and
 *   finds, at start, what came due while it was down).
 * - A sweep (`one-time-sweep`, every minute) runs whatever is due and not done: nothing is left undone if
 *   a schedule is lost.
 * - Running claims the job first (a conditional write; a claim expires after a minute, so a job whose run
 *   crashed is tried again), runs the domain's function, then deletes the item. A job runs at least once:
 *   domain functions are idempotent (closing an attempt twice closes it once).
 * - The platform knows no domain: a domain registers the function of each job kind it schedules
 *   (`registerOneTimeJob`), from its own real-time part.
 */
import { CreateScheduleCommand, DeleteScheduleCommand, SchedulerClient } from '@aws-sdk/client-scheduler';
import { DeleteCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { formatSpecTime } from '@lectio/shared';
import { db, table } from '../db/client';
import { keys } from '../db/keys';
import { conditionFailed } from '../db/operations';
import { GSI2 } from '../db/schema';
import { logger } from '../http/logger';
import { env } from '../config';
import { traced } from '../tracing';

export type OneTimeJobRun = (id: string, payload: unknown) => Promise<void>;

interface JobItem {
  kind: string;
  job_id: string;
  due_at: number;
  payload: string;
  claimed_until?: number;
}

const runners = new Map<string, OneTimeJobRun>();
const CLAIM_MS = 60_000;
/** Kinds and ids become schedule names: letters, digits and a few signs, short. */
const SAFE = /^[A-Za-z0-9_.-]{1,40}$/;

/** A domain's function for a kind of job (registered once, at load). */
export function registerOneTimeJob(kind: string, run: OneTimeJobRun): void {
  if (!SAFE.test(kind)) throw new Error(`invalid job kind ${kind}`);
  runners.set(kind, run);
}

/** Registers every one-time job kind of the domains (the schedule handler's entry does this once). */
export function registerDomainJobs(domains: Array<{ name: string; jobs?: Record<string, OneTimeJobRun> }>): void {
  for (const domain of domains) {
    for (const [kind, run] of Object.entries(domain.jobs ?? {})) {
      if (runners.has(kind) && runners.get(kind) !== run) throw new Error(`one-time job kind ${kind} of ${domain.name} is registered twice`);
      registerOneTimeJob(kind, run);
    }
  }
}

/** EventBridge Scheduler in AWS (SCHEDULE_GROUP set by the CDK); locally the due order is polled. */
const scheduler = () => (env('SCHEDULE_GROUP') ? (client ??= traced(new SchedulerClient({}))) : null);
let client: SchedulerClient | undefined;
const scheduleName = (kind: string, id: string) => `${kind}--${id}`;
/** The `at()` expression of an instant (EventBridge Scheduler: whole seconds, UTC). */
export const atExpression = (instant: number) => `at(${formatSpecTime(Math.ceil(instant / 1000) * 1000).replace(' ', 'T')})`;

/** The stored item of a job (keys, due order, payload as JSON text). */
export function oneTimeJobItem(kind: string, id: string, dueAt: number, payload: unknown = null): Record<string, unknown> {
  const job: JobItem = { kind, job_id: id, due_at: dueAt, payload: JSON.stringify(payload) };
  return { ...keys.oneTimeJob(kind, id), ...keys.oneTimeJobDue(dueAt, kind, id), type: 'one-time-job', ...job };
}

/** Schedules (or moves) the job `kind`/`id` to run at `dueAt` (epoch ms) with `payload`. */
export async function scheduleAt(kind: string, id: string, dueAt: number, payload: unknown = null): Promise<void> {
  if (!SAFE.test(kind) || !SAFE.test(id)) throw new Error(`invalid job ${kind}/${id}`);
  await db.send(new PutCommand({ TableName: table(), Item: oneTimeJobItem(kind, id, dueAt, payload) }));
  const aws = scheduler();
  if (!aws) return;
  const name = scheduleName(kind, id);
  await aws.send(new DeleteScheduleCommand({ Name: name, GroupName: env('SCHEDULE_GROUP') })).catch(() => undefined);
  await aws.send(
    new CreateScheduleCommand({
      Name: name,
      GroupName: env('SCHEDULE_GROUP'),
      ScheduleExpression: atExpression(dueAt),
      ScheduleExpressionTimezone: 'UTC',
      FlexibleTimeWindow: { Mode: 'OFF' },
      ActionAfterCompletion: 'DELETE',
      Target: {
        Arn: env('SCHEDULE_TARGET_ARN'),
        RoleArn: env('SCHEDULE_ROLE_ARN'),
        Input: JSON.stringify({ job: { kind, id } }),
        DeadLetterConfig: env('SCHEDULE_DLQ_ARN') ? { Arn: env('SCHEDULE_DLQ_ARN') } : undefined,
        RetryPolicy: { MaximumRetryAttempts: 3, MaximumEventAgeInSeconds: 3600 },
      },
    }),
  );
}

/** Cancels a job that has not run (no error when it is gone or never was). */
export async function cancelSchedule(kind: string, id: string): Promise<void> {
  await db.send(new DeleteCommand({ TableName: table(), Key: keys.oneTimeJob(kind, id) }));
  const aws = scheduler();
  if (aws) await aws.send(new DeleteScheduleCommand({ Name: scheduleName(kind, id), GroupName: env('SCHEDULE_GROUP') })).catch(() => undefined);
}

/** The jobs due by `now` (oldest first), at most `limit`. */
export async function dueJobs(now = Date.now(), limit = 100): Promise<Array<{ kind: string; id: string; dueAt: number }>> {
  const due = keys.oneTimeJobsDueBy(now);
  const out = await db.send(
    new QueryCommand({
      TableName: table(),
      IndexName: GSI2,
      KeyConditionExpression: 'gsi2pk = :p AND gsi2sk <= :s',
      ExpressionAttributeValues: { ':p': due.gsi2pk, ':s': due.upTo },
      Limit: limit,
    }),
  );
  return ((out.Items ?? []) as JobItem[]).map((j) => ({ kind: j.kind, id: j.job_id, dueAt: j.due_at }));
}

/**
 * Runs one job if it is due and nobody else is running it; answers whether it ran. Unknown kinds stay
 * (their domain may not be deployed in this function) and are logged.
 */
export async function runOneTimeJob(kind: string, id: string, now = Date.now()): Promise<boolean> {
  const run = runners.get(kind);
  if (!run) {
    logger.warn('one-time job of an unknown kind', { kind, id });
    return false;
  }
  let job: JobItem;
  try {
    const claimed = await db.send(
      new UpdateCommand({
        TableName: table(),
        Key: keys.oneTimeJob(kind, id),
        UpdateExpression: 'SET claimed_until = :until',
        ConditionExpression: 'attribute_exists(pk) AND due_at <= :now AND (attribute_not_exists(claimed_until) OR claimed_until < :now)',
        ExpressionAttributeValues: { ':until': now + CLAIM_MS, ':now': now },
        ReturnValues: 'ALL_NEW',
      }),
    );
    job = claimed.Attributes as JobItem;
  } catch (e) {
    // gone (ran, cancelled), not yet due, or another runner holds it
    if (conditionFailed(e)) return false;
    throw e;
  }
  await run(id, JSON.parse(job.payload) as unknown);
  // moved by scheduleAt meanwhile: the new instant stands
  await db
    .send(new DeleteCommand({ TableName: table(), Key: keys.oneTimeJob(kind, id), ConditionExpression: 'due_at = :due', ExpressionAttributeValues: { ':due': job.due_at } }))
    .catch((e: unknown) => {
      if (!conditionFailed(e)) throw e;
    });
  logger.info('one-time job ran', { kind, id, lateMs: Date.now() - job.due_at });
  return true;
}

/** Runs every job that is due (the sweep, and the local scheduler's poll); answers how many ran. */
export async function runDueJobs(now = Date.now()): Promise<number> {
  let ran = 0;
  for (const job of await dueJobs(now)) {
    try {
      if (await runOneTimeJob(job.kind, job.id, now)) ran++;
    } catch (e) {
      logger.error('one-time job failed', { kind: job.kind, id: job.id, error: String(e) });
    }
  }
  return ran;
}
