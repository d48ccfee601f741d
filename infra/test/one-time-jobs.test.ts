/**
 * One-time jobs in AWS: a scheduler group, a role the scheduler alone assumes that may only invoke the
 * schedule handler (and drop failures in the dead-letter queue), the minute sweep that backs the schedules
 * up, and the competitions function allowed to create and delete schedules of that group only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Match, type Template } from 'aws-cdk-lib/assertions';
import { ids, iamStatements, synthesize, type Json, type Synthesized } from './synth';

let s: Synthesized;
let realtime: Template;
let api: Template;

beforeAll(() => {
  s = synthesize();
  realtime = s.templates.LectioRealtime!;
  api = s.templates.LectioApi!;
});
afterAll(() => s?.dispose());

const roleWith = (t: Template, description: string) =>
  Object.entries(t.findResources('AWS::IAM::Role') as Record<string, Json>).find(([, r]) => String(r.Properties.Description).startsWith(description))!;

describe('one-time jobs', () => {
  it('have their own scheduler group and a dead-letter queue', () => {
    realtime.hasResourceProperties('AWS::Scheduler::ScheduleGroup', { Name: 'lectio-one-time' });
    realtime.hasResourceProperties('AWS::SQS::Queue', { MessageRetentionPeriod: 14 * 24 * 3600 });
  });

  it('the scheduler role: assumed by EventBridge Scheduler of this account, invokes the schedule handler only', () => {
    const [roleId, role] = roleWith(realtime, 'Lectio one-time jobs');
    expect(role.Properties.AssumeRolePolicyDocument.Statement).toEqual([
      expect.objectContaining({ Principal: { Service: 'scheduler.amazonaws.com' }, Condition: { StringEquals: { 'aws:SourceAccount': '123456789012' } } }),
    ]);
    const statements = iamStatements(realtime).filter((st) => st.roles.includes(roleId));
    const actions = statements.flatMap((st) => st.Action).sort();
    expect(actions.filter((a) => !a.startsWith('sqs:'))).toEqual(['lambda:InvokeFunction']);
    const handler = ids(s.stacks.realtime.scheduleHandler).function;
    const invoke = statements.find((st) => st.Action.includes('lambda:InvokeFunction'))!;
    expect(JSON.stringify(invoke.Resource)).toContain(handler);
  });

  it('a sweep every minute runs what is due if a schedule was lost', () => {
    realtime.hasResourceProperties('AWS::Scheduler::Schedule', {
      ScheduleExpression: 'rate(1 minute)',
      Target: Match.objectLike({ Input: JSON.stringify({ schedule: 'one-time-sweep' }) }),
    });
  });

  it('the competitions function may create and delete schedules of the group only, and pass only that role', () => {
    const competitions = ids(s.stacks.api.domainFunctions.get('competitions')!);
    const statements = iamStatements(api).filter((st) => st.roles.includes(competitions.role));
    const scheduling = statements.filter((st) => st.Action.some((a) => a.startsWith('scheduler:')));
    expect(scheduling).toHaveLength(1);
    expect([...scheduling[0]!.Action].sort()).toEqual(['scheduler:CreateSchedule', 'scheduler:DeleteSchedule']);
    expect(JSON.stringify(scheduling[0]!.Resource)).toMatch(/schedule\/lectio-one-time\/\*/);
    const passRole = statements.filter((st) => st.Action.includes('iam:PassRole'));
    expect(passRole).toHaveLength(1);
    expect(JSON.stringify(passRole[0]!.Resource)).toMatch(/OneTimeJobsSchedulerRole/);
    api.hasResourceProperties('AWS::Lambda::Function', {
      Environment: { Variables: Match.objectLike({ SCHEDULE_GROUP: 'lectio-one-time', SCHEDULE_TARGET_ARN: Match.anyValue(), SCHEDULE_ROLE_ARN: Match.anyValue(), SCHEDULE_DLQ_ARN: Match.anyValue() }) },
    });
    // no other domain function may schedule but revisions (an attempt closes at its deadline too)
    const revisions = ids(s.stacks.api.domainFunctions.get('revisions')!);
    const schedulers = iamStatements(api).filter((st) => st.Action.some((a) => a.startsWith('scheduler:')));
    expect(schedulers.flatMap((st) => st.roles).sort()).toEqual([competitions.role, revisions.role].sort());
  });

  it('the schedule handler may push a close at the deadline: the management API, and the shard publisher for a competition\'s shards', () => {
    const handler = ids(s.stacks.realtime.scheduleHandler);
    const statements = iamStatements(realtime).filter((st) => st.roles.includes(handler.role));
    expect(statements.some((st) => st.Action.includes('execute-api:ManageConnections'))).toBe(true);
    const invoke = statements.filter((st) => st.Action.includes('lambda:InvokeFunction'));
    expect(invoke.map((st) => JSON.stringify(st.Resource)).join(' ')).toContain(ids(s.stacks.realtime.publishShardHandler).function);
    const fn = realtime.findResources('AWS::Lambda::Function')[handler.function] as Json;
    expect(Object.keys(fn.Properties.Environment.Variables)).toEqual(expect.arrayContaining(['WS_MANAGEMENT_ENDPOINT', 'PUBLISH_SHARD_FUNCTION']));
  });

  it('the competitions function publishes (Submit ALL, the teacher\'s early close)', () => {
    const competitions = ids(s.stacks.api.domainFunctions.get('competitions')!);
    const statements = iamStatements(api).filter((st) => st.roles.includes(competitions.role));
    expect(statements.some((st) => st.Action.includes('execute-api:ManageConnections'))).toBe(true);
  });
});
