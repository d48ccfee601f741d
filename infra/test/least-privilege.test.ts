/**
 * Least privilege, checked on the synthesised templates: no wildcard actions, `*` resources only
 * where AWS offers no resource-level permission, and each right only on the roles that need it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Template } from 'aws-cdk-lib/assertions';
import { activeDomains, type Domain } from '@lectio/shared';
import { domainNeeds } from '../src/domains';
import { actionsOf, iamStatements, ids, statementsOf, synthesize, type Json, type Synthesized } from './synth';

/** Actions without resource-level permissions (AWS requires Resource "*"). */
const RESOURCE_STAR_ONLY = new Set([
  'xray:PutTraceSegments',
  'xray:PutTelemetryRecords',
  // the network interfaces of a Lambda in a VPC (the judge runner), as AWSLambdaVPCAccessExecutionRole grants them
  'ec2:CreateNetworkInterface',
  'ec2:DescribeNetworkInterfaces',
  'ec2:DeleteNetworkInterface',
  'ec2:AssignPrivateIpAddresses',
  'ec2:UnassignPrivateIpAddresses',
  // the kernel gateway's task execution role pulling its image (the registry token has no resource)
  'ecr:GetAuthorizationToken',
  // the deploy-time lookup of CloudFront's origin-facing prefix list id (kernel stack; EC2's Describe calls have no resource)
  'ec2:DescribeManagedPrefixLists',
]);

let s: Synthesized;
let api: Template;
let realtime: Template;

beforeAll(() => {
  s = synthesize();
  api = s.templates.LectioApi!;
  realtime = s.templates.LectioRealtime!;
});
afterAll(() => s?.dispose());

const everyStatement = () =>
  Object.entries(s.templates).flatMap(([stack, t]) => iamStatements(t).map((st) => ({ ...st, stack })));

describe('every IAM policy of the app', () => {
  it('has statements to check', () => {
    expect(everyStatement().length).toBeGreaterThan(10);
  });

  it('grants no wildcard action', () => {
    for (const st of everyStatement().filter((x) => x.Effect === 'Allow')) {
      for (const action of st.Action) {
        expect(action, `${st.stack}/${st.policy}`).not.toBe('*');
        expect(action, `${st.stack}/${st.policy}`).not.toMatch(/:\*$/);
      }
    }
  });

  it('uses Resource "*" only for actions without resource-level permissions', () => {
    for (const st of everyStatement().filter((x) => x.Effect === 'Allow' && x.Resource.includes('*'))) {
      for (const action of st.Action)
        expect(RESOURCE_STAR_ONLY.has(action), `${st.stack}/${st.policy}: ${action}`).toBe(true);
    }
  });

  it('gives Lectio Lambdas no managed policies (log rights are scoped to their own log group)', () => {
    const fns = [
      ...s.stacks.api.domainFunctions.values(),
      s.stacks.realtime.wsHandler,
      s.stacks.realtime.streamHandler,
      s.stacks.realtime.scheduleHandler,
      s.stacks.realtime.publishShardHandler,
    ];
    for (const fn of fns) {
      const t = fn.fn.stack === s.stacks.api ? api : realtime;
      const role = (t.findResources('AWS::IAM::Role') as Record<string, Json>)[ids(fn).role]!;
      expect(role.Properties.ManagedPolicyArns, fn.node.path).toBeUndefined();
      const logs = statementsOf(t, ids(fn).role).filter((st) => st.Action.some((a) => a.startsWith('logs:')));
      expect(
        logs.flatMap((st) => st.Resource),
        fn.node.path,
      ).toEqual([{ 'Fn::GetAtt': [expect.stringMatching(/Logs/), 'Arn'] }]);
    }
  });
});

describe('per-function rights', () => {
  const roleOf = (name: 'ws' | 'streams' | 'schedules' | 'publishShard') =>
    ids(
      {
        ws: s.stacks.realtime.wsHandler,
        streams: s.stacks.realtime.streamHandler,
        schedules: s.stacks.realtime.scheduleHandler,
        publishShard: s.stacks.realtime.publishShardHandler,
      }[name],
    ).role;
  const domainRole = (domain: Domain) => ids(s.stacks.api.domainFunctions.get(domain)!).role;
  const domainsThat = (need: 'sendsMail' | 'publishes') => activeDomains().filter((d) => domainNeeds[d]?.[need]);

  it('lets every HTTP domain and the ws handler read the secret and use the table', () => {
    const holders: Array<[Template, string]> = [
      ...activeDomains().map((d): [Template, string] => [api, domainRole(d)]),
      [realtime, roleOf('ws')],
    ];
    for (const [t, role] of holders) {
      const actions = actionsOf(t, role);
      expect(actions.has('secretsmanager:GetSecretValue'), role).toBe(true);
      expect(actions.has('dynamodb:PutItem') && actions.has('dynamodb:Query'), role).toBe(true);
    }
  });

  it('keeps the secret from the streams, schedules and shard publisher functions', () => {
    for (const name of ['streams', 'schedules', 'publishShard'] as const) {
      const actions = [...actionsOf(realtime, roleOf(name))];
      expect(
        actions.filter((a) => a.startsWith('secretsmanager:')),
        name,
      ).toEqual([]);
      expect(actions.filter((a) => a.startsWith('dynamodb:')).length, name).toBeGreaterThan(0);
    }
  });

  it('lets only accounts send mail, and only as the configured identity', () => {
    const senders = everyStatement().filter((st) => st.Action.some((a) => a.startsWith('ses:')));
    expect(domainsThat('sendsMail')).toEqual(['accounts']);
    expect(senders.map((st) => st.roles).flat()).toEqual([domainRole('accounts')]);
    expect(senders.flatMap((st) => st.Action)).toEqual(['ses:SendEmail']);
    expect(JSON.stringify(senders[0]!.Resource)).toMatch(/:identity\/lectio\.example"/);
  });

  it('lets only the ws, streams, shard publisher and schedules functions manage WebSocket connections, on stage prod', () => {
    const managers = everyStatement().filter((st) => st.Action.includes('execute-api:ManageConnections'));
    // the judge orchestrator pushes job progress to the ticket's topic
    const expected = [
      roleOf('streams'),
      roleOf('ws'),
      roleOf('publishShard'),
      // a one-time job announces a competition's close at its deadline
      roleOf('schedules'),
      ...domainsThat('publishes').map(domainRole),
      ids(s.stacks.judge.orchestrator).role,
    ];
    expect(managers.flatMap((st) => st.roles).sort()).toEqual(expected.sort());
    for (const st of managers) expect(JSON.stringify(st.Resource)).toContain('/prod/*/@connections/*');
  });

  it('lets only the streams and schedules functions invoke the shard publisher', () => {
    const invokers = everyStatement().filter((st) => st.Action.includes('lambda:InvokeFunction'));
    const publisher = ids(s.stacks.realtime.publishShardHandler).function;
    const ofPublisher = invokers.filter((st) => JSON.stringify(st.Resource).includes(publisher));
    expect(ofPublisher.flatMap((st) => st.roles).sort()).toEqual([roleOf('streams'), roleOf('schedules')].sort());
  });

  it('reads the table stream only from the streams function', () => {
    const readers = everyStatement().filter(
      (st) => st.Action.includes('dynamodb:GetShardIterator') && JSON.stringify(st.Resource).includes('StreamArn'),
    );
    expect(readers.flatMap((st) => st.roles)).toEqual([roleOf('streams')]);
  });
});
