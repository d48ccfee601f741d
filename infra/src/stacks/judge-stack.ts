/**
 * The code judge in AWS:
 *
 *   judge domain Lambda ──SendMessage──> judge-jobs.fifo (group = learner) ──> orchestrator ──Invoke──> runner
 *
 * - The queue is FIFO with one message group per learner, so a learner's second run waits for the first.
 * - The orchestrator stores results, records grades and pushes progress to `judge:{ticket}`.
 * - The runner is a container-image Lambda with the toolchains (infra/judge-runner/Dockerfile), in VPC
 *   subnets without a way to the internet (no NAT, no internet gateway), one job per invocation: the job
 *   arrives in the invocation and the result leaves as its return value.
 * - Interactive runs talk through the DynamoDB channel of their ticket (functions/src/judge/channel/): the
 *   runner reaches DynamoDB through a gateway endpoint (the subnets' only route out; its policy allows only
 *   the channel's actions on this table) over HTTPS (the security group's only egress rule). Its own role
 *   writes its logs and nothing else; for the table it gets per-job keys from the orchestrator (the channel
 *   role, assumed with a session policy for `JUDGEIO#{ticket}`; the role itself: Query and PutItem on
 *   `JUDGEIO#*` keys, dynamodb:LeadingKeys). The WebSocket function writes input items, the judge domain
 *   stop items, the stream function publishes output items.
 * - The learner's program runs in the runner's environment with the runner's uid (Lambda allows neither
 *   user namespaces nor a uid change), so the image runs the judge with JUDGE_SANDBOX=rlimits only with
 *   the runner undumpable (vpl-nodump preload: its environment, memory and descriptors, where the role's
 *   and the job's keys live, are out of the program's reach) and every program behind vpl-guard's seccomp
 *   filter (no network socket, so not the runtime API through which a result could be forged); the verdict
 *   is computed in the runner from data the program never sees. See functions/src/judge/runner.ts and
 *   runner-isolation.test.ts, which rebuilds this situation and finds no credential.
 */
import { Duration, Stack, type StackProps } from 'aws-cdk-lib';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { GatewayVpcEndpointAwsService, Peer, Port, SecurityGroup, SubnetType, Vpc } from 'aws-cdk-lib/aws-ec2';
import type { WebSocketStage } from 'aws-cdk-lib/aws-apigatewayv2';
import { AnyPrincipal, ArnPrincipal, PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, DockerImageCode, DockerImageFunction, Tracing } from 'aws-cdk-lib/aws-lambda';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Queue } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { LectioFunction } from '../lambda';
import { repoRoot } from '../paths';
import { commonEnvironment } from '../environment';

/** What the runner does with its channel: poll input and stop (Query), write output (PutItem). */
export const JUDGE_CHANNEL_ACTIONS = ['dynamodb:Query', 'dynamodb:PutItem'];

export interface JudgeStackProps extends StackProps {
  table: ITableV2;
  webSocketStage: WebSocketStage;
  publicUrl: string;
}

export class JudgeStack extends Stack {
  readonly queue: Queue;
  readonly runner: DockerImageFunction;
  readonly orchestrator: LectioFunction;
  readonly vpc: Vpc;
  readonly channelRole: Role;
  /** Jobs that failed every delivery (alarmed on in LectioAlarms). */
  readonly deadLetters: Queue;

  constructor(scope: Construct, id: string, props: JudgeStackProps) {
    super(scope, id, props);

    this.vpc = new Vpc(this, 'RunnerVpc', {
      maxAzs: 2,
      natGateways: 0,
      subnetConfiguration: [{ name: 'runner', subnetType: SubnetType.PRIVATE_ISOLATED, cidrMask: 24 }],
    });
    // The channel's way out: DynamoDB through a gateway endpoint (a prefix-list route in the isolated
    // subnets, nothing else); the endpoint policy admits only the channel's actions on this table, so not
    // even someone else's credentials get anywhere through it.
    const dynamoEndpoint = this.vpc.addGatewayEndpoint('DynamoDbEndpoint', {
      service: GatewayVpcEndpointAwsService.DYNAMODB,
      subnets: [{ subnetType: SubnetType.PRIVATE_ISOLATED }],
    });
    dynamoEndpoint.addToPolicy(
      new PolicyStatement({ principals: [new AnyPrincipal()], actions: JUDGE_CHANNEL_ACTIONS, resources: [props.table.tableArn] }),
    );
    const runnerSg = new SecurityGroup(this, 'RunnerSg', { vpc: this.vpc, allowAllOutbound: false, description: 'Judge runner: HTTPS out only, to DynamoDB through the gateway endpoint' });
    // 443 only; the route tables have no route but the VPC's own and the DynamoDB endpoint's prefix list
    runnerSg.addEgressRule(Peer.anyIpv4(), Port.tcp(443), 'HTTPS: DynamoDB gateway endpoint (the only route)');

    const runnerLogs = new LogGroup(this, 'RunnerLogs', { retention: RetentionDays.ONE_MONTH });
    const runnerRole = new Role(this, 'RunnerRole', {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: 'Judge runner: its own logs only',
    });
    runnerLogs.grantWrite(runnerRole);
    // a Lambda in a VPC needs these network-interface rights; AWS offers no resource-level scoping for them
    runnerRole.addToPolicy(
      new PolicyStatement({
        actions: ['ec2:CreateNetworkInterface', 'ec2:DescribeNetworkInterfaces', 'ec2:DeleteNetworkInterface', 'ec2:AssignPrivateIpAddresses', 'ec2:UnassignPrivateIpAddresses'],
        resources: ['*'],
      }),
    );
    this.runner = new DockerImageFunction(this, 'Runner', {
      description: 'Lectio judge runner: one sandboxed job per invocation',
      code: DockerImageCode.fromImageAsset(repoRoot, { file: 'infra/judge-runner/Dockerfile', exclude: ['**/node_modules', '.git', 'cdk.out', '.data', 'web', 'tests', 'infra/cdk.out'] }),
      architecture: Architecture.ARM_64,
      memorySize: 2048,
      timeout: Duration.seconds(90),
      role: runnerRole,
      logGroup: runnerLogs,
      tracing: Tracing.DISABLED,
      vpc: this.vpc,
      vpcSubnets: { subnetType: SubnetType.PRIVATE_ISOLATED },
      securityGroups: [runnerSg],
      environment: { TABLE_NAME: props.table.tableName, JUDGE_CHANNEL: 'dynamodb' },
    });

    const deadLetters = new Queue(this, 'JudgeDeadLetters', { fifo: true, retentionPeriod: Duration.days(4) });
    this.deadLetters = deadLetters;
    this.queue = new Queue(this, 'JudgeJobs', {
      fifo: true,
      visibilityTimeout: Duration.seconds(180),
      retentionPeriod: Duration.hours(1),
      deadLetterQueue: { queue: deadLetters, maxReceiveCount: 2 },
    });

    this.orchestrator = new LectioFunction(this, 'Orchestrator', {
      entry: 'judge/orchestrator.ts',
      description: 'Lectio judge orchestrator: queue to runner, then result, grade and progress',
      timeout: Duration.seconds(150),
      environment: {
        ...commonEnvironment(props.table, props.publicUrl),
        JUDGE_RUNNER_FUNCTION: this.runner.functionName,
        JUDGE_CHANNEL: 'dynamodb',
        WS_MANAGEMENT_ENDPOINT: props.webSocketStage.callbackUrl,
      },
    });
    this.orchestrator.fn.addEventSource(new SqsEventSource(this.queue, { batchSize: 1 }));

    // The channel role: only the orchestrator may assume it, and it does so once per job with a session
    // policy for that ticket's partition (functions/src/judge/channel/credentials.ts); the runner gets the
    // keys in the invocation. Even the role itself reaches the channel partitions only.
    this.channelRole = new Role(this, 'ChannelRole', {
      assumedBy: new ArnPrincipal(this.orchestrator.fn.role!.roleArn),
      description: 'Judge channel: per-job sessions for the runner, JUDGEIO# items only',
      maxSessionDuration: Duration.hours(1),
    });
    this.channelRole.addToPolicy(
      new PolicyStatement({
        actions: JUDGE_CHANNEL_ACTIONS,
        resources: [props.table.tableArn],
        conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['JUDGEIO#*'] } },
      }),
    );
    this.channelRole.grantAssumeRole(this.orchestrator.fn.role!);
    this.orchestrator.fn.addEnvironment('JUDGE_CHANNEL_ROLE_ARN', this.channelRole.roleArn);
    this.runner.grantInvoke(this.orchestrator.fn);
    props.table.grantReadWriteData(this.orchestrator.fn);
    props.webSocketStage.grantManagementApiAccess(this.orchestrator.fn);
  }
}
