/**
 * Browser tests: Playwright driving Debian's Chromium against a local cloud started for the run
 * (own DATA_DIR and port, demo content). Screenshots land in tests/artifacts/.
 *
 * The whole suite (`npm run test:browser`, BROWSER_TEST_SPLIT=1) runs in two lanes at once, each with a
 * cloud of its own (port and port + 50): the authoring chain (specs whose author's work a later learner
 * spec plays) in one, the rest in the other, each lane's specs one after the other in file order as
 * before. The attention tests' reaction timing runs last, alone. A single spec runs on one cloud.
 */
import { defineConfig, type PlaywrightTestConfig } from '@playwright/test';

const port = Number(process.env.BROWSER_TEST_PORT ?? 3123);
const split = process.env.BROWSER_TEST_SPLIT === '1';
const secondPort = port + 50;
const urlOf = (p: number) => `http://127.0.0.1:${p}`;
/** Lane b: the authoring chain and other specs that work on courses' content. */
const laneB = new RegExp(
  `/(${['authoring', 'questions', 'programming', 'html-tasks', 'notebook', 'first-use', 'shell', 'polish', 'revisions', 'teaching'].join('|')})\\.spec\\.ts$`,
);
/** Measures reaction times to the millisecond: nothing else runs beside it. */
const timing = /Mackworth clock/;

type WebServer = Extract<NonNullable<PlaywrightTestConfig['webServer']>, { command: string }>;

const server = (p: number): WebServer => ({
  command: `node ${JSON.stringify(new URL('./serve.mjs', import.meta.url).pathname)}`,
  // healthy once the whole demo is written (its leaderboard learners come after `ready`)
  url: `${urlOf(p)}/api/health?demo=complete`,
  reuseExistingServer: false,
  // The first start seeds and projects the demo data (every domain adds some); the machine is shared.
  timeout: 600_000,
  env: { PORT: String(p) },
  stdout: 'pipe',
});

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  outputDir: '../artifacts/playwright',
  // Two lanes, each with a cloud and a browser, share two cores: a test that takes 50 s alone can take twice
  // that in CI (the personalisation test's full-page screenshot once ran out of a 60 s budget).
  timeout: 120_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: split ? 2 : 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  globalSetup: './global-setup.ts',
  use: {
    baseURL: urlOf(port),
    viewport: { width: 1280, height: 800 },
    screenshot: 'only-on-failure',
    trace: 'off',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-dev-shm-usage',
      ],
    },
  },
  ...(split
    ? {
        projects: [
          { name: 'lane-a', testIgnore: laneB, grepInvert: timing, workers: 1 },
          { name: 'lane-b', testMatch: laneB, workers: 1, use: { baseURL: urlOf(secondPort) } },
          { name: 'timing', testMatch: /\/tests\.spec\.ts$/, grep: timing, dependencies: ['lane-a', 'lane-b'] },
        ],
        webServer: [server(port), server(secondPort)],
      }
    : { webServer: server(port) }),
});
