/**
 * LectioApi: the HTTP API, generated from the route registry of @lectio/shared: one Lambda per
 * active domain (functions/src/<domain>/handler.ts) and one route per registry entry.
 */
import { existsSync } from 'node:fs';
import { CfnOutput, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import {
  CfnStage,
  CorsHttpMethod,
  HttpApi,
  HttpMethod,
  HttpRoute,
  HttpRouteKey,
  type WebSocketStage,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { activeDomains, routeList, type Domain } from '@lectio/shared';
import { domainNeeds } from '../domains';
import { commonEnvironment } from '../environment';
import { LectioFunction } from '../lambda';
import { functionEntry } from '../paths';
import type { LectioSettings } from '../settings';
import {
  HTTP_STAGE_THROTTLE,
  SENSITIVE_ROUTES,
  SENSITIVE_ROUTE_THROTTLE,
  grantItemAccess,
} from '../protection';
import type { OneTimeJobs } from '../one-time-jobs';

export interface ApiStackProps extends StackProps {
  table: ITableV2;
  secrets: ISecret;
  publicUrl: string;
  /** For domains that push to browsers (domainNeeds.publishes). */
  webSocketStage: WebSocketStage;
  settings: LectioSettings;
  /** The judge's job queue: the judge domain sends runs to it (JudgeStack). */
  judgeQueue?: IQueue;
  /** One-time jobs (RealtimeStack): the domains that act at an instant may schedule them. */
  oneTimeJobs?: OneTimeJobs;
}

/** Domains that schedule one-time jobs (competitions and revisions: an attempt closes at its deadline). */
const SCHEDULES_ONE_TIME_JOBS: readonly Domain[] = ['competitions', 'revisions'];

export class ApiStack extends Stack {
  readonly httpApi: HttpApi;
  readonly domainFunctions = new Map<Domain, LectioFunction>();
  readonly accessLogs: LogGroup;

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);
    const { table, secrets, settings } = props;

    this.httpApi = new HttpApi(this, 'HttpApi', {
      apiName: 'lectio-api',
      description: 'Lectio HTTP API (routes generated from the @lectio/shared route registry)',
      corsPreflight: {
        allowOrigins: [props.publicUrl],
        allowMethods: [CorsHttpMethod.GET, CorsHttpMethod.POST, CorsHttpMethod.PUT, CorsHttpMethod.DELETE],
        allowHeaders: ['authorization', 'content-type'],
        maxAge: Duration.hours(1),
      },
    });

    const integrations = new Map<Domain, HttpLambdaIntegration>();
    for (const domain of activeDomains()) {
      const entry = `${domain}/handler.ts`;
      if (!existsSync(functionEntry(entry))) {
        const count = routeList().filter(([, r]) => r.domain === domain).length;
        throw new Error(
          `The route registry has ${count} ${domain} route(s) but functions/src/${entry} does not exist (it must export handler)`,
        );
      }
      const needs = domainNeeds[domain] ?? {};
      const fn = new LectioFunction(this, `Domain-${domain}`, {
        entry,
        description: `Lectio ${domain} HTTP domain`,
        memorySize: needs.memorySize,
        reservedConcurrentExecutions: needs.reservedConcurrency,
        environment: { ...commonEnvironment(table, props.publicUrl), SECRETS_ARN: secrets.secretArn },
      });
      // Every domain verifies bearer tokens (secret) and works on the table's items (no Scan).
      grantItemAccess(table, fn.fn);
      secrets.grantRead(fn.fn);
      if (needs.sendsMail) {
        fn.fn.addEnvironment('MAIL_TRANSPORT', 'ses');
        fn.fn.addEnvironment('MAIL_FROM', settings.mailFrom);
        fn.fn.addToRolePolicy(
          new PolicyStatement({
            actions: ['ses:SendEmail'],
            resources: [this.formatArn({ service: 'ses', resource: 'identity', resourceName: settings.mailIdentity })],
          }),
        );
      }
      if (needs.publishes) {
        fn.fn.addEnvironment('WS_MANAGEMENT_ENDPOINT', props.webSocketStage.callbackUrl);
        props.webSocketStage.grantManagementApiAccess(fn.fn);
      }
      if (SCHEDULES_ONE_TIME_JOBS.includes(domain)) props.oneTimeJobs?.allow(fn.fn);
      if (domain === 'judge' && props.judgeQueue) {
        fn.fn.addEnvironment('JUDGE_QUEUE_URL', props.judgeQueue.queueUrl);
        // stop reaches the runner as a stop item of the job's DynamoDB channel
        fn.fn.addEnvironment('JUDGE_CHANNEL', 'dynamodb');
        props.judgeQueue.grantSendMessages(fn.fn);
      }
      this.domainFunctions.set(domain, fn);
      // One invoke permission per function for the whole API instead of one per route: a domain
      // with many routes would otherwise approach Lambda's 20 kB resource-policy limit.
      integrations.set(
        domain,
        new HttpLambdaIntegration(`${domain}-integration`, fn.fn, { scopePermissionToRoute: false }),
      );
    }

    for (const [name, route] of routeList()) {
      new HttpRoute(this, `Route-${name}`, {
        httpApi: this.httpApi,
        routeKey: HttpRouteKey.with(route.path, HttpMethod[route.method]),
        integration: integrations.get(route.domain)!,
      });
    }

    // Stage throttling (tighter on the routes guessers and mail bombers call) and access logs.
    this.accessLogs = new LogGroup(this, 'AccessLogs', { retention: RetentionDays.THREE_MONTHS });
    const stage = this.httpApi.defaultStage!.node.defaultChild as CfnStage;
    stage.defaultRouteSettings = {
      throttlingRateLimit: HTTP_STAGE_THROTTLE.rateLimit,
      throttlingBurstLimit: HTTP_STAGE_THROTTLE.burstLimit,
    };
    const registered = new Set(routeList().map(([, r]) => `${r.method} ${r.path}`));
    stage.routeSettings = Object.fromEntries(
      SENSITIVE_ROUTES.filter((key) => registered.has(key)).map((key) => [
        key,
        // RouteSettings is a plain JSON map in CloudFormation: its keys are written as CloudFormation spells them.
        { ThrottlingRateLimit: SENSITIVE_ROUTE_THROTTLE.rateLimit, ThrottlingBurstLimit: SENSITIVE_ROUTE_THROTTLE.burstLimit },
      ]),
    );
    stage.accessLogSettings = {
      destinationArn: this.accessLogs.logGroupArn,
      format: JSON.stringify({
        requestId: '$context.requestId',
        ip: '$context.identity.sourceIp',
        time: '$context.requestTime',
        routeKey: '$context.routeKey',
        status: '$context.status',
        latency: '$context.responseLatency',
        integrationError: '$context.integrationErrorMessage',
      }),
    };

    new CfnOutput(this, 'HttpApiUrl', { value: this.httpApi.apiEndpoint });
  }
}
