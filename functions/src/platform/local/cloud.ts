/**
 * Composes the local cloud: DynamoDB Local under DATA_DIR, the table from the shared definition,
 * the HTTP/WebSocket server, the stream poller, the scheduler, the shard publishers' worker pool and
 * first-start seeding.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { dynamoDataDir, ensureTable, startDynamoLocal, type DynamoLocal } from './dynamo-local';
import { LocalServer } from './server';
import { isLoopbackHost } from './local-only';
import { StreamPoller } from './stream-poller';
import { startScheduler } from './scheduler';
import { PublishPool } from './publish-pool';
import { saveSeedSnapshot } from './seed-snapshot';
import type { LocalHandlers, SeedOutcome, SeedStream } from './handlers';
import type { ConnectionPoster } from '../ws/publish';

export interface LocalCloudOptions {
  dataDir: string;
  port: number;
  host?: string;
  seed: 'demo' | 'none';
  /** Listening on a non-loopback HOST needs this (ALLOW_REMOTE=1); `/_local/*` and `/_ws/*` still answer loopback only. */
  allowRemote?: boolean;
  /**
   * Demo accounts with the published demo passwords (default: only with the demo content). SEED=none
   * gives them random passwords, printed once.
   */
  demoPasswords?: boolean;
  /** Use an already running DynamoDB (tests share one); otherwise one is started under dataDir. */
  dynamoEndpoint?: string;
  /** DynamoDB Local already starting for this cloud (under dataDir; `npm start` starts it first), stopped with it. */
  dynamo?: Promise<DynamoLocal>;
  /**
   * Start the publish pool's threads once the cloud is ready (`npm start`: the first competition push
   * then does not wait for them, ~0.3-1.5 s); by default they start on the first wide publish, so a
   * test's cloud that never pushes to a competition never starts them.
   */
  warmPublishPool?: boolean;
  /** Keep DynamoDB Local's data in memory (benchmarks); the default is files under dataDir. */
  dynamoInMemory?: boolean;
  tableName?: string;
  webRoot?: string;
  /**
   * A directory to keep a first seed's data in once it is projected (`saveSeedSnapshot`), for the next start
   * on an empty DATA_DIR (`npm start`; see seed-snapshot.ts).
   */
  seedSnapshot?: string;
  /** Told as each start-up step ends (`npm start` times them). */
  onPhase?: (name: string) => void;
  wsIdleTimeoutMs?: number;
  log?: (line: string) => void;
}

export interface LocalCloud {
  url: string;
  port: number;
  tableName: string;
  dynamoEndpoint: string;
  seed: SeedOutcome;
  server: LocalServer;
  /** Resolves once the seed's writes after `ready` (the demo learners) are done. */
  demo: Promise<void>;
  /** The table's stream as the seed sees it (writes whose records it passes over). */
  stream: SeedStream;
  /** Resolves once the stream poller has projected every change so far (benchmarks, recounts). */
  drain: () => Promise<void>;
  /** The shard publishers (worker threads) a wide topic's publish is spread over. */
  publishPool: PublishPool;
  stop: () => Promise<void>;
}

interface LocalSecrets {
  jwtSecret: string;
  clientSecret: string;
}

function loadSecrets(dataDir: string): LocalSecrets {
  const file = join(dataDir, 'secrets.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as LocalSecrets;
  const secrets = { jwtSecret: randomBytes(32).toString('base64url'), clientSecret: randomBytes(24).toString('base64url') };
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}

const repoRoot = resolve(import.meta.dirname, '../../../..');

export async function startLocalCloud(options: LocalCloudOptions, handlers: LocalHandlers): Promise<LocalCloud> {
  const log = options.log ?? (() => undefined);
  const dataDir = resolve(options.dataDir);
  mkdirSync(dataDir, { recursive: true });
  const secrets = loadSecrets(dataDir);
  const version = (JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { version: string }).version;
  const outboxDir = join(dataDir, 'outbox');
  const tableName = options.tableName ?? 'lectio';
  const host = options.host ?? '127.0.0.1';
  if (!isLoopbackHost(host) && !options.allowRemote) {
    throw new Error(
      `HOST=${host} would expose the local cloud (demo accounts, the mail outbox) to the network; set ALLOW_REMOTE=1 to do that on purpose`,
    );
  }

  // DynamoDB Local's JVM boots (seconds) while the server is made and starts listening (health: 503 until ready)
  const phase = options.onPhase ?? (() => undefined);
  const dynamoStarting: Promise<DynamoLocal> = options.dynamoEndpoint
    ? Promise.resolve({ endpoint: options.dynamoEndpoint, stop: () => undefined })
    : (options.dynamo ?? startDynamoLocal(options.dynamoInMemory ? null : dynamoDataDir(dataDir)));
  // a failure to listen must not leave a JVM behind, nor an unhandled rejection of the other step
  dynamoStarting.catch(() => undefined);

  const server = new LocalServer({
    webRoot: options.webRoot ?? process.env.WEB_ROOT ?? join(repoRoot, 'web/dist'),
    outboxDir,
    clientSecret: secrets.clientSecret,
    version,
    wsIdleTimeoutMs: options.wsIdleTimeoutMs,
    handlers,
  });
  let port: number;
  try {
    port = await server.listen(options.port, host);
  } catch (error) {
    void dynamoStarting.then((d) => d.stop(), () => undefined);
    throw error;
  }
  phase('listening');
  let dynamo: DynamoLocal;
  try {
    dynamo = await dynamoStarting;
  } catch (error) {
    await server.close();
    throw error;
  }
  log(`DynamoDB Local at ${dynamo.endpoint}`);
  phase('DynamoDB Local up');
  const url = `http://${host}:${port}`;

  Object.assign(process.env, {
    TABLE_NAME: tableName,
    DYNAMODB_ENDPOINT: dynamo.endpoint,
    AWS_REGION: 'local',
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    // Nobody collects CloudWatch EMF locally.
    POWERTOOLS_METRICS_DISABLED: 'true',
    JWT_SECRET: secrets.jwtSecret,
    CLIENT_SECRET: secrets.clientSecret,
    MAIL_TRANSPORT: 'outbox',
    OUTBOX_DIR: outboxDir,
    WS_MANAGEMENT_ENDPOINT: `${url}/_ws`,
    PUBLIC_URL: url,
  });
  // Kernels: the proxy under /kernels on this server (jupyter-server starts on the first kernel, not now)
  if (handlers.kernels?.configured()) process.env.KERNEL_GATEWAY_URL = `${url}/kernels`;
  else delete process.env.KERNEL_GATEWAY_URL;

  await ensureTable(dynamo.endpoint, tableName);
  phase('table ready');
  // the stream projects a first start's seed while it is written
  const poller = new StreamPoller({
    endpoint: dynamo.endpoint,
    tableName,
    handler: handlers.stream,
    checkpointFile: join(dataDir, `stream-checkpoint-${tableName}.json`),
    onError: (e) => log(`stream poller: ${(e as Error).message}`),
  });
  await poller.start();
  const seedIfEmpty = await handlers.seedIfEmpty();
  const seed = await seedIfEmpty({ content: options.seed !== 'none', demoPasswords: options.demoPasswords ?? options.seed === 'demo' }, poller);
  phase(seed.seeded ? 'seeded' : 'seed checked');
  // After a first-start seed, wait until the stream projections (leaderboard) have caught up, so
  // the first page a user opens is complete.
  if (seed.seeded) {
    log('projecting the seeded data…');
    await poller.drain();
    phase('projections drained');
    // nothing writes now: the database files are a consistent pair
    if (options.seedSnapshot && !options.dynamoEndpoint && !options.dynamoInMemory) {
      saveSeedSnapshot(dataDir, tableName, options.seedSnapshot);
      phase('seed snapshot saved');
    }
  }
  const stopScheduler = startScheduler(handlers.schedule, (e) => log(`schedule failed: ${(e as Error).message}`));
  // A wide topic's shards go to worker threads, as they go to shard publisher Lambdas in AWS.
  // (loaded only now: the publish module's clients read the environment set above)
  const { useConnectionPoster, useShardDispatcher } = await import('../ws/publish');
  const publishPool = new PublishPool({ gateway: server.ws });
  useShardDispatcher(publishPool.dispatch);
  // This thread's one-shard publishes (a user's topic, a judge job's) reach the gateway in this process
  // directly, as the pool's threads do, instead of an HTTP round trip to the management API a post.
  const deliverHere: ConnectionPoster = async (ids, payload) => server.ws.deliver(ids, payload);
  useConnectionPoster(deliverHere);
  server.ready = true;
  phase('ready');
  // What the seed left for now (the demo learners) is written while the cloud answers.
  const demo = (seed.finish?.() ?? Promise.resolve()).then(
    () => {
      server.demoComplete = true;
      if (seed.finish) phase('demo learners written');
    },
    (error: unknown) => log(`demo learners: ${(error as Error).message} (written on the next start)`),
  );
  if (options.warmPublishPool) void publishPool.warm();

  let stopped = false;
  return {
    url,
    port,
    tableName,
    dynamoEndpoint: dynamo.endpoint,
    seed,
    server,
    demo,
    stream: poller,
    drain: () => poller.drain(),
    publishPool,
    stop: async () => {
      if (stopped) return;
      stopped = true;
      await demo;
      stopScheduler();
      useShardDispatcher(undefined, publishPool.dispatch);
      useConnectionPoster(undefined, deliverHere);
      await publishPool.close();
      await poller.stop();
      await server.close();
      await (dynamo.close ?? dynamo.stop)();
    },
  };
}
