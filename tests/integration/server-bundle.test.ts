/**
 * `npm start` runs the server from an esbuild bundle (functions/start.mjs): every chunk of it links and
 * loads in plain node (a CommonJS package that tsx would tolerate but an ES module import does not shows
 * up here, not at the first request that loads its domain), and the publish pool's thread starts from it.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
// where npm start keeps it (its packages left outside the bundle resolve from the checkout's node_modules)
const dir = join(root, 'node_modules/.cache', `lectio-server-test-${process.pid}`);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const node = (script: string) =>
  execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root, encoding: 'utf8', timeout: 120_000, env: { ...process.env, LOG_LEVEL: 'SILENT' } });

it('builds a bundle whose every chunk loads in plain node, and whose publish worker starts', () => {
  node(`import { buildServerBundle } from './functions/start.mjs'; await buildServerBundle(${JSON.stringify(dir)});`);
  const chunks = readdirSync(dir).filter((f) => f.endsWith('.js') && f !== 'publish-worker.js');
  expect(chunks).toContain('local-main.js');
  expect(chunks.length).toBeGreaterThan(20);
  const loaded = node(`
    const failed = [];
    for (const f of ${JSON.stringify(chunks)}) {
      try { await import(${JSON.stringify(`${dir}/`)} + f); } catch (e) { failed.push(f + ': ' + e.message); }
    }
    const { Worker } = await import('node:worker_threads');
    const worker = new Worker(${JSON.stringify(join(dir, 'publish-worker.js'))}, { workerData: { transport: 'port' }, execArgv: [] });
    const first = await new Promise((resolve, reject) => { worker.once('message', resolve); worker.once('error', reject); });
    await worker.terminate();
    console.log(JSON.stringify({ failed, first }));
    process.exit(0);
  `);
  const { failed, first } = JSON.parse(loaded.trim().split('\n').at(-1)!) as { failed: string[]; first: unknown };
  expect(failed).toEqual([]);
  expect(first).toEqual({ ready: true });
}, 180_000);
