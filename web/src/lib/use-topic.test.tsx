import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTopic, WsClient } from './ws-client';
import { FakeSocket } from '@/testing/fake-socket';
import { parseServerMessage } from '@/testing/ws-parse';

function setUp() {
  const sockets: FakeSocket[] = [];
  const client = new WsClient({ createSocket: () => sockets[sockets.push(new FakeSocket()) - 1]!, random: () => 0, baseDelayMs: 10, parse: parseServerMessage });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  return { client, sockets, queryClient, wrapper, latest: () => sockets[sockets.length - 1]! };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('useTopic: re-subscribe and refetch on reconnect', () => {
  it('after a drop re-subscribes the topic and refetches the queries its pushes update, not others', async () => {
    // Prepare: a shown message list (fetched once) and another query, the user topic subscribed
    const { client, wrapper, latest } = setUp();
    client.connect('ws://test');
    latest().opens();
    const fetchMessages = vi.fn(async () => ['hello']);
    const fetchCourses = vi.fn(async () => ['python']);
    const onMessage = vi.fn();
    renderHook(
      () => {
        useQuery({ queryKey: ['messages', 'list'], queryFn: fetchMessages });
        useQuery({ queryKey: ['courses'], queryFn: fetchCourses });
        useTopic('user:7', onMessage, { refetchOnReconnect: [['messages']], client });
      },
      { wrapper },
    );
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(fetchMessages).toHaveBeenCalledTimes(1);
    expect(latest().sent).toEqual([{ action: 'subscribe', topic: 'user:7' }]);

    // Act: the socket drops and the client reconnects after its back-off
    act(() => latest().drops());
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10);
    });
    act(() => latest().opens());
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });

    // Assess: subscribed again on the new socket, the messages fetched again, the courses not
    expect(latest().sent).toEqual([{ action: 'subscribe', topic: 'user:7' }]);
    expect(fetchMessages).toHaveBeenCalledTimes(2);
    expect(fetchCourses).toHaveBeenCalledTimes(1);
    // And pushes reach the handler on the new socket.
    act(() => latest().pushes({ type: 'performance.changed', topic: 'user:7', xp: 10, coins: 2 }));
    expect(onMessage).toHaveBeenCalledWith({ type: 'performance.changed', topic: 'user:7', xp: 10, coins: 2 });
  });

  it('refetches nothing on the first open, after logout and login, or once unmounted', async () => {
    // Prepare
    const { client, wrapper, latest } = setUp();
    const fetchMessages = vi.fn(async () => []);
    const { unmount } = renderHook(
      () => {
        useQuery({ queryKey: ['messages'], queryFn: fetchMessages });
        useTopic('user:7', () => {}, { refetchOnReconnect: [['messages']], client });
      },
      { wrapper },
    );
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    // Act: first connection, then logout and a new login
    client.connect('ws://test?token=a');
    act(() => latest().opens());
    client.close();
    client.connect('ws://test?token=b');
    act(() => latest().opens());
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    // Assess
    expect(fetchMessages).toHaveBeenCalledTimes(1);
    // Once unmounted a reconnect is not watched any more.
    unmount();
    act(() => latest().drops());
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10);
    });
    act(() => latest().opens());
    expect(latest().sent).toEqual([]);
  });
});
