/**
 * LectioRealtime: the WebSocket API and the Lambdas that push to browsers: the ws handler
 * ($connect/$disconnect/$default), the table-stream consumer that turns item changes into events,
 * the shard publisher (one asynchronous invocation per shard of a wide topic's push), and the scheduled jobs (one EventBridge Scheduler schedule per catalogue entry, and the group of the
 * one-time schedules domain code creates).
 */
import { CfnOutput, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import { CfnStage, WebSocketApi, WebSocketStage } from 'aws-cdk-lib/aws-apigatewayv2';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { WS_STAGE_THROTTLE, grantItemAccess } from '../protection';
import { WebSocketLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Schedule, ScheduleExpression, ScheduleTargetInput } from 'aws-cdk-lib/aws-scheduler';
import { LambdaInvoke } from 'aws-cdk-lib/aws-scheduler-targets';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { schedules } from '@lectio/functions/platform/schedules/catalogue';
import { commonEnvironment } from '../environment';
import { LectioFunction } from '../lambda';
import { OneTimeJobs } from '../one-time-jobs';

export interface RealtimeStackProps extends StackProps {
  table: ITableV2;
  secrets: ISecret;
  publicUrl: string;
}

export class RealtimeStack extends Stack {
  readonly webSocketApi: WebSocketApi;
  /** Stage `prod`: `url` for browsers, `callbackUrl` for the @connections management API. */
  readonly webSocketStage: WebSocketStage;
  readonly accessLogs: LogGroup;
  readonly wsHandler: LectioFunction;
  readonly streamHandler: LectioFunction;
  /** Posts one shard of a wide topic's push (`app/publish-shard.ts`), invoked asynchronously by the stream handler. */
  readonly publishShardHandler: LectioFunction;
  readonly scheduleHandler: LectioFunction;
  /** One-time jobs at an instant: the scheduler group, role and dead letters; `allow(fn)` for domains. */
  readonly oneTimeJobs: OneTimeJobs;

  constructor(scope: Construct, id: string, props: RealtimeStackProps) {
    super(scope, id, props);
    const { table, secrets } = props;
    const environment = commonEnvironment(table, props.publicUrl);

    // $connect verifies the token, so this one needs the secret; it keeps connections and
    // subscriptions in the table.
    this.wsHandler = new LectioFunction(this, 'WsHandler', {
      entry: 'app/ws.ts',
      description: 'Lectio WebSocket: $connect, $disconnect, $default (subscribe/unsubscribe/ping)',
      timeout: Duration.seconds(10),
      // judge.input becomes an input item of the job's DynamoDB channel (the runner Lambda polls it)
      environment: { ...environment, SECRETS_ARN: secrets.secretArn, JUDGE_CHANNEL: 'dynamodb' },
    });
    grantItemAccess(table, this.wsHandler.fn);
    secrets.grantRead(this.wsHandler.fn);

    const integration = new WebSocketLambdaIntegration('WsIntegration', this.wsHandler.fn);
    this.webSocketApi = new WebSocketApi(this, 'WebSocketApi', {
      apiName: 'lectio-realtime',
      description: 'Lectio: pushes competition, judge, message and kernel events to browsers',
      connectRouteOptions: { integration },
      disconnectRouteOptions: { integration },
      defaultRouteOptions: { integration },
    });
    this.webSocketStage = new WebSocketStage(this, 'ProdStage', {
      webSocketApi: this.webSocketApi,
      stageName: 'prod',
      autoDeploy: true,
      throttle: WS_STAGE_THROTTLE,
    });
    this.accessLogs = new LogGroup(this, 'WsAccessLogs', { retention: RetentionDays.THREE_MONTHS });
    (this.webSocketStage.node.defaultChild as CfnStage).accessLogSettings = {
      destinationArn: this.accessLogs.logGroupArn,
      format: JSON.stringify({
        requestId: '$context.requestId',
        ip: '$context.identity.sourceIp',
        time: '$context.requestTime',
        routeKey: '$context.routeKey',
        eventType: '$context.eventType',
        connectionId: '$context.connectionId',
        status: '$context.status',
      }),
    };

    // Fan-out: reads subscriptions by topic, posts to connections, deletes the stale ones.
    this.streamHandler = new LectioFunction(this, 'StreamHandler', {
      entry: 'app/stream.ts',
      description: 'Lectio table stream: item changes to domain events pushed over the WebSocket',
      timeout: Duration.seconds(60),
      environment,
    });
    // Items only; the event source mapping adds the stream reads.
    grantItemAccess(table, this.streamHandler.fn);
    this.streamHandler.fn.addEventSource(
      new DynamoEventSource(table, {
        startingPosition: StartingPosition.LATEST,
        batchSize: 100,
        retryAttempts: 3,
        bisectBatchOnError: true,
        reportBatchItemFailures: true,
      }),
    );

    // Fan-out of a wide topic (a competition's 16 shards): the stream handler invokes this one
    // asynchronously a shard, so the shards are posted in parallel; each reads its shard's GSI1
    // partition, posts, deletes the gone connections and reports its counts as metrics. A stale push is
    // worth nothing: one retry, and an event older than a minute is dropped.
    this.publishShardHandler = new LectioFunction(this, 'PublishShardHandler', {
      entry: 'app/publish-shard.ts',
      description: 'Lectio fan-out: posts one shard of a topic push to its WebSocket connections',
      timeout: Duration.seconds(30),
      environment,
    });
    grantItemAccess(table, this.publishShardHandler.fn);
    this.publishShardHandler.fn.configureAsyncInvoke({ retryAttempts: 1, maxEventAge: Duration.minutes(1) });
    this.streamHandler.fn.addEnvironment('PUBLISH_SHARD_FUNCTION', this.publishShardHandler.fn.functionName);
    this.publishShardHandler.fn.grantInvoke(this.streamHandler.fn);

    for (const pusher of [this.wsHandler, this.streamHandler, this.publishShardHandler]) {
      pusher.fn.addEnvironment('WS_MANAGEMENT_ENDPOINT', this.webSocketStage.callbackUrl);
      this.webSocketStage.grantManagementApiAccess(pusher.fn);
    }

    this.scheduleHandler = new LectioFunction(this, 'ScheduleHandler', {
      entry: 'app/schedule.ts',
      description: 'Lectio scheduled jobs: input { "schedule": name } or a one-time { "job": { kind, id } }',
      timeout: Duration.minutes(5),
      environment,
    });
    grantItemAccess(table, this.scheduleHandler.fn);
    // A one-time job may push (a competition's close at its deadline: competition.closed to every
    // subscriber): the management API, and the shard publisher for a wide topic's shards in parallel.
    this.scheduleHandler.fn.addEnvironment('WS_MANAGEMENT_ENDPOINT', this.webSocketStage.callbackUrl);
    this.webSocketStage.grantManagementApiAccess(this.scheduleHandler.fn);
    this.scheduleHandler.fn.addEnvironment('PUBLISH_SHARD_FUNCTION', this.publishShardHandler.fn.functionName);
    this.publishShardHandler.fn.grantInvoke(this.scheduleHandler.fn);
    for (const job of schedules) {
      new Schedule(this, `Schedule-${job.name}`, {
        description: `Lectio ${job.name}: ${job.description}`,
        schedule: ScheduleExpression.expression(job.expression),
        target: new LambdaInvoke(this.scheduleHandler.fn, {
          input: ScheduleTargetInput.fromObject({ schedule: job.name }),
          retryAttempts: 2,
          maxEventAge: Duration.minutes(10),
        }),
      });
    }

    this.oneTimeJobs = new OneTimeJobs(this, 'OneTimeJobs', this.scheduleHandler.fn);

    new CfnOutput(this, 'WebSocketUrl', { value: this.webSocketStage.url });
  }
}
