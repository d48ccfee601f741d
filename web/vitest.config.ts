// Unit tests of the web client: jsdom, tests next to the code (src/**/*.test.ts and .tsx).
import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineConfig({
    root: decodeURIComponent(new URL('.', import.meta.url).pathname),
    test: {
      name: 'web',
      environment: 'jsdom',
      include: ['src/**/*.test.{ts,tsx}'],
      setupFiles: ['src/testing/setup.ts'],
      testTimeout: 30_000,
    },
  }),
);
