/**
 * The judge's AWS shape: FIFO queue (one group per learner) → orchestrator → container-image runner in a
 * VPC without any way out, whose role can write its logs and nothing else.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Match, type Template } from 'aws-cdk-lib/assertions';
import { iamStatements, synthesize, type Json, type Synthesized } from './synth';

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

  it('has no route out of the VPC: no NAT, no internet gateway, no endpoints, a security group without egress', () => {
    expect(resources(judge, 'AWS::EC2::NatGateway')).toHaveLength(0);
    expect(resources(judge, 'AWS::EC2::InternetGateway')).toHaveLength(0);
    expect(resources(judge, 'AWS::EC2::VPCEndpoint')).toHaveLength(0);
    for (const [, route] of resources(judge, 'AWS::EC2::Route')) {
      expect(route.Properties.DestinationCidrBlock).not.toBe('0.0.0.0/0');
    }
    const groups = resources(judge, 'AWS::EC2::SecurityGroup');
    expect(groups).toHaveLength(1);
    // CDK writes a deny-all placeholder rule when allowAllOutbound is false
    expect(groups[0]![1].Properties.SecurityGroupEgress).toEqual([expect.objectContaining({ CidrIp: '255.255.255.255/32' })]);
  });

  it('gives the runner no rights beyond its logs (and the network interfaces a VPC Lambda needs)', () => {
    const runnerRole = Object.entries(judge.findResources('AWS::IAM::Role')).find(([, r]) => String(r.Properties.Description).startsWith('Judge runner'))![0];
    const actions = iamStatements(judge)
      .filter((st) => st.roles.includes(runnerRole))
      .flatMap((st) => st.Action);
    for (const action of actions) expect(action).toMatch(/^(logs:(CreateLogStream|PutLogEvents)|ec2:(Create|Describe|Delete)NetworkInterfaces?|ec2:(Assign|Unassign)PrivateIpAddresses)$/);
    expect(actions).not.toContain('dynamodb:PutItem');
  });

  it('lets only the orchestrator invoke the runner; the judge domain only sends to the queue', () => {
    const invokers = iamStatements(judge).filter((st) => st.Action.includes('lambda:InvokeFunction'));
    expect(invokers).toHaveLength(1);
    const senders = iamStatements(api).filter((st) => st.Action.includes('sqs:SendMessage'));
    expect(senders).toHaveLength(1);
    expect(senders[0]!.policy).toMatch(/judge/i);
    api.hasResourceProperties('AWS::Lambda::Function', { Environment: { Variables: Match.objectLike({ JUDGE_QUEUE_URL: Match.anyValue() }) } });
  });
});
