/** The countdown never shows more time than the server gave (issue 22 item 2: the server's clock). */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import { wsClient, type TopicHandler } from '@/lib/ws-client';
import { useCountdown } from './use-countdown';

afterEach(() => {
  vi.useRealTimers();
});

let subscribe: { mockRestore: () => void } | undefined;
afterEach(() => subscribe?.mockRestore());

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>
);

describe('useCountdown', () => {
  it('measures a fresh answer from when it arrived, not from the last tick before it', () => {
    // Prepare: the hook ticks at local 1,000; an answer that arrived at 1,200 says 450 s are left
    vi.useFakeTimers({ now: 1_000 });
    const input = { compId: 1, userCompId: 1, running: true, onClosed: vi.fn(), onZero: vi.fn() };
    const { result, rerender } = renderHook(
      (props: { deadline: number; serverNow: number; receivedAt: number }) => useCountdown({ ...input, ...props }),
      {
        initialProps: { deadline: 10_000_000, serverNow: 10_000_000, receivedAt: 1_000 },
        wrapper,
      },
    );
    expect(result.current.remainingMs).toBe(0);

    // Act: the new answer arrives before the next tick
    rerender({ deadline: 10_450_000, serverNow: 10_000_000, receivedAt: 1_200 });

    // Assess: 450 s at most, as the server said; then it counts down with the ticks (800 ms after the answer at 2,000)
    expect(result.current.remainingMs).toBe(450_000);
    act(() => vi.advanceTimersByTime(1_000));
    expect(result.current.remainingMs).toBe(449_200);
  });

  it('a sync held while the network was down does not move the deadline later', () => {
    // Prepare: at local 1,000 the attempt's answer says 60 s are left (server now 10,000,000); the pushed syncs are caught
    vi.useFakeTimers({ now: 1_000 });
    let push: TopicHandler = () => undefined;
    subscribe = vi.spyOn(wsClient, 'subscribe').mockImplementation((_topic, handler) => {
      push = handler;
      return () => undefined;
    });
    const { result } = renderHook(
      () =>
        useCountdown({
          compId: 7,
          userCompId: 1,
          running: true,
          onClosed: vi.fn(),
          onZero: vi.fn(),
          deadline: 10_060_000,
          serverNow: 10_000_000,
          receivedAt: 1_000,
        }),
      { wrapper },
    );
    expect(result.current.remainingMs).toBe(60_000);

    // Act: 20 s offline; the sync the server pushed at its 10,005,000 arrives only when the network is back
    act(() => vi.advanceTimersByTime(20_000));
    act(() =>
      push({
        type: 'competition.countdown',
        topic: 'competition:7',
        competitionId: 7,
        deadline: 10_060_000,
        serverNow: 10_005_000,
      } as never),
    );

    // Assess: 40 s are left, as on the server, not the 55 s the late sync read on arrival
    expect(result.current.remainingMs).toBe(40_000);

    // A fresh sync still moves the deadline (the teacher gave 30 s more)
    act(() =>
      push({
        type: 'competition.countdown',
        topic: 'competition:7',
        competitionId: 7,
        deadline: 10_090_000,
        serverNow: 10_020_000,
      } as never),
    );
    expect(result.current.remainingMs).toBe(70_000);
  });
});
