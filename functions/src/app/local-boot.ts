/**
 * The first steps of the local cloud's start-up, before the rest of it is loaded: the judge's sandbox check
 * (without a sandbox the local cloud does not start), the seeded data's snapshot copied into an empty
 * DATA_DIR when there is one for these sources today, then DynamoDB Local's JVM under DATA_DIR, which boots
 * (seconds) while the rest loads. `runLocalCloud` (local-main.ts) runs them; `npm start` runs them from a
 * small bundle of this file while it builds the server bundle, when that has to be built (functions/start.mjs).
 */
import { createHash } from 'node:crypto';
import { sandboxEnvironment } from '../judge/sandbox/environment';
import { env } from '../platform/env';
import { dynamoDataDir, startDynamoLocal, type DynamoLocal } from '../platform/local/dynamo-local';
import { restoreSeedSnapshot, seedSnapshotDir } from '../platform/local/seed-snapshot';

export type { DynamoLocal };

/** The table `npm start`'s cloud keeps its data in. */
export const LOCAL_TABLE = 'lectio';

export interface Boot {
  /** DynamoDB Local starting (it writes its class archive when closed). */
  dynamo: Promise<DynamoLocal>;
  /** The empty DATA_DIR got the seeded data's snapshot (no seeding needed). */
  seedRestored: boolean;
  /** When DynamoDB Local was started, in ms since the process started. */
  startedAt: number;
}

/**
 * Where the demo seed's snapshot for these sources is kept today: `sourceHash` names the server's sources
 * (functions/start.mjs's hash: the functions, shared and events sources, the lock file, node's version),
 * which make the seed. None without it, nor for SEED=none (its passwords are random, each start's own).
 */
export function seedSnapshotFor(sourceHash: string | undefined): string | undefined {
  if (!sourceHash || env('SEED') !== 'demo') return undefined;
  const key = createHash('sha256').update(`${sourceHash}\0${env('SEED_LEARNERS')}\0${LOCAL_TABLE}`).digest('hex').slice(0, 16);
  return seedSnapshotDir(key);
}

/** Exits with the sandbox's message when there is none; else copies a seed snapshot if it can, and starts DynamoDB Local. */
export function bootLocalCloud(sourceHash?: string): Boot {
  try {
    sandboxEnvironment();
  } catch (error) {
    console.error(`[local-cloud] ${(error as Error).message}`);
    process.exit(1);
  }
  const dataDir = env('DATA_DIR');
  const snapshot = seedSnapshotFor(sourceHash);
  const seedRestored = snapshot ? restoreSeedSnapshot(dataDir, LOCAL_TABLE, snapshot) : false;
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  const dynamo = startDynamoLocal(dynamoDataDir(dataDir), { archive: true });
  dynamo.catch(() => undefined);
  return { dynamo, seedRestored, startedAt: performance.now() };
}
