/**
 * The real `npm start` entry point: data under DATA_DIR survives a `kill -9` of the whole process
 * group (local cloud and DynamoDB Local), and a restart neither re-seeds nor loses writes.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { freePort } from '../../functions/src/platform/local/dynamo-local';

const root = resolve(import.meta.dirname, '../..');
const dataDir = mkdtempSync(join(tmpdir(), 'lectio-persist-'));
let child: ChildProcess | undefined;

async function start(port: number): Promise<{ output: () => string }> {
  let output = '';
  child = spawn(process.execPath, ['--import', 'tsx', 'functions/src/app/local.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, SEED: 'none' },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const deadline = Date.now() + 60_000;
  for (;;) {
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.status === 200, () => false);
    if (ok) return { output: () => output };
    if (Date.now() > deadline) throw new Error(`local cloud did not start: ${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

const killGroup = () => {
  if (child?.pid) {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      /* gone */
    }
  }
};

afterAll(killGroup);

let adminPassword = '';

async function login(port: number) {
  const { clientSecret } = JSON.parse(readFileSync(join(dataDir, 'secrets.json'), 'utf8')) as { clientSecret: string };
  const res = await fetch(`http://127.0.0.1:${port}/api/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'password', client_id: 2, client_secret: clientSecret, username: 'admin@example.com', password: adminPassword }),
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

it('keeps data across kill -9 and restart', async () => {
  const port = await freePort();
  const first = await start(port);
  expect(first.output()).toContain('admin@example.com');
  expect(first.output()).toContain('SEED=none');
  // SEED=none: no administrator with the published password; a random one is printed once.
  expect(first.output()).not.toContain('admin-demo');
  adminPassword = /admin@example\.com\s+(\S+)/.exec(first.output())![1]!;
  expect(adminPassword).toMatch(/^[\w-]{16}$/);
  const token = await login(port);
  const change = await fetch(`http://127.0.0.1:${port}/api/change-user-language`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ lang: 3 }),
  });
  expect(change.status).toBe(200);
  expect(existsSync(join(dataDir, 'dynamodb'))).toBe(true);

  killGroup();
  await new Promise((r) => setTimeout(r, 500));

  const second = await start(port);
  expect(second.output()).toContain('Existing data');
  const user = await fetch(`http://127.0.0.1:${port}/api/get-full-user-parameters`, {
    headers: { authorization: `Bearer ${await login(port)}` },
  });
  expect(((await user.json()) as { lang_id: number }).lang_id).toBe(3);
}, 120_000);
