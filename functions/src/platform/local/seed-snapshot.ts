/**
 * A seeded data directory's snapshot (issue 20, start-up time): right after a first start has seeded an
 * empty DATA_DIR and projected the seed, DynamoDB Local's database files and the stream's checkpoint are
 * copied to the temporary directory; a later first start on an empty DATA_DIR with the same key copies
 * them in before DynamoDB Local starts, instead of seeding again (seconds of DynamoDB Local's time).
 *
 * The key is the caller's: it names everything the seed's data depends on (`npm start`: the server's
 * sources, SEED, SEED_LEARNERS) and the local date, so the demo's dates relative to the seeding (a
 * competition open since yesterday, messages finishing today) are never older than that day. Snapshots of
 * other days are removed when a new one is saved. Secrets (DATA_DIR/secrets.json) are never copied: each
 * data directory makes its own.
 *
 * The copy is taken while nothing writes (after the projections are drained, before the cloud is ready):
 * the database file and its write-ahead log are then a consistent pair, which SQLite recovers on opening.
 */
import { copyFileSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dynamoDataDir } from './dynamo-local';

/** DynamoDB Local's database (-sharedDb) and its write-ahead log; the shared-memory index is rebuilt. */
const DATABASE_FILES = ['shared-local-instance.db', 'shared-local-instance.db-wal'];
const PREFIX = 'lectio-seed-';

/** The local date (YYYY-MM-DD): a snapshot is used on the day it was made only. */
export function localDate(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Where the snapshot for `key` (file-name safe) is kept today. */
export const seedSnapshotDir = (key: string, now = new Date()) => join(tmpdir(), `${PREFIX}${localDate(now)}-${key}`);

const checkpointFile = (tableName: string) => `stream-checkpoint-${tableName}.json`;

/**
 * Copies the snapshot into `dataDir` when it has no database yet and the snapshot exists; true when it did.
 * Call before DynamoDB Local starts.
 */
export function restoreSeedSnapshot(dataDir: string, tableName: string, snapshot: string): boolean {
  const database = dynamoDataDir(dataDir);
  if (existsSync(join(database, DATABASE_FILES[0]!)) || !existsSync(join(snapshot, DATABASE_FILES[0]!))) return false;
  mkdirSync(database, { recursive: true });
  for (const name of DATABASE_FILES) {
    if (existsSync(join(snapshot, name))) copyFileSync(join(snapshot, name), join(database, name));
  }
  copyFileSync(join(snapshot, checkpointFile(tableName)), join(dataDir, checkpointFile(tableName)));
  return true;
}

/** Saves `dataDir`'s database and stream checkpoint as the snapshot (beside it first, then one rename). */
export function saveSeedSnapshot(dataDir: string, tableName: string, snapshot: string): void {
  const building = `${snapshot}.${process.pid}`;
  try {
    rmSync(building, { recursive: true, force: true });
    mkdirSync(building, { recursive: true });
    for (const name of DATABASE_FILES) {
      const file = join(dynamoDataDir(dataDir), name);
      if (existsSync(file)) copyFileSync(file, join(building, name));
    }
    copyFileSync(join(dataDir, checkpointFile(tableName)), join(building, checkpointFile(tableName)));
    rmSync(snapshot, { recursive: true, force: true });
    renameSync(building, snapshot);
  } catch {
    // a snapshot is only a shortcut
    rmSync(building, { recursive: true, force: true });
  }
  removeOtherDays(snapshot);
}

/** Snapshots of other days (never used again), and of today's with a build left behind by a killed start. */
function removeOtherDays(kept: string) {
  const today = `${PREFIX}${localDate()}-`;
  for (const name of readdirSync(tmpdir())) {
    if (!name.startsWith(PREFIX) || join(tmpdir(), name) === kept) continue;
    const path = join(tmpdir(), name);
    try {
      const stale = !name.startsWith(today) || (/\.\d+$/.test(name) && Date.now() - statSync(path).mtimeMs > 3_600_000);
      if (stale) rmSync(path, { recursive: true, force: true });
    } catch {
      // removed meanwhile by another start
    }
  }
}
