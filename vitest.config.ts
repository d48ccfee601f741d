import { defineConfig } from 'vitest/config';

// The AWS SDK warns about Node 20 on every client; the Lambdas themselves run on Node 22.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

const integrationEnv = { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', LOG_LEVEL: 'SILENT', STRICT_RESPONSES: '1', POWERTOOLS_METRICS_DISABLED: 'true' };

/**
 * The sandbox's security tests measure limits (CPU time, memory, processes, wall clock): they run after
 * everything else, one file at a time, so a neighbour's load cannot move a limit or a timing.
 */
const alone = [
  'tests/integration/judge-escape*.test.ts',
  'tests/integration/judge-integrity.test.ts',
  'tests/integration/judge-sql-integrity.test.ts',
  'tests/integration/kernel-escape*.test.ts',
  'functions/src/judge/sandbox/security.test.ts',
];

/**
 * One runner for every package. Three files run at a time even on two cores (the default would be one):
 * an integration file's cloud has a DynamoDB Local of its own (tests/integration/helpers.ts), so files
 * do not queue on one JVM; the global set-up's DynamoDB Local serves the few files that start clouds
 * themselves. The sandbox's group follows alone.
 */
export default defineConfig({
  test: {
    maxWorkers: 3,
    projects: [
      { test: { name: 'shared', include: ['shared/**/*.test.ts', 'events/**/*.test.ts'] } },
      {
        test: {
          name: 'functions',
          include: ['functions/**/*.test.ts'],
          exclude: ['**/node_modules/**', ...alone],
          env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', LOG_LEVEL: 'SILENT', POWERTOOLS_METRICS_DISABLED: 'true' },
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          exclude: ['**/node_modules/**', ...alone],
          globalSetup: ['tests/integration/global-setup.ts'],
          testTimeout: 60_000,
          // A demo cloud (seed and projections) beside the other workers' clouds on one DynamoDB Local and 2 cores: minutes.
          hookTimeout: 300_000,
          env: integrationEnv,
        },
      },
      {
        test: {
          name: 'sandbox',
          include: alone,
          globalSetup: ['tests/integration/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 300_000,
          env: integrationEnv,
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
      { test: { name: 'lint', include: ['tests/lint/**/*.test.ts'], testTimeout: 60_000 } },
      // web (jsdom) and infra (CDK assertions) keep their own configs
      '{web,infra}/vitest.config.ts',
    ],
  },
});
