import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { WsClient } from './ws-client';
import { FakeSocket } from '@/testing/fake-socket';
import { parseServerMessage } from '@/testing/ws-parse';
import { useServerClock } from './use-server-clock';

function setUp() {
  const sockets: FakeSocket[] = [];
  let localNow = 1_000_000;
  const client = new WsClient({ createSocket: () => sockets[sockets.push(new FakeSocket()) - 1]!, now: () => localNow, random: () => 0, baseDelayMs: 10, parse: parseServerMessage });
  return { client, sockets, advance: (ms: number) => (localNow += ms), local: () => localNow };
}

describe('useServerClock', () => {
  it('takes the offset from pong.serverNow corrected by half the round trip', () => {
    // Prepare: the server is 5 minutes ahead, the round trip takes 200 ms
    const { client, sockets, advance, local } = setUp();
    client.connect('ws://test');
    sockets[0]!.opens();
    const { result } = renderHook(() => useServerClock(client));
    expect(result.current.synced).toBe(false);
    const id = sockets[0]!.lastPingId();
    expect(id).toMatch(/^clock-/);
    // Act: the server stamps its time half-way through the trip
    advance(100);
    const serverNow = local() + 300_000;
    advance(100);
    act(() => sockets[0]!.pong(id, serverNow));
    // Assess
    expect(result.current.synced).toBe(true);
    expect(result.current.offsetMs).toBe(300_000);
    client.close();
  });

  it('ignores pongs it did not ask for and refreshes on every reconnect and sync', async () => {
    // Prepare
    const { client, sockets, advance, local } = setUp();
    client.connect('ws://test');
    sockets[0]!.opens();
    const { result } = renderHook(() => useServerClock(client));
    act(() => sockets[0]!.pong(undefined, local() + 999_999));
    expect(result.current.synced).toBe(false);
    act(() => sockets[0]!.pong(sockets[0]!.lastPingId(), local() + 1_000));
    expect(result.current.offsetMs).toBe(1_000);
    // Act: the socket drops and comes back; then an explicit sync
    sockets[0]!.drops();
    await new Promise((resolve) => setTimeout(resolve, 30));
    sockets[1]!.opens();
    const afterReconnect = sockets[1]!.lastPingId();
    act(() => sockets[1]!.pong(afterReconnect, local() - 2_000));
    const offsetAfterReconnect = result.current.offsetMs;
    client.syncClock();
    advance(40);
    act(() => sockets[1]!.pong(sockets[1]!.lastPingId(), local() + 60_000 - 20));
    // Assess
    expect(afterReconnect).toMatch(/^clock-/);
    expect(offsetAfterReconnect).toBe(-2_000);
    expect(result.current.offsetMs).toBe(60_000);
    expect(result.current.now() - Date.now()).toBeGreaterThanOrEqual(59_990);
    client.close();
  });
});
