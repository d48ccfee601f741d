/**
 * One-time jobs in AWS mode (SCHEDULE_GROUP set): the job item is written, and an EventBridge Scheduler
 * one-time schedule at the instant invokes the schedule handler with the job, is deleted after it runs and
 * sends failures to the dead-letter queue; cancelling deletes both. The local path runs in
 * tests/integration/one-time-schedules.test.ts.
 */
import { CreateScheduleCommand, DeleteScheduleCommand, SchedulerClient } from '@aws-sdk/client-scheduler';
import { DeleteCommand, DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { atExpression, cancelSchedule, registerDomainJobs, scheduleAt } from './one-time';

const scheduler = mockClient(SchedulerClient);
const documents = mockClient(DynamoDBDocumentClient);
const env = { SCHEDULE_GROUP: 'lectio-one-time', SCHEDULE_TARGET_ARN: 'arn:target', SCHEDULE_ROLE_ARN: 'arn:role', SCHEDULE_DLQ_ARN: 'arn:dlq' };

beforeEach(() => {
  scheduler.reset();
  documents.reset();
  scheduler.onAnyCommand().resolves({});
  documents.onAnyCommand().resolves({});
  Object.assign(process.env, env);
});
afterAll(() => {
  for (const k of Object.keys(env)) delete process.env[k];
  scheduler.restore();
  documents.restore();
});

describe('one-time jobs with EventBridge Scheduler', () => {
  it('at(): whole seconds in UTC, never before the instant', () => {
    expect(atExpression(Date.UTC(2026, 10, 24, 13, 0, 0))).toBe('at(2026-11-24T13:00:00)');
    expect(atExpression(Date.UTC(2026, 10, 24, 13, 0, 0) + 1)).toBe('at(2026-11-24T13:00:01)');
  });

  it('scheduleAt writes the job and a one-time schedule that invokes the handler with it', async () => {
    const due = Date.UTC(2026, 10, 24, 13, 0, 0);
    await scheduleAt('competition-close', '42', due, { userCompId: 42 });
    const put = documents.commandCalls(PutCommand)[0]!.args[0].input;
    expect(put.Item).toMatchObject({ pk: 'JOB#competition-close#42', sk: 'AT', due_at: due, gsi2pk: 'JOBDUE', payload: '{"userCompId":42}' });
    const created = scheduler.commandCalls(CreateScheduleCommand)[0]!.args[0].input;
    expect(created).toMatchObject({
      Name: 'competition-close--42',
      GroupName: 'lectio-one-time',
      ScheduleExpression: 'at(2026-11-24T13:00:00)',
      ScheduleExpressionTimezone: 'UTC',
      ActionAfterCompletion: 'DELETE',
      Target: { Arn: 'arn:target', RoleArn: 'arn:role', DeadLetterConfig: { Arn: 'arn:dlq' }, Input: JSON.stringify({ job: { kind: 'competition-close', id: '42' } }) },
    });
  });

  it('cancelSchedule deletes the job and its schedule; a name outside the safe set is refused', async () => {
    await cancelSchedule('competition-close', '42');
    expect(documents.commandCalls(DeleteCommand)[0]!.args[0].input.Key).toEqual({ pk: 'JOB#competition-close#42', sk: 'AT' });
    expect(scheduler.commandCalls(DeleteScheduleCommand)[0]!.args[0].input).toEqual({ Name: 'competition-close--42', GroupName: 'lectio-one-time' });
    await expect(scheduleAt('competition close', '1', Date.now())).rejects.toThrow(/invalid job/);
  });
});

describe('domains plug their one-time jobs in', () => {
  it('each kind once: a second domain claiming a kind is refused at start', () => {
    const close = async () => undefined;
    registerDomainJobs([{ name: 'competitions', jobs: { 'attempt-close': close } }]);
    // the same entry again (a module loaded twice) is harmless
    registerDomainJobs([{ name: 'competitions', jobs: { 'attempt-close': close } }]);
    expect(() => registerDomainJobs([{ name: 'revisions', jobs: { 'attempt-close': async () => undefined } }])).toThrow(/attempt-close of revisions is registered twice/);
    expect(() => registerDomainJobs([{ name: 'x', jobs: { 'bad kind': close } }])).toThrow(/invalid job kind/);
  });
});

