/**
 * The kernel gateway's AWS shape (issue 25 item 3): a Fargate service of the gateway image behind an ALB
 * (WebSockets: an hour's idle timeout, one browser stuck to one task), reached only through the web app's
 * own CloudFront distribution at /kernels/* (no caching, cookies and query strings passed on): the ALB's
 * security group admits CloudFront's origin-facing prefix list alone and its listener answers 403 without
 * the origin header's secret; kernels get uids of their own (KERNEL_SANDBOX=uids) in a task that keeps
 * only the helper's capabilities; tasks in subnets without a way to the internet, a task role that reads
 * the app's secret and writes only KERNEL# items; the kernels Lambda's base is the app-relative /kernels.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Match, type Template } from 'aws-cdk-lib/assertions';
import { CachePolicy, OriginRequestPolicy } from 'aws-cdk-lib/aws-cloudfront';
import { contentSecurityPolicy } from '../src/content-security-policy';
import { repoRoot } from '../src/paths';
import { CLOUDFRONT_PREFIX_LIST, KERNEL_ORIGIN_HEADER } from '../src/stacks/kernel-stack';
import { iamStatements, synthesize, TEST_ENV, type Json, type Synthesized } from './synth';

let s: Synthesized;
let kernels: Template;
let api: Template;
let web: Template;

beforeAll(() => {
  s = synthesize();
  kernels = s.templates.LectioKernels!;
  api = s.templates.LectioApi!;
  web = s.templates.LectioWeb!;
});
afterAll(() => s?.dispose());

const resources = (t: Template, type: string) => Object.entries(t.findResources(type)) as Array<[string, Json]>;
const one = (t: Template, type: string) => {
  const all = resources(t, type);
  expect(all, type).toHaveLength(1);
  return all[0]![1];
};

describe('LectioKernels', () => {
  it('runs the gateway image on Fargate (arm64) with culling, caps and a uid per kernel; the proxy is not root', () => {
    kernels.hasResourceProperties('AWS::ECS::Service', { LaunchType: 'FARGATE', NetworkConfiguration: { AwsvpcConfiguration: Match.objectLike({ AssignPublicIp: 'DISABLED' }) } });
    const task = one(kernels, 'AWS::ECS::TaskDefinition');
    expect(task.Properties.RuntimePlatform.CpuArchitecture).toBe('ARM64');
    const container = task.Properties.ContainerDefinitions[0];
    const env = Object.fromEntries(container.Environment.map((e: { Name: string; Value: unknown }) => [e.Name, e.Value]));
    expect(env).toMatchObject({ KERNEL_CULL_IDLE_SECONDS: '900', KERNELS_PER_USER: '2', KERNEL_SANDBOX: 'uids', PORT: '8888' });
    // same origin now: no CORS origin for the proxy
    expect(env.PUBLIC_URL).toBeUndefined();
    expect(container.User).toBe('1000:1000');
    expect(container.Privileged).toBeUndefined();
    expect(container.PortMappings).toEqual([expect.objectContaining({ ContainerPort: 8888 })]);
  });

  it('builds an image whose kernel-uid has its capabilities and only the server\u2019s group may run it (the image is not built here)', () => {
    const dockerfile = readFileSync(join(repoRoot, 'infra/kernel-gateway/Dockerfile'), 'utf8');
    expect(dockerfile).toContain('gcc -O2 -o /kernel-uid /src/kernel-uid.c');
    expect(dockerfile).toContain('gcc -O2 -o /vpl-guard /src/vpl-guard.c');
    expect(dockerfile).toMatch(/chown root:1000 \/opt\/lectio\/kernel-uid[\s\S]*chmod 0750 \/opt\/lectio\/kernel-uid[\s\S]*setcap cap_setuid,cap_setgid,cap_chown\+ep \/opt\/lectio\/kernel-uid/);
    expect(dockerfile).toMatch(/^USER 1000:1000$/m);
    for (const setting of ['KERNEL_SANDBOX=uids', 'KERNEL_UID_HELPER=/opt/lectio/kernel-uid', 'KERNEL_GUARD_HELPER=/opt/lectio/vpl-guard', 'LD_PRELOAD=/opt/lectio/vpl-nodump.so']) {
      expect(dockerfile).toContain(setting);
    }
  });

  it('keeps only the capabilities kernel-uid needs (CHOWN, SETGID, SETUID) and an init process that reaps', () => {
    const linux = one(kernels, 'AWS::ECS::TaskDefinition').Properties.ContainerDefinitions[0].LinuxParameters;
    expect(linux.InitProcessEnabled).toBe(true);
    expect(linux.Capabilities.Add).toBeUndefined();
    const dockerDefaults = ['AUDIT_WRITE', 'CHOWN', 'DAC_OVERRIDE', 'FOWNER', 'FSETID', 'KILL', 'MKNOD', 'NET_BIND_SERVICE', 'NET_RAW', 'SETFCAP', 'SETGID', 'SETPCAP', 'SETUID', 'SYS_CHROOT'];
    expect(dockerDefaults.filter((c) => !linux.Capabilities.Drop.includes(c))).toEqual(['CHOWN', 'SETGID', 'SETUID']);
  });

  it('sits behind a load balancer that keeps WebSockets open for an hour, checks /health and keeps a browser on one task', () => {
    kernels.hasResourceProperties('AWS::ElasticLoadBalancingV2::LoadBalancer', {
      LoadBalancerAttributes: Match.arrayWith([{ Key: 'idle_timeout.timeout_seconds', Value: '3600' }]),
    });
    const group = one(kernels, 'AWS::ElasticLoadBalancingV2::TargetGroup').Properties;
    expect(group).toMatchObject({ HealthCheckPath: '/health', Port: 8888 });
    const attributes = Object.fromEntries(group.TargetGroupAttributes.map((a: { Key: string; Value: string }) => [a.Key, a.Value]));
    // the ALB's duration cookie (AWSALB), longer than an idle kernel lives (culled after 900 s)
    expect(attributes).toMatchObject({ 'stickiness.enabled': 'true', 'stickiness.type': 'lb_cookie', 'stickiness.lb_cookie.duration_seconds': '3600' });
    expect(Number(attributes['stickiness.lb_cookie.duration_seconds'])).toBeGreaterThan(900);
  });

  it('admits CloudFront alone: its origin-facing prefix list on port 80, and 403 without the origin header', () => {
    const lb = one(kernels, 'AWS::ElasticLoadBalancingV2::LoadBalancer');
    const [lbSg] = lb.Properties.SecurityGroups as Array<{ 'Fn::GetAtt': [string, string] }>;
    const sgId = lbSg!['Fn::GetAtt'][0];
    const sg = resources(kernels, 'AWS::EC2::SecurityGroup').find(([id]) => id === sgId)![1];
    expect(sg.Properties.SecurityGroupIngress).toBeUndefined();
    const ingress = resources(kernels, 'AWS::EC2::SecurityGroupIngress').filter(([, r]) => r.Properties.GroupId['Fn::GetAtt']?.[0] === sgId);
    expect(ingress).toHaveLength(1);
    const rule = ingress[0]![1].Properties;
    expect(rule).toMatchObject({ FromPort: 80, ToPort: 80, IpProtocol: 'tcp' });
    expect(rule.CidrIp).toBeUndefined();
    // the prefix list's id, looked up in the region at deploy time
    const [lookupId] = rule.SourcePrefixListId['Fn::GetAtt'];
    const lookup = resources(kernels, 'Custom::AWS').find(([id]) => id === lookupId)![1];
    expect(JSON.parse(lookup.Properties.Create)).toMatchObject({
      service: 'EC2',
      action: 'describeManagedPrefixLists',
      parameters: { Filters: [{ Name: 'prefix-list-name', Values: [CLOUDFRONT_PREFIX_LIST] }] },
    });
    // the listener: 403 by default; the gateway only for /kernels/* with the secret origin header
    const listener = one(kernels, 'AWS::ElasticLoadBalancingV2::Listener').Properties;
    expect(listener).toMatchObject({ Port: 80, Protocol: 'HTTP', DefaultActions: [{ Type: 'fixed-response', FixedResponseConfig: { StatusCode: '403' } }] });
    const forward = one(kernels, 'AWS::ElasticLoadBalancingV2::ListenerRule').Properties;
    expect(forward.Actions).toEqual([{ Type: 'forward', TargetGroupArn: expect.anything() }]);
    const header = forward.Conditions.find((c: Json) => c.Field === 'http-header').HttpHeaderConfig;
    expect(header.HttpHeaderName).toBe(KERNEL_ORIGIN_HEADER);
    expect(JSON.stringify(header.Values)).toMatch(/\{\{resolve:secretsmanager:.*:SecretString:::\}\}/);
    expect(forward.Conditions).toContainEqual({ Field: 'path-pattern', PathPatternConfig: { Values: ['/kernels/*'] } });
    kernels.hasResourceProperties('AWS::SecretsManager::Secret', { Name: 'LectioKernels-cloudfront-origin', GenerateSecretString: Match.objectLike({ ExcludePunctuation: true }) });
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

  it('tells the kernels Lambda the app-relative /kernels for browsers and the distribution for its admin calls', () => {
    const fns = resources(api, 'AWS::Lambda::Function').filter(([, r]) => String(r.Properties.Description).includes('kernels'));
    expect(fns).toHaveLength(1);
    const vars = fns[0]![1].Properties.Environment.Variables;
    expect(vars.KERNEL_PUBLIC_BASE).toBe('/kernels');
    const gateway = JSON.stringify(vars.KERNEL_GATEWAY_URL);
    expect(gateway).toMatch(/^\{"Fn::Join":\["",\["https:\/\/",\{"Fn::ImportValue":"LectioWeb:ExportsOutputFnGetAttDistribution\w+DomainName\w*"\},"\/kernels"\]\]\}$/);
    expect(gateway).not.toContain('LectioKernels');
  });
});

describe('LectioWeb: the kernel gateway under the app\u2019s own origin', () => {
  const distribution = () => one(web, 'AWS::CloudFront::Distribution').Properties.DistributionConfig;

  it('has a /kernels/* behaviour to the load balancer: no caching, every header, cookie and query string, all methods, HTTPS only', () => {
    const config = distribution();
    const behaviour = config.CacheBehaviors.find((b: Json) => b.PathPattern === '/kernels/*');
    expect(behaviour).toMatchObject({
      CachePolicyId: CachePolicy.CACHING_DISABLED.cachePolicyId,
      // AllViewer: all viewer headers (WebSocket upgrade), cookies (AWSALB) and query strings (?token=)
      OriginRequestPolicyId: OriginRequestPolicy.ALL_VIEWER.originRequestPolicyId,
      ViewerProtocolPolicy: 'https-only',
      Compress: false,
    });
    expect(behaviour.AllowedMethods).toEqual(expect.arrayContaining(['GET', 'POST', 'DELETE', 'OPTIONS']));
    const origin = config.Origins.find((o: Json) => o.Id === behaviour.TargetOriginId);
    expect(JSON.stringify(origin.DomainName)).toMatch(/LectioKernels:ExportsOutputFnGetAttAlb\w+DNSName/);
    expect(origin.CustomOriginConfig).toMatchObject({ OriginProtocolPolicy: 'http-only', OriginReadTimeout: 60 });
    expect(origin.OriginCustomHeaders).toEqual([{ HeaderName: KERNEL_ORIGIN_HEADER, HeaderValue: '{{resolve:secretsmanager:LectioKernels-cloudfront-origin:SecretString:::}}' }]);
  });

  it('keeps the proxy\u2019s 403/404 answers: no distribution-wide error pages (the SPA fallback is a function of the default behaviour)', () => {
    const config = distribution();
    expect(config.CustomErrorResponses).toBeUndefined();
    expect(config.DefaultCacheBehavior.FunctionAssociations).toEqual([{ EventType: 'viewer-request', FunctionARN: expect.anything() }]);
    expect(config.CacheBehaviors.find((b: Json) => b.PathPattern === '/kernels/*').FunctionAssociations).toBeUndefined();
  });

  it('needs no other origin in the CSP\u2019s connect-src: /kernels is the app\u2019s own', () => {
    const connect = contentSecurityPolicy(TEST_ENV.region).split('; ').find((d) => d.startsWith('connect-src'))!;
    expect(connect.split(' ').filter((source) => !/execute-api/.test(source))).toEqual(['connect-src', "'self'"]);
  });
});
