import { describe, expect, it, vi } from 'vitest';
import { TtlCache } from './cache';

describe('TtlCache', () => {
  it('shares one load between readers, keeps it for the ttl and loads again after', async () => {
    vi.useFakeTimers();
    try {
      const cache = new TtlCache<number, string>(2000);
      const load = vi.fn(async () => 'task');
      expect(await Promise.all([cache.get(1, load), cache.get(1, load)])).toEqual(['task', 'task']);
      vi.advanceTimersByTime(1999);
      await cache.get(1, load);
      expect(load).toHaveBeenCalledTimes(1);
      vi.advanceTimersByTime(1);
      await cache.get(1, load);
      expect(load).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not keep a failed load, forgets on request and keeps at most max entries', async () => {
    const cache = new TtlCache<number, number>(60_000, 2);
    await expect(cache.get(1, async () => Promise.reject(new Error('Task not found.')))).rejects.toThrow('Task not found.');
    await Promise.resolve();
    expect(await cache.get(1, async () => 1)).toBe(1);
    cache.forget(1);
    expect(await cache.get(1, async () => 2)).toBe(2);
    await cache.get(2, async () => 20);
    await cache.get(3, async () => 30);
    expect(await cache.get(1, async () => 3)).toBe(3); // 1 was the oldest and went
    expect(await cache.get(3, async () => 99)).toBe(30);
  });
});
