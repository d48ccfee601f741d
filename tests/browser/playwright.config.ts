/**
 * Browser tests: Playwright driving Debian's Chromium against a local cloud started for the run
 * (own DATA_DIR and port, demo content). Screenshots land in tests/artifacts/.
 */
import { defineConfig } from '@playwright/test';

const port = Number(process.env.BROWSER_TEST_PORT ?? 3123);

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  outputDir: '../artifacts/playwright',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  globalSetup: './global-setup.ts',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
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
  webServer: {
    command: `node ${JSON.stringify(new URL('./serve.mjs', import.meta.url).pathname)}`,
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    // The first start seeds and projects the demo data (every domain adds some); the machine is shared.
    timeout: 600_000,
    env: { PORT: String(port) },
    stdout: 'pipe',
  },
});
