/**
 * In-browser Python (issue 25 item 4): Pyodide served from Lectio's own origin (web/build.mjs copies it to
 * assets/pyodide-<version>/). Prints the first load (empty cache), a cell's run time (median of 5) and the
 * second load from the browser's cache (a new page in the same browser context). Needs `npm run build`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import type { Bench } from './run';

const root = join(import.meta.dirname, '../..');
const version = (JSON.parse(readFileSync(join(root, 'node_modules/pyodide/package.json'), 'utf8')) as { version: string }).version;
const base = `/assets/pyodide-${version}/`;

/** Loads Pyodide in the page (as the worker does) and answers the milliseconds it took. */
const load = (page: Page) =>
  page.evaluate(async (indexURL) => {
    const t = performance.now();
    const mod = (await import(/* @vite-ignore */ `${indexURL}pyodide.mjs`)) as { loadPyodide(o: { indexURL: string }): Promise<{ runPythonAsync(c: string): Promise<unknown> }> };
    const py = await mod.loadPyodide({ indexURL });
    (window as unknown as { py: unknown }).py = py;
    return performance.now() - t;
  }, base);

const runCell = (page: Page, code: string) =>
  page.evaluate(async (c) => {
    const py = (window as unknown as { py: { runPythonAsync(c: string): Promise<unknown> } }).py;
    const t = performance.now();
    await py.runPythonAsync(c);
    return performance.now() - t;
  }, code);

export const pyodideBench: Bench = {
  name: 'pyodide',
  async run({ cloud }) {
    if (!existsSync(join(root, 'web/dist', base))) {
      console.log(`pyodide: web/dist${base} is missing; run \`npm run build\` first`);
      return;
    }
    const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
    try {
      const context = await browser.newContext();
      const first = await context.newPage();
      await first.goto(`${cloud.url}/`);
      const firstLoad = await load(first);
      const runs: number[] = [];
      for (let i = 0; i < 5; i++) runs.push(await runCell(first, 'squares = [x ** 2 for x in range(100_000)]\nprint(sum(squares))'));
      const hello: number[] = [];
      for (let i = 0; i < 5; i++) hello.push(await runCell(first, 'print(1 + 1)'));
      const second = await context.newPage();
      await second.goto(`${cloud.url}/`);
      const cachedLoad = await load(second);
      const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
      console.log(`pyodide ${version}: first load ${firstLoad.toFixed(0)} ms (empty cache)`);
      console.log(`pyodide: cell run 'print(1 + 1)' median ${median(hello).toFixed(1)} ms; a 100,000-square list comprehension median ${median(runs).toFixed(1)} ms`);
      console.log(`pyodide: second load ${cachedLoad.toFixed(0)} ms (browser cache, same context)`);
    } finally {
      await browser.close();
    }
  },
};
