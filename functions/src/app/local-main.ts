/**
 * The local cloud on 127.0.0.1:$PORT with data under $DATA_DIR, composed with the domains (the judge's
 * sandbox check, the demo accounts it prints): what `npm start` runs (functions/start.mjs, from the
 * server bundle) and `app/local.ts` (from the sources).
 *
 * Start-up (issue 20): after the sandbox check, DynamoDB Local's JVM is started first (local-boot.ts), and the
 * rest of the cloud loads and listens while it boots; the cloud is ready (health ok, the banner) once the table, the
 * seed and the projections of a first seed are. The web app's build check (`web`) runs beside it and does
 * not hold it up: only a checkout's first build takes long, and until it is done pages say so and reload.
 * STARTUP_PHASES=1 prints when each step ended (seconds since the process started), once the web app is
 * up to date too.
 */
import { demoAccounts } from '../accounts/demo-accounts';
import { env } from '../platform/env';
import { bootLocalCloud, LOCAL_TABLE, seedSnapshotFor, type Boot } from './local-boot';

export interface RunOptions {
  /** Resolves when web/dist is up to date (functions/start.mjs builds it beside the start-up). */
  web?: Promise<unknown>;
  /**
   * The sandbox check done and DynamoDB Local starting (`bootLocalCloud`, run by functions/start.mjs while it
   * built the server bundle); by default this does both.
   */
  boot?: Boot;
  /** The server sources' hash (functions/start.mjs): names the demo seed's snapshot (see local-boot.ts). */
  sourceHash?: string;
  /** Steps the caller timed before this (ms each), shown with STARTUP_PHASES=1. */
  phases?: Record<string, number>;
}

const seconds = (ms: number) => (ms / 1000).toFixed(1);

export async function runLocalCloud(options: RunOptions = {}): Promise<void> {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  process.env.LOG_LEVEL ??= 'WARN';

  const port = env('PORT');
  const dataDir = env('DATA_DIR');
  const seed = env('SEED');
  /** When each step ended, in ms since the process started. */
  const phases: Array<[string, number]> = [['modules loaded', performance.now()]];
  const phase = (name: string) => phases.push([name, performance.now()]);

  // the judge's sandbox check, then DynamoDB Local's JVM, which boots while the rest of the cloud loads
  // (npm start may have done both already, while it built the server bundle)
  const boot = options.boot ?? bootLocalCloud(options.sourceHash);
  phases.push([boot.seedRestored ? 'seed snapshot copied, DynamoDB Local started' : 'DynamoDB Local started', boot.startedAt]);
  const { startLocalCloud } = await import('./cloud');
  let webDone = !options.web;
  const web = options.web?.then(() => {
    webDone = true;
    phase('web app up to date');
  });
  const cloud = await startLocalCloud({
    dataDir,
    port,
    host: env('HOST'),
    allowRemote: env('ALLOW_REMOTE') === '1',
    seed,
    dynamo: boot.dynamo,
    tableName: LOCAL_TABLE,
    // a first seed's data is kept for the next empty DATA_DIR (today, these sources)
    seedSnapshot: seedSnapshotFor(options.sourceHash),
    warmPublishPool: true,
    onPhase: phase,
    log: (line) => console.log(`[local-cloud] ${line}`),
  }).catch((error: unknown) => {
    console.error(`[local-cloud] failed to start: ${(error as Error).message}`);
    process.exit(1);
  });

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`[local-cloud] ${signal}: stopping`);
    void cloud.stop().finally(() => process.exit(0));
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  const accountLines = demoAccounts.map((a) => {
    const role = a.role_id === 2 ? 'admin (role_id 2)' : a.nickname;
    // SEED=none: random passwords, shown on the first start only (they are not stored in clear anywhere).
    const password = seed === 'demo' ? a.password : (cloud.seed.passwords?.[a.email] ?? '(set on the first start)');
    return `  ${a.email.padEnd(22)} ${password.padEnd(18)} ${role}`;
  });
  console.log(`
Lectio is running at ${cloud.url}  (ready in ${seconds(performance.now())} s, data in ${dataDir})
${cloud.seed.seeded || boot.seedRestored ? 'Seeded' : 'Existing data'}${seed === 'none' ? ' (SEED=none: accounts only, random passwords)' : ' with demo content'}. Demo accounts:
${accountLines.join('\n')}
Outbox: ${cloud.url}/_local/outbox (this machine only)`);
  if (!webDone) {
    console.log(`The web app is being built (a new checkout, or its sources changed; about a minute): ${cloud.url} serves it when it is done.`);
    void web?.then(() => console.log(`[local-cloud] web app built (${seconds(performance.now())} s)`));
  }
  if (cloud.seed.finish) {
    console.log('The demo learners (the leaderboard) are being written; they are there in a few seconds.');
    void cloud.demo.then(() => console.log(`[local-cloud] demo learners written (${seconds(performance.now())} s)`));
  }
  if (env('STARTUP_PHASES') === '1') {
    const before = Object.entries(options.phases ?? {}).map(([name, ms]) => `${name} ${seconds(ms)} s`);
    const steps = phases.sort((a, b) => a[1] - b[1]).map(([name, at]) => `${name} ${seconds(at)}`);
    console.log(`[local-cloud] start-up: ${[...before, ...steps].join(', ')}${webDone ? '' : ', web app still building'}`);
  }
}
