/** The countdown never shows more time than the server gave (issue 22 item 2: the server's clock). */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import { useCountdown } from './use-countdown';

afterEach(() => {
  vi.useRealTimers();
});

describe('useCountdown', () => {
  it('measures a fresh answer from when it arrived, not from the last tick before it', () => {
    // Prepare: the hook ticks at local 1,000; an answer that arrived at 1,200 says 450 s are left
    vi.useFakeTimers({ now: 1_000 });
    const input = { compId: 1, userCompId: 1, running: true, onClosed: vi.fn(), onZero: vi.fn() };
    const { result, rerender } = renderHook((props: { deadline: number; serverNow: number; receivedAt: number }) => useCountdown({ ...input, ...props }), {
      initialProps: { deadline: 10_000_000, serverNow: 10_000_000, receivedAt: 1_000 },
      wrapper: ({ children }: { children: ReactNode }) => <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>,
    });
    expect(result.current.remainingMs).toBe(0);

    // Act: the new answer arrives before the next tick
    rerender({ deadline: 10_450_000, serverNow: 10_000_000, receivedAt: 1_200 });

    // Assess: 450 s at most, as the server said; then it counts down with the ticks (800 ms after the answer at 2,000)
    expect(result.current.remainingMs).toBe(450_000);
    act(() => vi.advanceTimersByTime(1_000));
    expect(result.current.remainingMs).toBe(449_200);
  });
});
