/** The schedules Lambda through middy: a bad input is logged, counted and thrown again (EventBridge retries). */
import { describe, expect, it, vi } from 'vitest';
import { logger } from '../http/logger';
import { handler } from './handler';

describe('schedules handler', () => {
  it('throws again what fails, after logging it with the schedule named', async () => {
    const logged = vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    await expect(handler({ schedule: 'no-such-schedule' }, {} as never)).rejects.toThrow('unknown schedule no-such-schedule');
    await expect(handler({ job: { kind: 7, id: 'x' } }, {} as never)).rejects.toThrow('a one-time job needs a kind and an id');
    expect(logged.mock.calls.map(([message, extra]) => [message, (extra as { schedule: string }).schedule])).toEqual([
      ['schedule failed', 'no-such-schedule'],
      ['schedule failed', 'job 7'],
    ]);
    logged.mockRestore();
  });
});
