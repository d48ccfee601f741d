/**
 * Real-time platform figures (issue 19):
 * - fan-out to 1,000 / 2,000 / 5,000 sockets on one competition topic (`fan-out.ts`, on the bench's
 *   local cloud); target: the last socket has a push within 1 s at 5,000;
 * and on `npm start`'s local cloud in a child process:
 * - one-time jobs: how late each of 30 jobs fires after its instant (target: within 1 s);
 * - a job that comes due while the local cloud is down (kill -9): time from the restart until it fires
 *   (target: within 5 s).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Bench } from './run';
import { report } from './stats';
import { fanOut } from './fan-out';

interface Child {
  process: ChildProcess;
  dynamoEndpoint: string;
  ran: Map<string, number>;
  startedAt: number;
  readyAt: number;
}

/** Starts the local cloud (main.ts + the probe kind) on `port` with `dataDir`; resolves when it is ready. */
function startChild(dataDir: string, port: number): Promise<Child> {
  const startedAt = Date.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/bench/scheduler-child.ts'], {
    cwd: process.cwd(),
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, SEED: 'none', LOG_LEVEL: 'WARN' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const ran = new Map<string, number>();
  return new Promise((resolve, reject) => {
    let endpoint = '';
    let text = '';
    child.stdout!.on('data', (d: Buffer) => {
      text += d.toString('utf8');
      for (;;) {
        const nl = text.indexOf('\n');
        if (nl < 0) break;
        const line = text.slice(0, nl);
        text = text.slice(nl + 1);
        const dynamo = /DynamoDB Local at (\S+)/.exec(line);
        if (dynamo) endpoint = dynamo[1]!;
        const probe = /^PROBE-RAN (\S+) (\d+)/.exec(line);
        if (probe) ran.set(probe[1]!, Number(probe[2]));
        if (line === 'PROBE-READY') resolve({ process: child, dynamoEndpoint: endpoint, ran, startedAt, readyAt: Date.now() });
      }
    });
    child.stderr!.on('data', () => undefined);
    child.on('exit', (code) => reject(new Error(`the local cloud ended (${code})`)));
  });
}

async function until(check: () => boolean, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, 10));
  }
  return check();
}

async function oneTimeJobs() {
  const dataDir = mkdtempSync(join(tmpdir(), 'lectio-realtime-bench-'));
  const port = 3300 + Math.floor(Math.random() * 500);
  let child = await startChild(dataDir, port);
  try {
    // the bench writes jobs as scheduleAt does, into the child's table (this process's table client is the
    // bench cloud's)
    const documents = DynamoDBDocumentClient.from(
      new DynamoDBClient({ endpoint: child.dynamoEndpoint, region: 'local', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }),
    );
    // loaded here, not at the top: the module makes its table client when it loads (after the bench cloud)
    const { oneTimeJobItem } = await import('../../functions/src/platform/schedules/one-time');
    const scheduleAt = (kind: string, id: string, at: number) => documents.send(new PutCommand({ TableName: 'lectio', Item: oneTimeJobItem(kind, id, at) }));
    const due = new Map<string, number>();
    const now = Date.now();
    for (let i = 0; i < 30; i++) {
      const id = `late-${i}`;
      due.set(id, now + 1000 + i * 100);
      await scheduleAt('bench-probe', id, due.get(id)!);
    }
    await until(() => [...due.keys()].every((id) => child.ran.has(id)), 10_000);
    const late = [...due].filter(([id]) => child.ran.has(id)).map(([id, at]) => child.ran.get(id)! - at);
    report('one-time job fired after its instant (ms)', late);
    console.log(`one-time jobs fired: ${late.length}/30, max ${Math.max(...late)} ms late  (target ≤ 1000 ms)`);

    // due 1.5 s from now, and the local cloud killed at once: it comes due while nothing runs
    await scheduleAt('bench-probe', 'while-down', Date.now() + 1500);
    process.kill(child.process.pid!, 'SIGKILL');
    await new Promise((r) => setTimeout(r, 3000));
    child = await startChild(dataDir, port);
    await until(() => child.ran.has('while-down'), 15_000);
    const fired = child.ran.get('while-down');
    console.log(
      fired === undefined
        ? 'job due while the local cloud was down: did not fire within 15 s of the restart'
        : `job due while the local cloud was down (kill -9): fired ${fired - child.startedAt} ms after the restart began, ${fired - child.readyAt} ms after it was ready  (target ≤ 5000 ms)`,
    );
  } finally {
    child.process.kill('SIGTERM');
    await new Promise((r) => child.process.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export const realtime: Bench = {
  name: 'realtime',
  run: async (ctx) => {
    if (process.env.BENCH_FANOUT !== 'none') await fanOut(ctx);
    if (process.env.BENCH_JOBS !== 'none') await oneTimeJobs();
  },
};
