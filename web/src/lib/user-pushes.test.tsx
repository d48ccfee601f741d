import { describe, expect, it, vi } from 'vitest';
import { renderHook } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { ServerMessage } from '@lectio/events';
import { useUserPushes } from './user-pushes';
import { WsClient, type TopicHandler } from './ws-client';

describe('useUserPushes: features handle their own types on the one user topic', () => {
  it('subscribes user:{id} once and hands each push to the part that handles its type only', () => {
    // Prepare: a client whose subscriptions are recorded, two features' parts
    const client = new WsClient();
    const handlers = new Map<string, TopicHandler>();
    const subscribe = vi.spyOn(client, 'subscribe').mockImplementation((topic, handler) => {
      handlers.set(topic, handler);
      return () => handlers.delete(topic);
    });
    const onMessage = vi.fn();
    const onPerformance = vi.fn();
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>;
    const { rerender } = renderHook(
      ({ userId }: { userId: number | null }) =>
        useUserPushes(userId, [{ handlers: { 'message.new': onMessage }, refetchOnReconnect: [['messages']] }, { handlers: { 'performance.changed': onPerformance } }], client),
      { wrapper, initialProps: { userId: null as number | null } },
    );
    expect(subscribe).not.toHaveBeenCalled();

    // Act: a user logs in, pushes of both types and one nobody handles arrive
    rerender({ userId: 7 });
    const deliver = (message: ServerMessage) => handlers.get('user:7')!(message);
    deliver({ type: 'message.new', topic: 'user:7', message: { message_id: 3, title: 'Exam', message_type: 1, date: '2026-11-24' } });
    deliver({ type: 'performance.changed', topic: 'user:7', xp: 10, coins: 2 });
    deliver({ type: 'competition.closed', topic: 'user:7', competitionId: 1, serverNow: 0 } as ServerMessage);

    // Assess
    expect(subscribe).toHaveBeenCalledTimes(1);
    expect(onMessage).toHaveBeenCalledTimes(1);
    expect(onMessage.mock.lastCall![0]).toMatchObject({ type: 'message.new' });
    expect(onPerformance).toHaveBeenCalledTimes(1);
    expect(onPerformance.mock.lastCall![0]).toMatchObject({ type: 'performance.changed', xp: 10 });

    // Logging out unsubscribes.
    rerender({ userId: null });
    expect(handlers.has('user:7')).toBe(false);
  });
});
