/**
 * The judge runner Lambda (container image with the toolchains, see infra/judge-runner/Dockerfile): one job
 * per invocation, run in the `rlimits` sandbox (user namespaces are blocked in Lambda). The job comes in
 * the invocation and the result goes back as its return value, which the orchestrator stores. With
 * `channel: true` the job's terminal is the DynamoDB channel of its ticket (channel/dynamo-channel.ts):
 * typed input and stop are polled from it, output and monitor messages written to it; the runner's only
 * table access is through the short-lived keys of the invocation (`credentials`, scoped by the
 * orchestrator to `JUDGEIO#{ticket}`, see channel/credentials.ts); its own role writes its logs only. At the end every process but the runner itself is killed and the work area is
 * emptied, so nothing of one learner's job survives into the next invocation of this environment.
 */
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Context } from 'aws-lambda';
import { runJob, type JudgeJob, type JudgeResult } from './core/job';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { dynamoJobLink } from './channel/dynamo-channel';
import type { ChannelCredentials } from './channel/credentials';
import { runOverChannel } from './channel/run-over-channel';

export interface RunnerEvent {
  ticket: string;
  job: JudgeJob;
  /** Use the ticket's DynamoDB channel for input, stop and live output. */
  channel?: boolean;
  /** Short-lived keys for this ticket's channel only (the runner's role has no table rights in AWS). */
  credentials?: ChannelCredentials;
}

/** A table client with the job's own keys (or the environment's, in the local cloud and tests). */
function channelClient(credentials?: ChannelCredentials) {
  if (!credentials) return undefined;
  return DynamoDBDocumentClient.from(new DynamoDBClient({ ...(process.env.DYNAMODB_ENDPOINT ? { endpoint: process.env.DYNAMODB_ENDPOINT } : {}), credentials }), {
    marshallOptions: { removeUndefinedValues: true },
  });
}

/** Polling stops this long before the Lambda's timeout, so the result still goes back. */
const TIMEOUT_MARGIN_MS = 5000;

/** Kills every process of this environment except the runner (and its parent, the Lambda runtime init). */
export function killEverythingElse(): void {
  const keep = new Set([process.pid, process.ppid, 1]);
  for (let round = 0; round < 10; round++) {
    let killed = 0;
    for (const entry of readdirSync('/proc')) {
      const pid = Number(entry);
      if (!Number.isInteger(pid) || keep.has(pid)) continue;
      try {
        process.kill(pid, 'SIGKILL');
        killed++;
      } catch {
        // not ours or gone
      }
    }
    if (!killed) break;
  }
}

/** Empties the work area (/tmp) but keeps the prebuilt tools. */
export function emptyWorkArea(root = process.env.JUDGE_WORK_ROOT ?? '/tmp/lectio-judge'): void {
  for (const base of ['/tmp', root]) {
    try {
      for (const entry of readdirSync(base)) {
        const path = join(base, entry);
        if (path === root || entry === 'tools') continue;
        rmSync(path, { recursive: true, force: true });
      }
    } catch {
      // not there
    }
  }
}

export const handler = async (event: RunnerEvent, context?: Pick<Context, 'getRemainingTimeInMillis'>): Promise<JudgeResult> => {
  try {
    if (!event.channel) return await runJob(event.job);
    const deadline = context ? Date.now() + context.getRemainingTimeInMillis() - TIMEOUT_MARGIN_MS : undefined;
    const client = channelClient(event.credentials);
    try {
      return await runOverChannel(event.job, dynamoJobLink(event.ticket, client), { deadline });
    } finally {
      client?.destroy();
    }
  } finally {
    killEverythingElse();
    emptyWorkArea();
  }
};
