/**
 * LectioKernels: the kernel gateway in AWS (issue 25 item 3) — the same proxy and jupyter-server as the
 * local cloud (functions/src/kernels/gateway.ts `main`), in a container on ECS Fargate:
 *
 *   browser ──https://{app}/kernels/…──> CloudFront (the web app's distribution, behaviour /kernels/*:
 *     no caching, every viewer header, cookie and query string passed on, + the origin header)
 *       ──HTTP──> ALB (its security group: CloudFront's origin-facing prefix list only; listener: 403
 *                 unless the origin header is right; WebSockets, 1 h idle)
 *         ──> Fargate tasks (proxy :8888 → jupyter-server on 127.0.0.1 → one kernel per uid)
 *   kernels Lambda ──https://{app}/kernels/_admin (one-minute kernel-admin token)──┘ (the same way in)
 *
 * - Same origin: the browser's kernel base is the app-relative `/kernels` (no mixed content, no CORS,
 *   the CSP's connect-src 'self' covers it, the ALB's stickiness cookie is the app's own cookie).
 * - Same protocol and tokens: the proxy checks the user's 15-minute kernel token (signed with the app's
 *   secret, read from Secrets Manager) and the kernel's owner (KERNEL#{id} items) on every path.
 * - Stickiness: a user's kernels live in the jupyter-server of one task, so one browser's requests must
 *   reach one task. The ALB's own duration cookie (AWSALB, lb_cookie) does that: the first answer sets
 *   it, every REST call and the channels WebSocket carry it through CloudFront (cookies forwarded), and it
 *   outlives an idle kernel (1 h against 15 min of culling). A routing key is not available: an ALB cannot
 *   hash on a user id (rules route to fixed target groups, not to a task), and an app cookie would only
 *   rename the same mechanism. What it does not give: a user's second browser or device may land on
 *   another task and get kernels there (each works; the cap of KERNELS_PER_USER counts per task), and the
 *   kernels Lambda's admin calls (no cookie) reach one task each: /show_kernels lists and deletes that
 *   task's kernels only while the service runs more than one (README "Live kernels", limits).
 * - Isolation in the task (Fargate: no user namespaces): KERNEL_SANDBOX=uids, a uid of its own per kernel
 *   (functions/src/kernels/sandbox.ts, kernel-uid.c with file capabilities in the image); the task keeps
 *   only CHOWN, SETUID and SETGID of Docker's default capabilities (the helper's), the proxy and
 *   jupyter-server run as uid 1000 (undumpable); an init process reaps what the helper kills.
 * - Idle kernels are culled by jupyter (KERNEL_CULL_IDLE_SECONDS); at most KERNELS_PER_USER a user.
 * - The task's network: private subnets without a route to the internet (no NAT, no internet gateway
 *   route), the security group's only egress is HTTPS to the VPC endpoints (DynamoDB, Secrets Manager,
 *   ECR, logs), the task role reads the secret and writes only `KERNEL#*` items.
 */
import { Duration, Stack, type StackProps } from 'aws-cdk-lib';
import { AwsCustomResource, AwsCustomResourcePolicy, PhysicalResourceId } from 'aws-cdk-lib/custom-resources';
import { Secret, type ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { GatewayVpcEndpointAwsService, InterfaceVpcEndpointAwsService, Peer, Port, SecurityGroup, SubnetType, Vpc } from 'aws-cdk-lib/aws-ec2';
import { Capability, Cluster, ContainerImage, CpuArchitecture, FargateService, FargateTaskDefinition, LinuxParameters, LogDrivers, OperatingSystemFamily } from 'aws-cdk-lib/aws-ecs';
import { ApplicationLoadBalancer, ApplicationProtocol, ListenerAction, ListenerCondition } from 'aws-cdk-lib/aws-elasticloadbalancingv2';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { repoRoot } from '../paths';

/** What the gateway does on the table: the kernels' owner items only. */
export const KERNEL_TABLE_ACTIONS = ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem'];
export const KERNEL_GATEWAY_PORT = 8888;
/** Idle kernels are culled after this long. */
export const KERNEL_CULL_IDLE_SECONDS = 900;
/** The header CloudFront adds on its way to the load balancer; without its secret value the ALB answers 403. */
export const KERNEL_ORIGIN_HEADER = 'X-Lectio-Origin';
/** CloudFront's origin-facing addresses (an AWS-managed prefix list, one id per region). */
export const CLOUDFRONT_PREFIX_LIST = 'com.amazonaws.global.cloudfront.origin-facing';
/** What the kernels keep of Docker's default capabilities: kernel-uid's file capabilities, nothing else. */
export const KERNEL_TASK_CAPABILITIES = ['CHOWN', 'SETGID', 'SETUID'];
const DOCKER_DEFAULT_CAPABILITIES = [
  Capability.AUDIT_WRITE,
  Capability.CHOWN,
  Capability.DAC_OVERRIDE,
  Capability.FOWNER,
  Capability.FSETID,
  Capability.KILL,
  Capability.MKNOD,
  Capability.NET_BIND_SERVICE,
  Capability.NET_RAW,
  Capability.SETFCAP,
  Capability.SETGID,
  Capability.SETPCAP,
  Capability.SETUID,
  Capability.SYS_CHROOT,
];

export interface KernelStackProps extends StackProps {
  table: ITableV2;
  secrets: ISecret;
}

export class KernelStack extends Stack {
  readonly vpc: Vpc;
  readonly service: FargateService;
  readonly loadBalancer: ApplicationLoadBalancer;
  /** The secret value CloudFront sends in KERNEL_ORIGIN_HEADER, by name (the web stack reads it with a dynamic reference). */
  readonly originSecretName: string;

  constructor(scope: Construct, id: string, props: KernelStackProps) {
    super(scope, id, props);

    this.vpc = new Vpc(this, 'KernelVpc', {
      maxAzs: 2,
      natGateways: 0,
      subnetConfiguration: [
        { name: 'public', subnetType: SubnetType.PUBLIC, cidrMask: 24 },
        { name: 'kernels', subnetType: SubnetType.PRIVATE_ISOLATED, cidrMask: 22 },
      ],
    });
    const isolated = { subnetType: SubnetType.PRIVATE_ISOLATED };
    this.vpc.addGatewayEndpoint('DynamoDb', { service: GatewayVpcEndpointAwsService.DYNAMODB, subnets: [isolated] });
    this.vpc.addGatewayEndpoint('S3', { service: GatewayVpcEndpointAwsService.S3, subnets: [isolated] });
    for (const [name, service] of [
      ['SecretsManager', InterfaceVpcEndpointAwsService.SECRETS_MANAGER],
      ['EcrApi', InterfaceVpcEndpointAwsService.ECR],
      ['EcrDocker', InterfaceVpcEndpointAwsService.ECR_DOCKER],
      ['Logs', InterfaceVpcEndpointAwsService.CLOUDWATCH_LOGS],
    ] as const) {
      this.vpc.addInterfaceEndpoint(name, { service, subnets: isolated });
    }

    const taskSg = new SecurityGroup(this, 'GatewaySg', { vpc: this.vpc, allowAllOutbound: false, description: 'Kernel gateway: from the load balancer only; HTTPS to the VPC endpoints only' });
    // 443 only; the isolated subnets' route tables have the VPC's own route and the gateway endpoints' only
    taskSg.addEgressRule(Peer.anyIpv4(), Port.tcp(443), 'HTTPS: the VPC endpoints (the only routes)');

    const logs = new LogGroup(this, 'GatewayLogs', { retention: RetentionDays.ONE_MONTH });
    const linuxParameters = new LinuxParameters(this, 'GatewayLinux', { initProcessEnabled: true });
    linuxParameters.dropCapabilities(...DOCKER_DEFAULT_CAPABILITIES.filter((c) => !KERNEL_TASK_CAPABILITIES.includes(c)));
    const task = new FargateTaskDefinition(this, 'GatewayTask', {
      cpu: 2048,
      memoryLimitMiB: 8192,
      runtimePlatform: { cpuArchitecture: CpuArchitecture.ARM64, operatingSystemFamily: OperatingSystemFamily.LINUX },
    });
    task.addContainer('gateway', {
      image: ContainerImage.fromAsset(repoRoot, { file: 'infra/kernel-gateway/Dockerfile', exclude: ['**/node_modules', '.git', 'cdk.out', '.data', 'web', 'tests', 'infra/cdk.out'] }),
      logging: LogDrivers.awsLogs({ streamPrefix: 'kernels', logGroup: logs }),
      portMappings: [{ containerPort: KERNEL_GATEWAY_PORT }],
      environment: {
        TABLE_NAME: props.table.tableName,
        SECRETS_ARN: props.secrets.secretArn,
        PORT: String(KERNEL_GATEWAY_PORT),
        KERNEL_SANDBOX: 'uids',
        KERNEL_CULL_IDLE_SECONDS: String(KERNEL_CULL_IDLE_SECONDS),
        KERNELS_PER_USER: '2',
        KERNEL_MEMORY_MB: '512',
      },
      healthCheck: { command: ['CMD-SHELL', `curl -fs http://127.0.0.1:${KERNEL_GATEWAY_PORT}/health || exit 1`], interval: Duration.seconds(30) },
      // the proxy and jupyter-server; kernels get uids of their own (kernel-uid, executable by group 1000 only)
      user: '1000:1000',
      linuxParameters,
    });
    props.secrets.grantRead(task.taskRole);
    task.taskRole.addToPrincipalPolicy(
      new PolicyStatement({
        actions: KERNEL_TABLE_ACTIONS,
        resources: [props.table.tableArn],
        conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['KERNEL#*'] } },
      }),
    );

    const cluster = new Cluster(this, 'Cluster', { vpc: this.vpc });
    this.service = new FargateService(this, 'Gateway', {
      cluster,
      taskDefinition: task,
      desiredCount: 1,
      assignPublicIp: false,
      vpcSubnets: isolated,
      securityGroups: [taskSg],
      // a deploy drains the old task: its kernels end (learners' cells re-create one when missing)
      minHealthyPercent: 100,
      circuitBreaker: { rollback: true },
    });
    const scaling = this.service.autoScaleTaskCount({ minCapacity: 1, maxCapacity: 4 });
    scaling.scaleOnMemoryUtilization('Memory', { targetUtilizationPercent: 70 });

    // Only CloudFront reaches the load balancer: its origin-facing addresses (the prefix list's id looked up
    // in the region at deploy time), and of those only requests with the origin header's secret value.
    const prefixList = new AwsCustomResource(this, 'CloudFrontPrefixList', {
      onUpdate: {
        service: 'EC2',
        action: 'describeManagedPrefixLists',
        parameters: { Filters: [{ Name: 'prefix-list-name', Values: [CLOUDFRONT_PREFIX_LIST] }] },
        physicalResourceId: PhysicalResourceId.of(CLOUDFRONT_PREFIX_LIST),
        outputPaths: ['PrefixLists.0.PrefixListId'],
      },
      policy: AwsCustomResourcePolicy.fromSdkCalls({ resources: AwsCustomResourcePolicy.ANY_RESOURCE }),
      installLatestAwsSdk: false,
    });
    const albSg = new SecurityGroup(this, 'AlbSg', { vpc: this.vpc, allowAllOutbound: false, description: 'Kernel gateway load balancer: from CloudFront only' });
    albSg.addIngressRule(Peer.prefixList(prefixList.getResponseField('PrefixLists.0.PrefixListId')), Port.tcp(80), 'CloudFront origin-facing');
    this.originSecretName = `${this.stackName}-cloudfront-origin`;
    const originSecret = new Secret(this, 'OriginSecret', {
      secretName: this.originSecretName,
      description: `The value CloudFront sends in ${KERNEL_ORIGIN_HEADER} to the kernel gateway's load balancer`,
      generateSecretString: { passwordLength: 48, excludePunctuation: true },
    });

    this.loadBalancer = new ApplicationLoadBalancer(this, 'Alb', { vpc: this.vpc, internetFacing: true, idleTimeout: Duration.hours(1), securityGroup: albSg });
    const listener = this.loadBalancer.addListener('Http', {
      port: 80,
      protocol: ApplicationProtocol.HTTP,
      open: false,
      defaultAction: ListenerAction.fixedResponse(403, { contentType: 'text/plain', messageBody: 'Forbidden' }),
    });
    listener.addTargets('Gateway', {
      priority: 1,
      conditions: [ListenerCondition.httpHeader(KERNEL_ORIGIN_HEADER, [originSecret.secretValue.unsafeUnwrap()]), ListenerCondition.pathPatterns(['/kernels/*'])],
      port: KERNEL_GATEWAY_PORT,
      protocol: ApplicationProtocol.HTTP,
      targets: [this.service],
      healthCheck: { path: '/health' },
      // one browser's REST calls and channels socket reach the task that holds its kernels (header above)
      stickinessCookieDuration: Duration.hours(1),
      deregistrationDelay: Duration.seconds(30),
    });
  }
}
