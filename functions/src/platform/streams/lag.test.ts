/** The stream consumer reports its lag: how long ago the batch's oldest change was written. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { metrics } from '../http/metrics';
import { createStreamHandler } from './handler';

afterEach(() => vi.restoreAllMocks());

describe('stream lag', () => {
  it('is the age of the oldest record of the batch, in milliseconds', async () => {
    // Prepare
    const recorded: Record<string, number> = {};
    vi.spyOn(metrics, 'singleMetric').mockImplementation(
      () => ({ addDimension: () => undefined, addMetric: (name: string, _unit: unknown, value: number) => void (recorded[name] = value) }) as never,
    );
    const now = Date.now();
    const record = (createdSeconds: number) => ({
      eventName: 'INSERT' as const,
      dynamodb: { ApproximateCreationDateTime: createdSeconds, NewImage: { pk: { S: 'X' }, sk: { S: 'Y' }, type: { S: 'other' } }, SequenceNumber: '1' },
    });
    const { handler } = createStreamHandler([]);

    // Act
    await handler({ Records: [record(Math.floor(now / 1000) - 2), record(Math.floor(now / 1000) - 5)] } as DynamoDBStreamEvent);

    // Assess
    expect(recorded.StreamLag).toBeGreaterThanOrEqual(5000);
    expect(recorded.StreamLag).toBeLessThan(7000);
  });
});
