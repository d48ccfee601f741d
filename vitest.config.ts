import { defineConfig } from 'vitest/config';

// The AWS SDK warns about Node 20 on every client; the Lambdas themselves run on Node 22.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

/** One runner for every package; integration tests share one DynamoDB Local (global set-up). */
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'shared', include: ['shared/**/*.test.ts', 'events/**/*.test.ts'] } },
      {
        test: {
          name: 'functions',
          include: ['functions/**/*.test.ts'],
          env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', LOG_LEVEL: 'SILENT', POWERTOOLS_METRICS_DISABLED: 'true' },
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          globalSetup: ['tests/integration/global-setup.ts'],
          testTimeout: 60_000,
          // A demo cloud (seed and projections) beside the other worker's clouds on one DynamoDB Local and 2 cores: minutes.
          hookTimeout: 300_000,
          env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', LOG_LEVEL: 'SILENT', STRICT_RESPONSES: '1', POWERTOOLS_METRICS_DISABLED: 'true' },
        },
      },
      { test: { name: 'lint', include: ['tests/lint/**/*.test.ts'], testTimeout: 60_000 } },
      // web (jsdom) and infra (CDK assertions) keep their own configs
      '{web,infra}/vitest.config.ts',
    ],
  },
});
