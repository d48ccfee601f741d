/**
 * Lighthouse, mobile profile (issue 20 item 22): performance, accessibility and best practices of /login,
 * the student's dashboard and the task player (a question task, and a programming task's figure beside
 * it), against a budget of 90 for performance, 100 for accessibility and 96 for best practices.
 *
 * Lighthouse is not a project dependency (nor run in CI): the bench uses the one it finds in
 * LIGHTHOUSE_PATH or /tmp/lh (`npm install --prefix /tmp/lh lighthouse`), with its puppeteer-core, and
 * Debian's chromium (CHROME_PATH, default /usr/bin/chromium); without one it says how to install it and
 * skips. It runs only when named: `npm run bench lighthouse`. The demo course is needed, so it starts a
 * local cloud of its own with the demo seed (or measures LIGHTHOUSE_URL, a running one with the demo
 * content). Each page is measured LIGHTHOUSE_RUNS times (default 3: the machine is shared and the simulated
 * figures scale the observed CPU time) and the run with the median performance score is printed.
 * LIGHTHOUSE_PAGES=login,dashboard,question,programming picks pages; LIGHTHOUSE_SAVE=<dir> keeps each report.
 * Needs `npm run build` (or WEB_ROOT, another built web app).
 *
 * The session is the web app's own: the access token in local storage (lib/storage.ts). For a signed-in
 * page the bench writes it there, clears the HTTP cache itself and runs Lighthouse without its storage
 * reset (which would log the user out); /login runs with the reset, as a first visit.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { startLocalCloud } from '../../functions/src/app/cloud';
import type { Bench } from './run';

const root = join(import.meta.dirname, '../..');
const budget = { performance: 90, accessibility: 100, bestPractices: 96 };

/** The directory holding lighthouse's package (and puppeteer-core beside it), or null. */
function findLighthouse(): string | null {
  for (const base of [process.env.LIGHTHOUSE_PATH, '/tmp/lh'].filter((p): p is string => Boolean(p))) {
    for (const modules of [join(base, 'node_modules'), join(base, '..')]) {
      if (existsSync(join(modules, 'lighthouse', 'core', 'index.js')) && existsSync(join(modules, 'puppeteer-core'))) return modules;
    }
  }
  return null;
}

interface Result {
  performance: number;
  accessibility: number;
  bestPractices: number;
  lcpMs: number;
  tbtMs: number;
  fcpMs: number;
  cls: number;
  kib: number;
}

interface LighthouseResult {
  lhr: {
    categories: Record<string, { score: number | null }>;
    audits: Record<string, { numericValue?: number }>;
    runtimeError?: { message: string };
  };
}
type RunLighthouse = (url: string, flags: Record<string, unknown>, config: undefined, page: unknown) => Promise<LighthouseResult | undefined>;
interface CdpSession {
  send(method: string, params?: Record<string, unknown>): Promise<unknown>;
  detach(): Promise<void>;
}
interface PuppeteerPage {
  goto(url: string, options?: Record<string, unknown>): Promise<unknown>;
  evaluate<T>(fn: (arg: T) => void, arg: T): Promise<void>;
  createCDPSession(): Promise<CdpSession>;
  close(): Promise<void>;
}
interface PuppeteerBrowser {
  newPage(): Promise<PuppeteerPage>;
  close(): Promise<void>;
}

/** The cloud measured: one of the bench's own, or LIGHTHOUSE_URL's. */
interface Target {
  url: string;
  stop: () => Promise<void>;
}

const score = (value: number | null | undefined) => Math.round((value ?? 0) * 100);

async function measure(run: RunLighthouse, browser: PuppeteerBrowser, url: string, token: string | null): Promise<Result> {
  const page = await browser.newPage();
  try {
    // The page's origin gets the session (or none); the HTTP cache is emptied as Lighthouse would.
    await page.goto(new URL('/favicon.svg', url).href);
    await page.evaluate((t) => {
      localStorage.clear();
      if (t) localStorage.setItem('token', t);
    }, token);
    const cdp = await page.createCDPSession();
    await cdp.send('Network.clearBrowserCache');
    await cdp.detach();
    const result = await run(
      url,
      {
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices'],
        disableStorageReset: token !== null,
      },
      undefined,
      page,
    );
    if (!result) throw new Error(`lighthouse gave no result for ${url}`);
    // LIGHTHOUSE_SAVE=<dir>: each run's report, to read what it found.
    if (process.env.LIGHTHOUSE_SAVE) mkdirSync(process.env.LIGHTHOUSE_SAVE, { recursive: true });
    if (process.env.LIGHTHOUSE_SAVE) writeFileSync(join(process.env.LIGHTHOUSE_SAVE, `${new URL(url).pathname.replace(/\W+/g, '_')}-${Date.now()}.json`), JSON.stringify(result.lhr));
    const { categories, audits, runtimeError } = result.lhr;
    if (runtimeError) throw new Error(`lighthouse: ${runtimeError.message}`);
    return {
      performance: score(categories.performance?.score),
      accessibility: score(categories.accessibility?.score),
      bestPractices: score(categories['best-practices']?.score),
      lcpMs: audits['largest-contentful-paint']?.numericValue ?? NaN,
      tbtMs: audits['total-blocking-time']?.numericValue ?? NaN,
      fcpMs: audits['first-contentful-paint']?.numericValue ?? NaN,
      cls: audits['cumulative-layout-shift']?.numericValue ?? NaN,
      kib: (audits['total-byte-weight']?.numericValue ?? NaN) / 1024,
    };
  } finally {
    await page.close();
  }
}

async function api<T>(cloud: Target, path: string, init: { token?: string; json?: unknown } = {}): Promise<T> {
  const res = await fetch(`${cloud.url}/api${path}`, {
    method: init.json === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  });
  if (!res.ok) throw new Error(`${path}: HTTP ${res.status}`);
  return (await res.json()) as T;
}

interface CoursePreview {
  info: { chapterlist: Array<{ chapter_id: number; lessons: Array<{ lesson_id: number; lesson: string }> }> };
}

interface Page {
  key: string;
  label: string;
  path: string;
  /** The student's access token, or null for an anonymous first visit. */
  token: string | null;
}

/** The demo course's player pages: a lesson opening on a question task, and one of programming tasks. */
async function playerPages(cloud: Target, token: string): Promise<Page[]> {
  const preview = await api<CoursePreview>(cloud, '/course-preview/1', { token });
  const pages: Page[] = [];
  for (const [key, label, lesson] of [
    ['question', 'task player (question task)', 'Numbers and strings'],
    ['programming', 'task player (programming task)', 'Programming tasks'],
  ] as const) {
    const chapter = preview.info.chapterlist.find((c) => c.lessons.some((l) => l.lesson === lesson));
    const found = chapter?.lessons.find((l) => l.lesson === lesson);
    if (chapter && found) pages.push({ key, label, path: `/chapter_content/${chapter.chapter_id}?lesson=${found.lesson_id}`, token });
    else console.log(`lighthouse: the demo lesson '${lesson}' is missing; ${label} skipped`);
  }
  return pages;
}

const median = (results: Result[]) => [...results].sort((a, b) => a.performance - b.performance)[Math.floor(results.length / 2)]!;

function line(label: string, r: Result, runs: Result[]): string {
  const verdict = [
    r.performance >= budget.performance ? 'performance within' : 'performance OVER',
    r.accessibility >= budget.accessibility ? 'a11y within' : 'a11y OVER',
    r.bestPractices >= budget.bestPractices ? 'BP within' : 'BP OVER',
  ].join(', ');
  return (
    `${label.padEnd(32)} ${String(r.performance).padStart(4)} ${`(${runs.map((x) => x.performance).join('/')})`.padStart(11)}` +
    ` ${(r.lcpMs / 1000).toFixed(1).padStart(6)} ${r.tbtMs.toFixed(0).padStart(6)} ${r.fcpMs.toFixed(0).padStart(6)} ${r.cls.toFixed(3).padStart(6)}` +
    ` ${r.kib.toFixed(0).padStart(6)} ${String(r.accessibility).padStart(5)} ${String(r.bestPractices).padStart(4)}  ${verdict}`
  );
}

async function lighthouseRun() {
  const modules = findLighthouse();
  if (!modules) {
    console.log('lighthouse: skipped, no Lighthouse found (LIGHTHOUSE_PATH or /tmp/lh). Install one outside the project: npm install --prefix /tmp/lh lighthouse');
    return;
  }
  if (!process.env.LIGHTHOUSE_URL && !existsSync(join(process.env.WEB_ROOT ?? join(root, 'web/dist'), 'index.html'))) {
    console.log('lighthouse: skipped, the web app is not built; run `npm run build` first');
    return;
  }
  const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
  const run = ((await import(pathToFileURL(join(modules, 'lighthouse', 'core', 'index.js')).href)) as { default: RunLighthouse }).default;
  const puppeteer = ((await import(pathToFileURL(join(modules, 'puppeteer-core', 'lib', 'esm', 'puppeteer', 'puppeteer-core.js')).href)) as {
    default: { launch(options: Record<string, unknown>): Promise<PuppeteerBrowser> };
  }).default;
  const version = (JSON.parse(readFileSync(join(modules, 'lighthouse', 'package.json'), 'utf8')) as { version: string }).version;
  const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));

  // LIGHTHOUSE_URL: a running local cloud with the demo content (e.g. `npm start` on another port) instead of one of its own.
  const given = process.env.LIGHTHOUSE_URL?.replace(/\/+$/, '');
  const dataDir = given ? null : mkdtempSync(join(tmpdir(), 'lectio-lighthouse-'));
  const cloud: Target = dataDir ? await startLocalCloud({ dataDir, port: 0, seed: 'demo', dynamoInMemory: true }) : { url: given!, stop: async () => undefined };
  const browser = await puppeteer.launch({ executablePath: chromePath, headless: true, args: ['--headless=new', '--no-sandbox'] });
  try {
    const { clientSecret } = (await (await fetch(`${cloud.url}/config.json`)).json()) as { clientSecret: string };
    const { access_token: token } = await api<{ access_token: string }>(cloud, '/oauth/token', {
      json: { grant_type: 'password', client_id: 2, client_secret: clientSecret, username: 'student@example.com', password: 'student-demo' },
    });
    const pages: Page[] = [
      { key: 'login', label: '/login', path: '/login', token: null },
      { key: 'dashboard', label: 'dashboard (student)', path: '/dashboard', token },
      ...(await playerPages(cloud, token)),
    ];
    // LIGHTHOUSE_PAGES=login,dashboard,question,programming: only those (default: all four).
    const only = process.env.LIGHTHOUSE_PAGES?.split(',');
    console.log(`Lighthouse ${version}, mobile profile (simulated slow 4G, 4x CPU), ${chromePath}; median of ${runs} run(s)`);
    console.log(
      `${'page'.padEnd(32)} ${'perf'.padStart(4)} ${'(runs)'.padStart(11)} ${'LCP s'.padStart(6)} ${'TBT ms'.padStart(6)} ${'FCP ms'.padStart(6)} ${'CLS'.padStart(6)} ${'KiB'.padStart(6)} ${'a11y'.padStart(5)} ${'BP'.padStart(4)}  budget (perf ≥ ${budget.performance}, a11y ${budget.accessibility}, BP ≥ ${budget.bestPractices})`,
    );
    for (const page of pages.filter((p) => !only || only.includes(p.key))) {
      const results: Result[] = [];
      for (let i = 0; i < runs; i++) results.push(await measure(run, browser, `${cloud.url}${page.path}`, page.token));
      console.log(line(page.label, median(results), results));
    }
  } finally {
    await browser.close();
    await cloud.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

export const lighthouseBench: Bench = { name: 'lighthouse', run: () => lighthouseRun(), standalone: true, onlyWhenNamed: true };
