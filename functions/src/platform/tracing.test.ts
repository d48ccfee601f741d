/** Tracing is on in Lambda only: there the SDK clients are wrapped and invocations traced; elsewhere no-ops. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

describe('tracing', () => {
  it('outside Lambda: no tracer, the client unchanged, a middleware that does nothing', async () => {
    vi.stubEnv('AWS_LAMBDA_FUNCTION_NAME', '');
    const { tracer, traced, tracingMiddleware } = await import('./tracing');
    const client = new DynamoDBClient({ region: 'eu-central-1' });
    const before = client.middlewareStack.identify().length;
    expect(tracer).toBeNull();
    expect(traced(client).middlewareStack.identify()).toHaveLength(before);
    expect(Object.keys(tracingMiddleware())).toEqual(['before']);
  });

  it('in Lambda: each call of a traced client becomes an X-Ray subsegment, and the handler is traced', async () => {
    vi.stubEnv('AWS_LAMBDA_FUNCTION_NAME', 'lectio-test');
    vi.stubEnv('AWS_EXECUTION_ENV', 'AWS_Lambda_nodejs22.x');
    const { tracer, traced, tracingMiddleware } = await import('./tracing');
    const client = new DynamoDBClient({ region: 'eu-central-1' });
    const before = client.middlewareStack.identify();
    traced(client);
    expect(tracer?.isTracingEnabled()).toBe(true);
    expect(client.middlewareStack.identify().filter((m) => !before.includes(m)).join(' ')).toMatch(/xray|XRay|aws-xray/i);
    expect(Object.keys(tracingMiddleware())).toEqual(expect.arrayContaining(['before', 'after', 'onError']));
  });
});
