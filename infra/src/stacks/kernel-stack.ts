/**
 * LectioKernels: the kernel gateway in AWS (issue 25 item 3) — the same proxy and jupyter-server as the
 * local cloud (functions/src/kernels/gateway.ts `main`), in a container on ECS Fargate:
 *
 *   browser ──/kernels/…──> ALB (HTTP + WebSocket, 1 h idle) ──> Fargate tasks (proxy :8888 → jupyter-server on 127.0.0.1)
 *   kernels Lambda ──KERNEL_GATEWAY_URL/_admin (one-minute kernel-admin token)──┘
 *
 * - Same protocol and tokens: the proxy checks the user's 15-minute kernel token (signed with the app's
 *   secret, read from Secrets Manager) and the kernel's owner (KERNEL#{id} items) on every path.
 * - Idle kernels are culled by jupyter (KERNEL_CULL_IDLE_SECONDS); at most KERNELS_PER_USER a user.
 * - The task is the boundary (Fargate allows no user namespaces, so KERNEL_SANDBOX=none, the operator's
 *   flag): private subnets without a route to the internet (no NAT, no internet gateway route), the
 *   security group's only egress is HTTPS to the VPC endpoints (DynamoDB, Secrets Manager, ECR, logs),
 *   the task role reads the secret and writes only `KERNEL#*` items; kernels run as a non-root user.
 */
import { Duration, Stack, type StackProps } from 'aws-cdk-lib';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { GatewayVpcEndpointAwsService, InterfaceVpcEndpointAwsService, Peer, Port, SecurityGroup, SubnetType, Vpc } from 'aws-cdk-lib/aws-ec2';
import { Cluster, ContainerImage, CpuArchitecture, FargateService, FargateTaskDefinition, LogDrivers, OperatingSystemFamily } from 'aws-cdk-lib/aws-ecs';
import { ApplicationLoadBalancer, ApplicationProtocol } from 'aws-cdk-lib/aws-elasticloadbalancingv2';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { repoRoot } from '../paths';

/** What the gateway does on the table: the kernels' owner items only. */
export const KERNEL_TABLE_ACTIONS = ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem'];
export const KERNEL_GATEWAY_PORT = 8888;
/** Idle kernels are culled after this long. */
export const KERNEL_CULL_IDLE_SECONDS = 900;

export interface KernelStackProps extends StackProps {
  table: ITableV2;
  secrets: ISecret;
  /** The web app's URL: the proxy answers CORS for its origin only. */
  publicUrl: string;
}

export class KernelStack extends Stack {
  readonly vpc: Vpc;
  readonly service: FargateService;
  readonly loadBalancer: ApplicationLoadBalancer;
  /** The proxy's base URL (the kernels Lambda's KERNEL_GATEWAY_URL and the browser's kernel_base). */
  readonly gatewayUrl: string;

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
        PUBLIC_URL: props.publicUrl,
        PORT: String(KERNEL_GATEWAY_PORT),
        KERNEL_SANDBOX: 'none',
        KERNEL_CULL_IDLE_SECONDS: String(KERNEL_CULL_IDLE_SECONDS),
        KERNELS_PER_USER: '2',
        KERNEL_MEMORY_MB: '512',
      },
      healthCheck: { command: ['CMD-SHELL', `curl -fs http://127.0.0.1:${KERNEL_GATEWAY_PORT}/health || exit 1`], interval: Duration.seconds(30) },
      user: '1000',
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

    this.loadBalancer = new ApplicationLoadBalancer(this, 'Alb', { vpc: this.vpc, internetFacing: true, idleTimeout: Duration.hours(1) });
    const listener = this.loadBalancer.addListener('Http', { port: 80, protocol: ApplicationProtocol.HTTP, open: true });
    listener.addTargets('Gateway', {
      port: KERNEL_GATEWAY_PORT,
      protocol: ApplicationProtocol.HTTP,
      targets: [this.service],
      healthCheck: { path: '/health' },
      // a learner's REST calls and channels socket reach the task that holds their kernel
      stickinessCookieDuration: Duration.hours(1),
      deregistrationDelay: Duration.seconds(30),
    });
    this.gatewayUrl = `http://${this.loadBalancer.loadBalancerDnsName}/kernels`;
  }
}
