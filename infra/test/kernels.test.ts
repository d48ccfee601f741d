/**
 * The kernel gateway's AWS shape (issue 25 item 3): a Fargate service of the gateway image behind an ALB
 * (WebSockets: an hour's idle timeout), idle culling and per-user caps in its environment, tasks in subnets
 * without a way to the internet, a security group open only to the load balancer, a task role that reads
 * the app's secret and writes only KERNEL# items; the kernels Lambda knows the gateway's URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Match, type Template } from 'aws-cdk-lib/assertions';
import { iamStatements, synthesize, type Json, type Synthesized } from './synth';

let s: Synthesized;
let kernels: Template;
let api: Template;

beforeAll(() => {
  s = synthesize();
  kernels = s.templates.LectioKernels!;
  api = s.templates.LectioApi!;
});
afterAll(() => s?.dispose());

const resources = (t: Template, type: string) => Object.entries(t.findResources(type)) as Array<[string, Json]>;

describe('LectioKernels', () => {
  it('runs the gateway image on Fargate (arm64) with culling, caps and the operator\u2019s sandbox flag', () => {
    kernels.hasResourceProperties('AWS::ECS::Service', { LaunchType: 'FARGATE', NetworkConfiguration: { AwsvpcConfiguration: Match.objectLike({ AssignPublicIp: 'DISABLED' }) } });
    const [, task] = resources(kernels, 'AWS::ECS::TaskDefinition')[0]!;
    expect(task.Properties.RuntimePlatform.CpuArchitecture).toBe('ARM64');
    const container = task.Properties.ContainerDefinitions[0];
    const env = Object.fromEntries(container.Environment.map((e: { Name: string; Value: unknown }) => [e.Name, e.Value]));
    expect(env).toMatchObject({ KERNEL_CULL_IDLE_SECONDS: '900', KERNELS_PER_USER: '2', KERNEL_SANDBOX: 'none', PORT: '8888' });
    expect(container.User).toBe('1000');
    expect(container.PortMappings).toEqual([expect.objectContaining({ ContainerPort: 8888 })]);
  });

  it('sits behind a load balancer that keeps WebSockets open for an hour and checks /health', () => {
    kernels.hasResourceProperties('AWS::ElasticLoadBalancingV2::LoadBalancer', {
      LoadBalancerAttributes: Match.arrayWith([{ Key: 'idle_timeout.timeout_seconds', Value: '3600' }]),
    });
    kernels.hasResourceProperties('AWS::ElasticLoadBalancingV2::TargetGroup', { HealthCheckPath: '/health', Port: 8888 });
  });

  it('has no way to the internet from the tasks: no NAT, isolated subnets, HTTPS egress only', () => {
    expect(resources(kernels, 'AWS::EC2::NatGateway')).toHaveLength(0);
    const [, sg] = resources(kernels, 'AWS::EC2::SecurityGroup').find(([, r]) => String(r.Properties.GroupDescription).startsWith('Kernel gateway'))!;
    expect(sg.Properties.SecurityGroupEgress).toEqual([expect.objectContaining({ FromPort: 443, ToPort: 443, IpProtocol: 'tcp' })]);
    // ingress: from the load balancer's group only
    const ingress = resources(kernels, 'AWS::EC2::SecurityGroupIngress').filter(([, r]) => r.Properties.FromPort === 8888);
    expect(ingress.length).toBeGreaterThan(0);
    for (const [, rule] of ingress) expect(rule.Properties.SourceSecurityGroupId).toBeDefined();
    const endpoints = resources(kernels, 'AWS::EC2::VPCEndpoint').map(([, r]) => JSON.stringify(r.Properties.ServiceName));
    expect(endpoints.some((n) => n.includes('dynamodb'))).toBe(true);
    expect(endpoints.some((n) => n.includes('secretsmanager'))).toBe(true);
  });

  it('gives the task role only the secret and KERNEL# items of the table', () => {
    const table = iamStatements(kernels).filter((st) => st.Action.some((a) => a.startsWith('dynamodb:')));
    expect(table.length).toBeGreaterThan(0);
    for (const st of table) {
      expect(st.Action).not.toContain('dynamodb:Scan');
      expect(st.Action).not.toContain('dynamodb:Query');
      expect(JSON.stringify(st.Condition)).toContain('KERNEL#*');
    }
  });

  it('tells the kernels Lambda where the gateway is', () => {
    const fns = resources(api, 'AWS::Lambda::Function').filter(([, r]) => String(r.Properties.Description).includes('kernels'));
    expect(fns).toHaveLength(1);
    const vars = fns[0]![1].Properties.Environment.Variables;
    expect(JSON.stringify(vars.KERNEL_GATEWAY_URL)).toContain('LectioKernels');
    expect(JSON.stringify(vars.KERNEL_PUBLIC_BASE)).toContain('LectioKernels');
  });
});
