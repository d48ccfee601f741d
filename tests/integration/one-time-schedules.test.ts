/**
 * One-time jobs on the local cloud (issue 19): a job fires within a second of its instant with no client
 * connected, a cancelled one never does, a moved one fires once at its new instant, two runners never run
 * it twice, and one that came due while the local cloud was stopped fires within 5 s of the restart.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startLocalCloud, type LocalCloud } from '../../functions/src/app/cloud';

// loaded once the local cloud has set the table's endpoint (the table client is made at load)
let jobs: typeof import('../../functions/src/platform/schedules/one-time');
const fired: Array<{ id: string; at: number; payload: unknown }> = [];

let cloud: LocalCloud;
const dataDir = mkdtempSync(join(tmpdir(), 'lectio-one-time-'));
const start = (tableName?: string) =>
  startLocalCloud({ dataDir, port: 0, seed: 'none', dynamoEndpoint: inject('dynamoEndpoint'), tableName: tableName ?? `t${process.pid}_${Date.now()}_jobs` });

/** Waits until `id` fired (or `ms` passed); answers its record. */
async function firedJob(id: string, ms: number) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const f = fired.find((x) => x.id === id);
    if (f) return f;
    await new Promise((r) => setTimeout(r, 20));
  }
  return undefined;
}

beforeAll(async () => {
  cloud = await start();
  jobs = await import('../../functions/src/platform/schedules/one-time');
  jobs.registerOneTimeJob('test-ping', async (id, payload) => void fired.push({ id, at: Date.now(), payload }));
}, 90_000);
afterAll(() => cloud?.stop());

describe('one-time jobs on the local cloud', { timeout: 30_000 }, () => {
  it('fires within a second of its instant, with its payload, once', async () => {
    const due = Date.now() + 1500;
    await jobs.scheduleAt('test-ping', 'soon', due, { attempt: 7 });
    const f = await firedJob('soon', 4000);
    expect(f).toBeDefined();
    expect(f!.payload).toEqual({ attempt: 7 });
    expect(f!.at).toBeGreaterThanOrEqual(due);
    expect(f!.at - due).toBeLessThan(1000);
    await new Promise((r) => setTimeout(r, 600));
    expect(fired.filter((x) => x.id === 'soon')).toHaveLength(1);
  });

  it('a cancelled job never fires; a moved one fires once, at its new instant', async () => {
    await jobs.scheduleAt('test-ping', 'cancelled', Date.now() + 500);
    await jobs.cancelSchedule('test-ping', 'cancelled');
    const first = Date.now() + 400;
    await jobs.scheduleAt('test-ping', 'moved', first);
    const later = Date.now() + 1800;
    await jobs.scheduleAt('test-ping', 'moved', later);
    const f = await firedJob('moved', 4000);
    expect(f!.at).toBeGreaterThanOrEqual(later);
    await new Promise((r) => setTimeout(r, 600));
    expect(fired.filter((x) => x.id === 'moved')).toHaveLength(1);
    expect(fired.find((x) => x.id === 'cancelled')).toBeUndefined();
  });

  it('two runners at once: the job runs once', async () => {
    const due = Date.now() + 60_000;
    await jobs.scheduleAt('test-ping', 'raced', due);
    const results = await Promise.all([jobs.runOneTimeJob('test-ping', 'raced', due), jobs.runOneTimeJob('test-ping', 'raced', due)]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(fired.filter((x) => x.id === 'raced')).toHaveLength(1);
    // not yet due: nobody runs it early
    await jobs.scheduleAt('test-ping', 'early', Date.now() + 60_000);
    expect(await jobs.runOneTimeJob('test-ping', 'early')).toBe(false);
    await jobs.cancelSchedule('test-ping', 'early');
  });

  it('a job that came due while the local cloud was stopped fires within 5 s of the restart', async () => {
    const tableName = cloud.tableName;
    await cloud.stop();
    await jobs.scheduleAt('test-ping', 'while-down', Date.now() + 300);
    await new Promise((r) => setTimeout(r, 1200));
    expect(fired.find((x) => x.id === 'while-down')).toBeUndefined();
    const restarted = Date.now();
    cloud = await start(tableName);
    const f = await firedJob('while-down', 5000);
    expect(f).toBeDefined();
    expect(f!.at - restarted).toBeLessThan(5000);
  });
});
