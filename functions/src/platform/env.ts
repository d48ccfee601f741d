/**
 * The functions' environment as one zod schema (re-exported by config.ts): every variable, its type
 * and default. `env(name)` reads one, typed, when asked; `checkEnvironment()` checks them all.
 */
import * as z from 'zod';

const text = z.string().trim().min(1);
const flag = z.enum(['0', '1']);
const count = z.coerce.number().int().positive();
const seconds = z.coerce.number().int().positive();

/** Every environment variable of the functions: name → schema (optional unless a default applies). */
export const environment = {
  // Data and AWS
  TABLE_NAME: text.default('lectio'),
  AWS_REGION: text.default('eu-central-1'),
  /** DynamoDB Local's URL; unset in AWS. */
  DYNAMODB_ENDPOINT: z.url().optional(),
  SECRETS_ARN: text.optional(),
  /** Locally the secrets come from the environment (the local cloud writes them under DATA_DIR). */
  JWT_SECRET: text.optional(),
  CLIENT_SECRET: text.optional(),
  // HTTP
  LOG_LEVEL: z.enum(['DEBUG', 'INFO', 'WARN', 'ERROR', 'SILENT', 'CRITICAL']).default('INFO'),
  /** '1': every answer is checked against its registry schema (tests). */
  STRICT_RESPONSES: flag.optional(),
  PUBLIC_URL: z.url().default('http://127.0.0.1:3000'),
  ACCESS_TOKEN_SECONDS: seconds.default(8 * 3600),
  REFRESH_TOKEN_SECONDS: seconds.default(30 * 24 * 3600),
  // Mail
  MAIL_TRANSPORT: z.enum(['ses', 'outbox']).default('outbox'),
  MAIL_FROM: text.default('Lectio <no-reply@lectio.example>'),
  OUTBOX_DIR: text.default('.data/outbox'),
  // Real time
  /** The WebSocket management endpoint (`https://{api}.execute-api…/{stage}` or the local `/_ws`). */
  WS_MANAGEMENT_ENDPOINT: z.string().default(''),
  /** The Lambda that publishes one shard of a topic (AWS); unset locally (a worker pool). */
  PUBLISH_SHARD_FUNCTION: text.optional(),
  PUBLISH_WORKERS: count.optional(),
  /** The local publish pool's posts: 'port' (to the WebSocket gateway, the default) or 'http' (the management API, as in AWS). */
  PUBLISH_POOL_TRANSPORT: z.enum(['port', 'http']).optional(),
  // One-time schedules (EventBridge Scheduler in AWS)
  SCHEDULE_GROUP: text.optional(),
  SCHEDULE_TARGET_ARN: text.optional(),
  SCHEDULE_ROLE_ARN: text.optional(),
  SCHEDULE_DLQ_ARN: text.optional(),
  // Judge
  JUDGE_SANDBOX: z.string().optional(),
  JUDGE_WORK_ROOT: text.optional(),
  JUDGE_WORKERS: count.optional(),
  JUDGE_SPARE_BOXES: z.coerce.number().int().nonnegative().optional(),
  JUDGE_FALLBACK_UID: count.optional(),
  JUDGE_CGROUPS: flag.optional(),
  JUDGE_BOX: z.enum(['shared', 'per-process']).optional(),
  JUDGE_BOX_HELPER: text.optional(),
  JUDGE_GUARD_HELPER: text.optional(),
  JUDGE_PTY_HELPER: text.optional(),
  JUDGE_SWEEP_OWN_UID: flag.optional(),
  JUDGE_CHANNEL: z.enum(['pipes', 'dynamodb']).optional(),
  JUDGE_CHANNEL_ROLE_ARN: text.optional(),
  JUDGE_QUEUE_URL: z.url().optional(),
  JUDGE_RUNNER_FUNCTION: text.optional(),
  /** Set by the Lambda runtime: tracing is on only there. */
  AWS_LAMBDA_FUNCTION_NAME: text.optional(),
  // Live kernels (issue 25; README "Live kernels"): the kernels domain and its proxy
  /** Where the kernels Lambda reaches the kernel gateway's proxy (`…/kernels`); unset: no kernel service. The local cloud sets it. */
  KERNEL_GATEWAY_URL: z.url().optional(),
  /** The proxy's base the browser uses (same origin): '/kernels' unless the gateway is elsewhere. */
  KERNEL_PUBLIC_BASE: text.default('/kernels'),
  /** '0': the local cloud offers no kernels (notebooks run Python in the browser). */
  KERNELS: flag.optional(),
  /** Default namespaces; 'uids' a uid of its own per kernel (no user namespaces: the AWS gateway); 'none' no sandbox (operator only). */
  KERNEL_SANDBOX: z.enum(['namespaces', 'uids', 'none']).optional(),
  /** Where the kernels' directories go (default /dev/shm, else the temporary directory). */
  KERNEL_WORK_ROOT: text.optional(),
  /** '0': no cgroups for kernels even as root (as in Fargate: a `uids` kernel's memory is then its data-size limit). */
  KERNEL_CGROUPS: flag.optional(),
  /** Prebuilt kernel-uid (with its file capabilities) and vpl-guard for 'uids'; compiled on first use otherwise. */
  KERNEL_UID_HELPER: text.optional(),
  KERNEL_GUARD_HELPER: text.optional(),
  KERNEL_CULL_IDLE_SECONDS: z.coerce.number().int().min(2).max(86_400).default(900),
  KERNEL_CULL_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).optional(),
  KERNEL_MEMORY_MB: z.coerce.number().int().min(64).max(8192).default(512),
  KERNEL_CPU_PERCENT: z.coerce.number().int().min(10).max(400).default(100),
  KERNELS_PER_USER: z.coerce.number().int().min(1).max(100).default(2),
  // Activity log
  /** Days a users-activity entry is kept (its TTL). */
  ACTIVITY_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(365),
  // Local cloud and demo seed
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: text.default('127.0.0.1'),
  ALLOW_REMOTE: flag.optional(),
  DATA_DIR: text.default('.data'),
  WEB_ROOT: text.optional(),
  SEED: z.enum(['demo', 'none']).default('demo'),
  SEED_LEARNERS: z.coerce.number().int().nonnegative().max(100_000).default(180),
  /** '1': the local cloud prints when each start-up step ended (tests/bench/startup.bench.ts reads it). */
  STARTUP_PHASES: flag.optional(),
  /** Set by functions/start.mjs: the directory of the server bundle it runs (the publish pool's threads load theirs from it). */
  SERVER_BUNDLE: text.optional(),
} as const;

export type EnvName = keyof typeof environment;
export type Env = { [K in EnvName]: z.output<(typeof environment)[K]> };

/** A wrong value names the variable and what it must be. */
export class EnvironmentError extends Error {}

const parseVariable = <K extends EnvName>(name: K, raw: string | undefined): Env[K] => {
  const checked = environment[name].safeParse(raw === '' ? undefined : raw);
  if (!checked.success)
    throw new EnvironmentError(`${name}=${JSON.stringify(raw)}: ${checked.error.issues.map((i) => i.message).join('; ')}`);
  return checked.data as Env[K];
};

/** One variable, typed, read now (an empty value counts as unset). */
export const env = <K extends EnvName>(name: K): Env[K] => parseVariable(name, process.env[name]);

/** Every variable checked at once (cold start, local cloud start): all wrong values in one error. */
export function checkEnvironment(source: NodeJS.ProcessEnv = process.env): Env {
  const out: Partial<Record<EnvName, unknown>> = {};
  const wrong: string[] = [];
  for (const name of Object.keys(environment) as EnvName[]) {
    try {
      out[name] = parseVariable(name, source[name]);
    } catch (error) {
      wrong.push((error as Error).message);
    }
  }
  if (wrong.length) throw new EnvironmentError(`invalid environment: ${wrong.join(' | ')}`);
  return out as Env;
}
