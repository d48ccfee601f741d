import { describe, expect, it } from 'vitest';
import { rateMillis, schedules } from '../schedules/catalogue';

describe('schedule catalogue', () => {
  it('uses rate expressions the local scheduler understands', () => {
    for (const s of schedules) expect(rateMillis(s.expression)).toBeGreaterThan(0);
    expect(rateMillis('rate(10 minutes)')).toBe(600_000);
    expect(() => rateMillis('cron(0 * * * ? *)')).toThrow();
  });
});

describe('local stream poller', () => {
  it('restores empty maps that the Streams SDK client drops, as Lambda would receive them', async () => {
    const { lambdaImage } = await import('../local/stream-poller');
    expect(lambdaImage({ a: {}, b: { M: { c: {} } }, d: { L: [{}] }, e: { S: 'x' } })).toEqual({
      a: { M: {} },
      b: { M: { c: { M: {} } } },
      d: { L: [{ M: {} }] },
      e: { S: 'x' },
    });
  });
});
