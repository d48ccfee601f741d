/**
 * The Lectio CDK app: which stacks exist and how they reference each other.
 *
 *   LectioData ─┬─> LectioRealtime ─> LectioApi ─┐
 *   LectioWeb ──┴───────────────────────────────┴─> LectioWebContent (only with a web build)
 *   LectioData ─> LectioKernels ─> LectioWeb (the /kernels/* behaviour's origin)
 *
 * LectioWeb holds the bucket and distribution but no content, so the functions can take its URL
 * (PUBLIC_URL, CORS) while config.json, which needs the API endpoints, goes out last. The kernel
 * gateway comes before it: the distribution serves the gateway's load balancer at /kernels/*, and the
 * gateway needs nothing of the web stack (same origin: no CORS).
 */
import { existsSync } from 'node:fs';
import type { App, Environment } from 'aws-cdk-lib';
import { AlarmsStack } from './stacks/alarms-stack';
import { ApiStack } from './stacks/api-stack';
import { DataStack } from './stacks/data-stack';
import { RealtimeStack } from './stacks/realtime-stack';
import { WebContentStack } from './stacks/web-content-stack';
import { WebStack } from './stacks/web-stack';
import { JudgeStack } from './stacks/judge-stack';
import { KERNEL_ORIGIN_HEADER, KernelStack } from './stacks/kernel-stack';
import { appVersion, defaultWebDist } from './paths';
import { readSettings } from './settings';

export const DEFAULT_REGION = 'eu-central-1';

export interface LectioStacksOptions {
  env?: Environment;
  /** The web build to upload; LectioWebContent is left out when the folder does not exist. */
  webDistPath?: string;
}

export interface LectioStacks {
  data: DataStack;
  web: WebStack;
  realtime: RealtimeStack;
  judge: JudgeStack;
  kernels: KernelStack;
  api: ApiStack;
  webContent?: WebContentStack;
  alarms: AlarmsStack;
}

/**
 * Account and region from the CDK CLI (CDK_DEFAULT_ACCOUNT/REGION, i.e. the AWS profile), unless the
 * context pins the region (`-c lectio:region=eu-west-1`). Without any AWS configuration the CLI
 * itself reports us-east-1; a plain `node infra/bin/app.ts` falls back to eu-central-1.
 */
export function defaultEnvironment(app: App): Environment {
  const pinned: unknown = app.node.tryGetContext('lectio:region');
  return {
    account: process.env.CDK_DEFAULT_ACCOUNT,
    region: (typeof pinned === 'string' && pinned) || process.env.CDK_DEFAULT_REGION || DEFAULT_REGION,
  };
}

export function createLectioStacks(app: App, options: LectioStacksOptions = {}): LectioStacks {
  const env = options.env ?? defaultEnvironment(app);
  const settings = readSettings(app);
  const description = (what: string) => `Lectio ${appVersion()}: ${what}`;

  const data = new DataStack(app, 'LectioData', { env, description: description('table and secrets') });
  const kernels = new KernelStack(app, 'LectioKernels', {
    env,
    description: description('kernel gateway: jupyter-server behind the kernel proxy on ECS Fargate'),
    table: data.table,
    secrets: data.secrets,
  });
  const web = new WebStack(app, 'LectioWeb', {
    env,
    description: description('web hosting (S3 + CloudFront; the kernel gateway at /kernels/*)'),
    kernels: { domainName: kernels.loadBalancer.loadBalancerDnsName, header: KERNEL_ORIGIN_HEADER, secretName: kernels.originSecretName },
  });
  const realtime = new RealtimeStack(app, 'LectioRealtime', {
    env,
    description: description('WebSocket API, table stream consumer, schedules'),
    table: data.table,
    secrets: data.secrets,
    publicUrl: web.publicUrl,
  });
  const judge = new JudgeStack(app, 'LectioJudge', {
    env,
    description: description('code judge: queue, orchestrator, runner image in a VPC without internet'),
    table: data.table,
    webSocketStage: realtime.webSocketStage,
    publicUrl: web.publicUrl,
  });
  const api = new ApiStack(app, 'LectioApi', {
    env,
    description: description('HTTP API and domain functions'),
    table: data.table,
    secrets: data.secrets,
    publicUrl: web.publicUrl,
    webSocketStage: realtime.webSocketStage,
    settings,
    judgeQueue: judge.queue,
    oneTimeJobs: realtime.oneTimeJobs,
  });
  // The kernels Lambda reaches the gateway's proxy (/_admin) through the app's distribution, as browsers
  // do (the load balancer admits CloudFront only); the browser's base is app-relative (same origin).
  const kernelsFn = api.domainFunctions.get('kernels')?.fn;
  kernelsFn?.addEnvironment('KERNEL_GATEWAY_URL', `${web.publicUrl}/kernels`);
  kernelsFn?.addEnvironment('KERNEL_PUBLIC_BASE', '/kernels');

  const distPath = options.webDistPath ?? defaultWebDist;
  const webContent = existsSync(distPath)
    ? new WebContentStack(app, 'LectioWebContent', {
        env,
        description: description('web build and config.json'),
        bucket: web.bucket,
        distPath,
        apiBase: api.httpApi.apiEndpoint,
        wsUrl: realtime.webSocketStage.url,
        clientSecret: data.secrets.secretValueFromJson('clientSecret'),
        version: appVersion(),
      })
    : undefined;

  const alarms = new AlarmsStack(app, 'LectioAlarms', {
    env,
    description: description('CloudWatch alarms (5xx rate, stream lag, dead letters, judge queue age) to an SNS topic'),
    httpApi: api.httpApi,
    streamHandler: realtime.streamHandler.fn,
    judgeQueue: judge.queue,
    deadLetterQueues: { Judge: judge.deadLetters, OneTimeJobs: realtime.oneTimeJobs.deadLetters },
  });

  return { data, web, realtime, judge, kernels, api, webContent, alarms };
}
