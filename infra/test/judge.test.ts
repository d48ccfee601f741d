/**
 * The judge's AWS shape: FIFO queue (one group per learner) → orchestrator → container-image runner in a
 * VPC whose only way out is the DynamoDB gateway endpoint, with a role that can write its logs and nothing
 * else; the table it reaches with per-job keys of the channel role (`JUDGEIO#*` items: Query, PutItem), which
 * only the orchestrator may assume.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Match, type Template } from 'aws-cdk-lib/assertions';
import { readFileSync } from 'node:fs';
import { iamStatements, ids, synthesize, type Json, type Synthesized } from './synth';
import { repoRoot } from '../src/paths';

let s: Synthesized;
let judge: Template;
let api: Template;

beforeAll(() => {
  s = synthesize();
  judge = s.templates.LectioJudge!;
  api = s.templates.LectioApi!;
});
afterAll(() => s?.dispose());

const resources = (t: Template, type: string) => Object.entries(t.findResources(type)) as Array<[string, Json]>;

describe('LectioJudge', () => {
  it('queues jobs in a FIFO queue with a dead-letter queue', () => {
    judge.hasResourceProperties('AWS::SQS::Queue', { FifoQueue: true, RedrivePolicy: Match.objectLike({ maxReceiveCount: 2 }) });
    judge.hasResourceProperties('AWS::Lambda::EventSourceMapping', { BatchSize: 1 });
  });

  it('runs the runner as a container image in isolated subnets, one job per invocation', () => {
    const runners = resources(judge, 'AWS::Lambda::Function').filter(([, r]) => r.Properties.PackageType === 'Image');
    expect(runners).toHaveLength(1);
    const [, runner] = runners[0]!;
    expect(runner.Properties.VpcConfig.SubnetIds.length).toBeGreaterThan(0);
    expect(runner.Properties.Timeout).toBeLessThanOrEqual(120);
  });

  it('has no way to the internet: no NAT, no internet gateway, no 0.0.0.0/0 route; only a DynamoDB gateway endpoint', () => {
    expect(resources(judge, 'AWS::EC2::NatGateway')).toHaveLength(0);
    expect(resources(judge, 'AWS::EC2::InternetGateway')).toHaveLength(0);
    expect(resources(judge, 'AWS::EC2::VPCGatewayAttachment')).toHaveLength(0);
    for (const [, route] of resources(judge, 'AWS::EC2::Route')) {
      expect(route.Properties.DestinationCidrBlock).not.toBe('0.0.0.0/0');
      expect(route.Properties.DestinationIpv6CidrBlock).toBeUndefined();
    }
    const endpoints = resources(judge, 'AWS::EC2::VPCEndpoint');
    expect(endpoints).toHaveLength(1);
    const [, endpoint] = endpoints[0]!;
    expect(endpoint.Properties.VpcEndpointType).toBe('Gateway');
    expect(JSON.stringify(endpoint.Properties.ServiceName)).toContain('.dynamodb');
    // on the runner's (isolated) route tables
    const isolatedTables = resources(judge, 'AWS::EC2::RouteTable').map(([id]) => id);
    expect(endpoint.Properties.RouteTableIds.map((r: { Ref: string }) => r.Ref).sort()).toEqual(isolatedTables.sort());
  });

  it('limits the endpoint to the channel actions on the Lectio table', () => {
    const [, endpoint] = resources(judge, 'AWS::EC2::VPCEndpoint')[0]!;
    const statements = endpoint.Properties.PolicyDocument.Statement as Json[];
    expect(statements).toHaveLength(1);
    expect(statements[0]).toMatchObject({ Effect: 'Allow', Principal: { AWS: '*' } });
    expect([statements[0]!.Action].flat().sort()).toEqual(['dynamodb:PutItem', 'dynamodb:Query']);
    expect(JSON.stringify(statements[0]!.Resource)).toMatch(/LectioData.*Table|Table.*Arn/);
  });

  it('lets the runner send HTTPS only (to the endpoint), nothing else in or out', () => {
    const groups = resources(judge, 'AWS::EC2::SecurityGroup');
    expect(groups).toHaveLength(1);
    const [, group] = groups[0]!;
    expect(group.Properties.SecurityGroupIngress).toBeUndefined();
    expect(group.Properties.SecurityGroupEgress).toEqual([expect.objectContaining({ IpProtocol: 'tcp', FromPort: 443, ToPort: 443 })]);
    expect(resources(judge, 'AWS::EC2::SecurityGroupIngress')).toHaveLength(0);
    expect(resources(judge, 'AWS::EC2::SecurityGroupEgress')).toHaveLength(0);
  });

  const roleId = (prefix: string) => Object.entries(judge.findResources('AWS::IAM::Role')).find(([, r]) => String(r.Properties.Description).startsWith(prefix))![0];

  it('gives the runner role its logs and the network interfaces of a VPC Lambda, no table rights', () => {
    const actions = iamStatements(judge)
      .filter((st) => st.roles.includes(roleId('Judge runner')))
      .flatMap((st) => st.Action);
    for (const action of actions) expect(action).toMatch(/^(logs:(CreateLogStream|PutLogEvents)|ec2:(Create|Describe|Delete)NetworkInterfaces?|ec2:(Assign|Unassign)PrivateIpAddresses)$/);
    expect(actions.filter((a) => a.startsWith('dynamodb:'))).toEqual([]);
  });

  it('the channel role: Query/PutItem on JUDGEIO# keys of the table only, assumable by the orchestrator alone', () => {
    const channelRole = roleId('Judge channel');
    const statements = iamStatements(judge).filter((st) => st.roles.includes(channelRole));
    expect(statements).toHaveLength(1);
    expect([...statements[0]!.Action].sort()).toEqual(['dynamodb:PutItem', 'dynamodb:Query']);
    expect(statements[0]!.Condition).toEqual({ 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['JUDGEIO#*'] } });
    // the table itself, not its indexes or stream
    expect(statements[0]!.Resource).toHaveLength(1);
    expect(JSON.stringify(statements[0]!.Resource)).not.toMatch(/index|stream/i);
    // trust: the orchestrator's role, nobody else
    const orchestratorRole = ids(s.stacks.judge.orchestrator).role;
    const trust = (judge.findResources('AWS::IAM::Role') as Record<string, Json>)[channelRole]!.Properties.AssumeRolePolicyDocument.Statement as Json[];
    expect(trust).toHaveLength(1);
    expect(trust[0]!.Principal).toEqual({ AWS: { 'Fn::GetAtt': [orchestratorRole, 'Arn'] } });
    const assumers = iamStatements(judge).filter((st) => st.Action.includes('sts:AssumeRole'));
    expect(assumers.flatMap((st) => st.roles)).toEqual([orchestratorRole]);
    expect(assumers[0]!.Resource).toEqual([{ 'Fn::GetAtt': [channelRole, 'Arn'] }]);
    judge.hasResourceProperties('AWS::Lambda::Function', { Environment: { Variables: Match.objectLike({ JUDGE_CHANNEL_ROLE_ARN: { 'Fn::GetAtt': [channelRole, 'Arn'] } }) } });
  });

  it('switches every part of the judge to the DynamoDB channel: runner, orchestrator, judge domain, WebSocket function', () => {
    const withChannel = (t: Template) =>
      resources(t, 'AWS::Lambda::Function').filter(([, r]) => r.Properties.Environment?.Variables?.JUDGE_CHANNEL === 'dynamodb');
    expect(withChannel(judge)).toHaveLength(2);
    const [, runner] = resources(judge, 'AWS::Lambda::Function').find(([, r]) => r.Properties.PackageType === 'Image')!;
    expect(runner.Properties.Environment.Variables.TABLE_NAME).toBeDefined();
    const judgeDomain = withChannel(api);
    expect(judgeDomain).toHaveLength(1);
    expect(judgeDomain[0]![1].Properties.Environment.Variables.JUDGE_QUEUE_URL).toBeDefined();
    expect(withChannel(s.templates.LectioRealtime!).map(([, r]) => String(r.Properties.Description))).toEqual([expect.stringMatching(/WebSocket/)]);
  });

  it('lets only the orchestrator invoke the runner; the judge domain only sends to the queue', () => {
    const invokers = iamStatements(judge).filter((st) => st.Action.includes('lambda:InvokeFunction'));
    expect(invokers).toHaveLength(1);
    const senders = iamStatements(api).filter((st) => st.Action.includes('sqs:SendMessage'));
    expect(senders).toHaveLength(1);
    expect(senders[0]!.policy).toMatch(/judge/i);
    api.hasResourceProperties('AWS::Lambda::Function', { Environment: { Variables: Match.objectLike({ JUDGE_QUEUE_URL: Match.anyValue() }) } });
  });

  it('runs the judge in the runner image only with the explicit rlimits setting, the runner undumpable and every program behind vpl-guard', () => {
    const dockerfile = readFileSync(`${repoRoot}/infra/judge-runner/Dockerfile`, 'utf8');
    const env = /^ENV ([\s\S]*?)\n(?=\S)/m.exec(dockerfile)![1]!;
    const settings = Object.fromEntries([...env.matchAll(/([A-Z_]+)=(\S+)/g)].map((m) => [m[1], m[2]]));
    expect(settings).toMatchObject({
      JUDGE_SANDBOX: 'rlimits',
      LD_PRELOAD: '/opt/lectio/vpl-nodump.so',
      JUDGE_GUARD_HELPER: '/opt/lectio/vpl-guard',
      JUDGE_SWEEP_OWN_UID: '1',
    });
    expect(dockerfile).toMatch(/gcc .*-shared -fPIC -o \/opt\/lectio\/vpl-nodump\.so \/opt\/lectio\/vpl-nodump\.c/);
    expect(dockerfile).toMatch(/gcc -O2 -o \/opt\/lectio\/vpl-guard \/opt\/lectio\/vpl-guard\.c/);
    // the type 9 runners are read beside the bundle at run time
    expect(dockerfile).toMatch(/COPY functions\/src\/judge\/unit-tests\/python \$\{LAMBDA_TASK_ROOT\}\/python/);
    expect(dockerfile).toMatch(/COPY functions\/src\/judge\/unit-tests\/java \$\{LAMBDA_TASK_ROOT\}\/java/);
  });
});
