/**
 * The judge runner Lambda (container image with the toolchains, see infra/judge-runner/Dockerfile): one job
 * per invocation, run in the `rlimits` sandbox (user namespaces are blocked in Lambda). The job comes in
 * the invocation and the result goes back as its return value, which the orchestrator stores. With
 * `channel: true` the job's terminal is the DynamoDB channel of its ticket (channel/dynamo-channel.ts):
 * typed input and stop are polled from it, output and monitor messages written to it; the runner's only
 * table access is through the short-lived keys of the invocation (`credentials`, scoped by the
 * orchestrator to `JUDGEIO#{ticket}`, see channel/credentials.ts); its own role writes its logs only.
 *
 * The learner's program runs in this environment with the runner's uid (Lambda can neither change uid nor
 * make namespaces), so what the runner holds is kept out of its reach another way: the image preloads
 * vpl-nodump, so the runner is undumpable (no /proc/<runner>/environ, mem, maps or fd for the program, no
 * ptrace), and the sandbox refuses to start otherwise; every program runs behind vpl-guard's seccomp
 * filter (no network socket: not the runtime API on 127.0.0.1:9001, through which a response could be
 * forged, nor anything else); the job's hidden data (test cases, unit tests, expected SQL results) stays
 * in the runner's memory. Before a job the environment must be clean (no process of this uid but the
 * runner, nothing left in /tmp); at the end every process but the runner is killed and the work area
 * emptied, so nothing of one learner's job survives into the next invocation of this environment.
 */
import { lstatSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Context } from 'aws-lambda';
import { runJob, type JudgeJob, type JudgeResult } from './core/job';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { dynamoJobLink } from './channel/dynamo-channel';
import type { ChannelCredentials } from './channel/credentials';
import { runOverChannel } from './channel/run-over-channel';
import { sandboxEnvironment } from './sandbox/environment';
import { env } from '../platform/env';

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
  return DynamoDBDocumentClient.from(new DynamoDBClient({ ...(env('DYNAMODB_ENDPOINT') ? { endpoint: env('DYNAMODB_ENDPOINT') } : {}), credentials }), {
    marshallOptions: { removeUndefinedValues: true },
  });
}

/** Polling stops this long before the Lambda's timeout, so the result still goes back. */
const TIMEOUT_MARGIN_MS = 5000;

/** Processes of this environment the runner may kill: everything of its uid but itself, its parent and init. */
function otherProcesses(): number[] {
  const keep = new Set([process.pid, process.ppid, 1]);
  const uid = process.getuid?.();
  return readdirSync('/proc')
    .map(Number)
    .filter((pid) => Number.isInteger(pid) && !keep.has(pid))
    .filter((pid) => {
      try {
        const status = readFileSync(`/proc/${pid}/status`, 'utf8');
        return !/^State:\s+Z/m.test(status) && (uid === undefined || new RegExp(`^Uid:\\s+${uid}\\s`, 'm').test(status));
      } catch {
        return false;
      }
    });
}

/** Kills every process of this environment except the runner (and its parent, the Lambda runtime init). */
export function killEverythingElse(): void {
  for (let round = 0; round < 10; round++) {
    const pids = otherProcesses();
    if (!pids.length) break;
    for (const pid of pids) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // not ours or gone
      }
    }
  }
}

const workRoot = () => env('JUDGE_WORK_ROOT') ?? '/tmp/lectio-judge';
/** What the runner may leave between jobs: its work root's prebuilt tools. */
const leftInWorkArea = () =>
  ['/tmp', workRoot()].flatMap((base) => {
    try {
      return readdirSync(base)
        .map((entry) => join(base, entry))
        .filter((path) => path !== workRoot() && !(base === workRoot() && path.endsWith('/tools')))
        .filter((path) => {
          try {
            // only what this uid could have written (another user's files are not a job's)
            return lstatSync(path).uid === process.getuid?.();
          } catch {
            return false;
          }
        });
    } catch {
      return [];
    }
  });

/** Empties the work area (/tmp and the work root) but keeps the prebuilt tools. */
export function emptyWorkArea(): void {
  for (const path of leftInWorkArea()) rmSync(path, { recursive: true, force: true });
}

/**
 * Before a job: nothing of an earlier job may be left in a reused environment. Whatever is left is
 * removed; if anything still is, the runner refuses the job (the orchestrator reports an internal error).
 */
export function assertCleanEnvironment(): void {
  // as root (never in Lambda) "every process of this uid" would be the machine's: the sandbox's own sweep
  // of its dedicated uid is what ends a job there
  if (process.getuid?.() === 0) return;
  killEverythingElse();
  emptyWorkArea();
  const processes = otherProcesses();
  const files = leftInWorkArea();
  if (processes.length || files.length) {
    throw new Error(`The runner environment is not clean (${processes.length} processes, ${files.length} files left): job refused`);
  }
}

export const handler = async (event: RunnerEvent, context?: Pick<Context, 'getRemainingTimeInMillis'>): Promise<JudgeResult> => {
  try {
    // no sandbox, no run (JUDGE_SANDBOX=rlimits needs this worker undumpable: the image preloads vpl-nodump)
    sandboxEnvironment();
    assertCleanEnvironment();
    if (!event.channel) return await runJob(event.job);
    const deadline = context ? Date.now() + context.getRemainingTimeInMillis() - TIMEOUT_MARGIN_MS : undefined;
    const client = channelClient(event.credentials);
    try {
      return await runOverChannel(event.job, dynamoJobLink(event.ticket, client), { deadline });
    } finally {
      client?.destroy();
    }
  } finally {
    if (process.getuid?.() !== 0) {
      killEverythingElse();
      emptyWorkArea();
    }
  }
};
