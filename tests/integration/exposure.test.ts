/**
 * What the local cloud exposes (issue 8, items 4 and 5): no port of it or of its children
 * (DynamoDB Local) listens beyond loopback; `/_local/*` and `/_ws/*` refuse other hosts, foreign
 * origins and simple cross-site posts; a non-loopback HOST needs ALLOW_REMOTE=1, and then the
 * local-only endpoints still answer loopback peers only.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, readlinkSync } from 'node:fs';
import { request } from 'node:http';
import { networkInterfaces, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { freePort } from '../../functions/src/platform/local/dynamo-local';
import { startLocalCloud } from '../../functions/src/app/cloud';

const root = resolve(import.meta.dirname, '../..');
let child: ChildProcess | undefined;
let port = 0;
let output = '';

beforeAll(async () => {
  port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'lectio-exposure-'));
  child = spawn(process.execPath, ['--import', 'tsx', 'functions/src/app/local.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, SEED: 'none', HOST: '', ALLOW_REMOTE: '' },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const deadline = Date.now() + 90_000;
  for (;;) {
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.status === 200, () => false);
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`local cloud did not start: ${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }
});

afterAll(() => {
  if (child?.pid) {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      /* gone */
    }
  }
});

/** The process and all its descendants (from /proc). */
function processTree(rootPid: number): number[] {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(Number(entry), ppid);
    } catch {
      /* exited meanwhile */
    }
  }
  const tree = new Set([rootPid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [pid, ppid] of parents) {
      if (!tree.has(pid) && tree.has(ppid)) {
        tree.add(pid);
        grew = true;
      }
    }
  }
  return [...tree];
}

/** Listening TCP sockets of the given processes: their local addresses. */
function listeningAddresses(pids: number[]): string[] {
  const inodes = new Set<string>();
  for (const pid of pids) {
    let fds: string[] = [];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      try {
        const m = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
        if (m) inodes.add(m[1]!);
      } catch {
        /* closed meanwhile */
      }
    }
  }
  const found: string[] = [];
  for (const [file, v6] of [
    ['/proc/net/tcp', false],
    ['/proc/net/tcp6', true],
  ] as const) {
    for (const line of readFileSync(file, 'utf8').split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/);
      if (cols.length < 10 || cols[3] !== '0A' || !inodes.has(cols[9]!)) continue;
      const [hex, portHex] = cols[1]!.split(':');
      found.push(`${v6 ? decodeV6(hex!) : decodeV4(hex!)}:${parseInt(portHex!, 16)}`);
    }
  }
  return found;
}

const decodeV4 = (hex: string) => hex.match(/../g)!.reverse().map((b) => parseInt(b, 16)).join('.');
function decodeV6(hex: string): string {
  const words = hex.match(/.{8}/g)!.map((w) => w.match(/../g)!.reverse().join(''));
  const full = words.join('').toLowerCase();
  if (full === '00000000000000000000000000000001') return '::1';
  if (full.startsWith('00000000000000000000ffff')) return `::ffff:${decodeV4(full.slice(24).match(/../g)!.reverse().join(''))}`;
  if (/^0+$/.test(full)) return '::';
  return full;
}
const loopback = (address: string) => /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+):\d+$/.test(address);

/** A raw request (fetch would not let us set Host). */
function raw(path: string, options: { method?: string; headers?: Record<string, string>; body?: string; host?: string } = {}) {
  return new Promise<number>((resolvePromise, reject) => {
    const req = request(
      { host: options.host ?? '127.0.0.1', port, path, method: options.method ?? 'GET', headers: { host: `127.0.0.1:${port}`, ...options.headers } },
      (res) => {
        res.resume();
        res.on('end', () => resolvePromise(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

describe('the default local cloud', () => {
  it('listens on loopback only: its HTTP server and DynamoDB Local', () => {
    const addresses = listeningAddresses(processTree(child!.pid!));
    // The HTTP server and DynamoDB Local (a java child) at least.
    expect(addresses.length).toBeGreaterThanOrEqual(2);
    expect(addresses.filter((a) => !loopback(a))).toEqual([]);
  });

  it('answers /_local and /_ws for loopback hosts only (DNS rebinding)', async () => {
    expect(await raw('/_local/outbox')).toBe(200);
    expect(await raw('/_local/outbox', { headers: { host: `localhost:${port}` } })).toBe(200);
    expect(await raw('/_local/outbox', { headers: { host: `rebind.attacker.example:${port}` } })).toBe(403);
    expect(await raw('/_ws/@connections/abc', { headers: { host: `rebind.attacker.example:${port}` } })).toBe(403);
    // The API itself is not local-only.
    expect(await raw('/api/health', { headers: { host: `lectio.example:${port}` } })).toBe(200);
  });

  it('refuses cross-site requests: foreign Origin, text/plain posts', async () => {
    const event = JSON.stringify({ detailType: 'MessageCreated', detail: { userId: 1, messageId: 1, title: 'x', messageType: 1, date: '2026-01-01 00:00:00' } });
    expect(await raw('/_local/domain-events', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: event })).toBe(403);
    expect(
      await raw('/_local/domain-events', { method: 'POST', headers: { 'content-type': 'application/json', origin: 'https://attacker.example' }, body: event }),
    ).toBe(403);
    expect(await raw('/_local/outbox', { headers: { origin: 'https://attacker.example' } })).toBe(403);
    expect(await raw('/_ws/@connections/abc', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'hi' })).toBe(403);
    // This machine's own JSON posts pass the guard.
    expect(await raw('/_local/domain-events', { method: 'POST', headers: { 'content-type': 'application/json' }, body: event })).toBe(200);
    expect(await raw('/_ws/@connections/abc', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).toBe(410);
  });
});

describe('HOST beyond loopback', () => {
  it('refuses to start on 0.0.0.0 without ALLOW_REMOTE=1', async () => {
    await expect(
      startLocalCloud({ dataDir: mkdtempSync(join(tmpdir(), 'lectio-remote-')), port: 0, host: '0.0.0.0', seed: 'none', dynamoEndpoint: inject('dynamoEndpoint') }),
    ).rejects.toThrow(/ALLOW_REMOTE=1/);
  });

  it('with ALLOW_REMOTE=1 the API answers the network, /_local and /_ws only loopback peers', async () => {
    const external = Object.values(networkInterfaces())
      .flat()
      .find((i) => i && i.family === 'IPv4' && !i.internal)?.address;
    const cloud = await startLocalCloud({
      dataDir: mkdtempSync(join(tmpdir(), 'lectio-remote-')),
      port: 0,
      host: '0.0.0.0',
      allowRemote: true,
      seed: 'none',
      dynamoEndpoint: inject('dynamoEndpoint'),
      tableName: `remote${Date.now()}`,
    });
    try {
      const at = (host: string, path: string, init?: RequestInit) => fetch(`http://${host}:${cloud.port}${path}`, init).then((r) => r.status);
      expect(await at('127.0.0.1', '/_local/outbox')).toBe(200);
      if (external) {
        // The same machine through its network address is a non-loopback peer.
        expect(await at(external, '/api/health')).toBe(200);
        expect(await at(external, '/_local/outbox')).toBe(403);
        expect(await at(external, '/_ws/@connections/abc', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).toBe(403);
      }
    } finally {
      await cloud.stop();
    }
  });
});
