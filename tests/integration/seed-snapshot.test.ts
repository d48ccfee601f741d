/**
 * The demo seed's snapshot (issue 20, start-up time), through `npm start`'s entry (functions/start.mjs): a
 * first start on an empty DATA_DIR seeds and keeps a snapshot of the seeded data; a first start on another
 * empty DATA_DIR copies it in instead of seeding, and serves the same demo (the student logs in, the
 * leaderboard lists everyone) with secrets of its own; a DATA_DIR that has data is never overwritten.
 * The starts get a temporary directory of their own (TMPDIR): the snapshot, DynamoDB Local's launcher and
 * class archive are made there from nothing.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { freePort } from '../../functions/src/platform/local/dynamo-local';

const root = resolve(import.meta.dirname, '../..');
const scratch = mkdtempSync(join(tmpdir(), 'lectio-snapshot-test-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const LEARNERS = 12;

interface Started {
  output: string;
  url: string;
  stop: () => Promise<void>;
}

/** `node functions/start.mjs` on `dataDir`, until healthy; its output so far and a stop (SIGINT, as Ctrl-C). */
async function start(dataDir: string): Promise<Started> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), DATA_DIR: dataDir, STARTUP_PHASES: '1', SEED_LEARNERS: String(LEARNERS), TMPDIR: join(scratch, 'tmp') };
  for (const name of ['TABLE_NAME', 'DYNAMODB_ENDPOINT', 'JWT_SECRET', 'CLIENT_SECRET', 'OUTBOX_DIR', 'WS_MANAGEMENT_ENDPOINT', 'PUBLIC_URL', 'SEED']) delete env[name];
  mkdirSync(env.TMPDIR!, { recursive: true });
  const child = spawn(process.execPath, ['functions/start.mjs'], { cwd: root, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const url = `http://127.0.0.1:${port}`;
  for (const started = Date.now(); !output.includes('start-up:'); ) {
    if (child.exitCode !== null) throw new Error(`start.mjs exited (${child.exitCode}):\n${output}`);
    if (Date.now() - started > 240_000) throw new Error(`not ready within 4 minutes:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    output,
    url,
    stop: async () => {
      process.kill(-child.pid!, 'SIGINT');
      await exited;
    },
  };
}

async function api(url: string, path: string, body: unknown, token?: string) {
  const res = await fetch(`${url}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

it('seeds an empty DATA_DIR once and copies the snapshot into the next empty one, never over data', async () => {
  const first = join(scratch, 'first');
  const a = await start(first);
  await a.stop();
  expect(a.output).toContain('Seeded with demo content');
  expect(a.output).toMatch(/start-up: .*seeded [\d.]+, projections drained [\d.]+, seed snapshot saved/);

  const second = join(scratch, 'second');
  const b = await start(second);
  try {
    expect(b.output).toContain('Seeded with demo content');
    expect(b.output).toMatch(/start-up: .*seed snapshot copied, DynamoDB Local started [\d.]+.*seed checked/);
    const { clientSecret } = JSON.parse(readFileSync(join(second, 'secrets.json'), 'utf8')) as { clientSecret: string };
    expect(clientSecret).not.toBe((JSON.parse(readFileSync(join(first, 'secrets.json'), 'utf8')) as { clientSecret: string }).clientSecret);
    // the demo learners are written after `ready`, also from a snapshot (it is taken before they are)
    expect(b.output).toContain('The demo learners (the leaderboard) are being written');
    await expectWholeBoard(b.url, second);
  } finally {
    await b.stop();
  }

  // A data directory with data of its own keeps it. The first start was stopped (SIGINT to its process group,
  // DynamoDB Local included) at once after `ready`, maybe while it wrote its learners: this start writes what
  // is left of them, and the board counts everyone once.
  const again = await start(first);
  try {
    expect(again.output).toContain('Existing data');
    expect(again.output).not.toContain('seed snapshot copied');
    await expectWholeBoard(again.url, first);
  } finally {
    await again.stop();
  }
}, 420_000);

/** Waits until the demo is complete (`/api/health?demo=complete`), then: the board counts the student, the demo learners and the demo class, once each. */
async function expectWholeBoard(url: string, dataDir: string) {
  for (const started = Date.now(); (await fetch(`${url}/api/health?demo=complete`)).status !== 200; ) {
    if (Date.now() - started > 60_000) throw new Error('the demo learners were not written within a minute');
    await new Promise((r) => setTimeout(r, 100));
  }
  const { clientSecret } = JSON.parse(readFileSync(join(dataDir, 'secrets.json'), 'utf8')) as { clientSecret: string };
  const login = await api(url, '/oauth/token', { grant_type: 'password', client_id: 2, client_secret: clientSecret, username: 'student@example.com', password: 'student-demo' });
  expect(login.status).toBe(200);
  const leaders = await api(url, '/get-leaders2', { start: 0, end: 100 }, login.body.access_token as string);
  const { DEMO_CLASS_SIZE } = await import('../../functions/src/demo/class');
  expect(leaders.body.count).toBe(1 + LEARNERS + DEMO_CLASS_SIZE);
}
