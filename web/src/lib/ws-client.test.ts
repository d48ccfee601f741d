import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClientMessage } from '@lectio/events';
import { PARSER_DELAY_MS, socketUrl, WsClient, type SocketLike } from './ws-client';
import { parseServerMessage } from '@/testing/ws-parse';

/** A WebSocket double: the test opens, closes and feeds it. */
class FakeSocket implements SocketLike {
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: ClientMessage[] = [];
  closedWith: number | undefined;
  onopen: SocketLike['onopen'] = null;
  onclose: SocketLike['onclose'] = null;
  onerror: SocketLike['onerror'] = null;
  onmessage: SocketLike['onmessage'] = null;

  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data) as ClientMessage);
  }
  close(code?: number) {
    this.closedWith = code;
    this.readyState = 3;
  }
  serverOpens() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  serverDrops() {
    this.readyState = 3;
    this.onclose?.(new CloseEvent('close', { code: 1006 }));
  }
  serverSends(message: unknown) {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(message) }));
  }
}

const latest = () => FakeSocket.all[FakeSocket.all.length - 1]!;

function makeClient() {
  return new WsClient({
    createSocket: (url) => new FakeSocket(url),
    random: () => 0.5,
    baseDelayMs: 1_000,
    maxDelayMs: 30_000,
    pingIntervalMs: 5 * 60_000,
    parse: parseServerMessage,
  });
}

/** A connected client that loads the real catalogue itself, with what its `user:7` handler saw. */
function connectedWithCatalogue() {
  const client = new WsClient({ createSocket: (url) => new FakeSocket(url), random: () => 0.5 });
  const seen: unknown[] = [];
  client.subscribe('user:7', (message) => seen.push(message));
  client.connect('ws://x/ws');
  latest().serverOpens();
  return { client, seen };
}

beforeEach(() => {
  FakeSocket.all = [];
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('WsClient', () => {
  it('connects with the token in the URL and subscribes topics registered before the connection opened', () => {
    // Prepare
    const client = makeClient();
    client.subscribe('user:7', () => {});
    // Act
    client.connect(socketUrl('ws://127.0.0.1:3000/ws', 'tok en'));
    latest().serverOpens();
    // Assess
    expect(latest().url).toBe('ws://127.0.0.1:3000/ws?token=tok+en');
    expect(latest().sent).toEqual([{ action: 'subscribe', topic: 'user:7' }]);
  });

  it('reconnects after a drop with back-off and re-subscribes every topic', () => {
    const client = makeClient();
    client.connect('ws://x/ws?token=t');
    latest().serverOpens();
    client.subscribe('user:7', () => {});
    client.subscribe('competition:3', () => {});
    expect(latest().sent).toHaveLength(2);

    latest().serverDrops();
    // First retry: ceiling 1 s, half fixed + half jitter (random 0.5) = 750 ms.
    vi.advanceTimersByTime(749);
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(2);

    latest().serverOpens();
    expect(latest().sent).toEqual([
      { action: 'subscribe', topic: 'user:7' },
      { action: 'subscribe', topic: 'competition:3' },
    ]);
  });

  it('doubles the delay on every failed attempt, caps it at 30 s and resets after a successful open', () => {
    const client = makeClient();
    expect([0, 1, 2, 3, 4, 5, 6].map((n) => client.backoffDelay(n))).toEqual([750, 1_500, 3_000, 6_000, 12_000, 22_500, 22_500]);
    const jittered = new WsClient({ random: () => 0.999 });
    expect(jittered.backoffDelay(10)).toBeLessThanOrEqual(30_000);
    const noJitter = new WsClient({ random: () => 0 });
    expect(noJitter.backoffDelay(10)).toBe(15_000);

    client.connect('ws://x/ws');
    latest().serverDrops(); // never opened: attempt 0 → 750 ms
    vi.advanceTimersByTime(750);
    latest().serverDrops(); // attempt 1 → 1 500 ms
    vi.advanceTimersByTime(1_499);
    expect(FakeSocket.all).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(3);

    latest().serverOpens(); // success resets the back-off
    latest().serverDrops();
    vi.advanceTimersByTime(750);
    expect(FakeSocket.all).toHaveLength(4);
  });

  it('does not reconnect after close() (logout)', () => {
    const client = makeClient();
    client.connect('ws://x/ws');
    const socket = latest();
    socket.serverOpens();
    client.close();
    expect(socket.closedWith).toBe(1000);
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);
  });

  it('dispatches valid messages to the handlers of their topic and ignores the rest', () => {
    const client = makeClient();
    const onUser = vi.fn();
    const onOther = vi.fn();
    client.subscribe('user:7', onUser);
    client.subscribe('user:8', onOther);
    client.connect('ws://x/ws');
    latest().serverOpens();

    latest().serverSends({ type: 'performance.changed', topic: 'user:7', xp: 1200, coins: 5 });
    latest().serverSends({ type: 'performance.changed', topic: 'user:7', xp: 'lots' });
    latest().serverSends({ type: 'pong', serverNow: 1 });
    latest().onmessage?.(new MessageEvent('message', { data: 'not json' }));

    expect(onUser).toHaveBeenCalledTimes(1);
    expect(onUser).toHaveBeenCalledWith({ type: 'performance.changed', topic: 'user:7', xp: 1200, coins: 5 });
    expect(onOther).not.toHaveBeenCalled();
  });

  it('by default loads the catalogue a moment after the first connection; messages that came before it wait, in order', async () => {
    const { client, seen } = connectedWithCatalogue();
    latest().serverSends({ type: 'performance.changed', topic: 'user:7', xp: 1, coins: 1 });
    latest().serverSends({ type: 'performance.changed', topic: 'user:7', xp: 'lots' });
    latest().serverSends({ type: 'performance.changed', topic: 'user:7', xp: 2, coins: 2 });
    expect(seen).toEqual([]);
    // Not asked for before the delay: the first screen has the network to itself.
    await vi.advanceTimersByTimeAsync(PARSER_DELAY_MS - 10);
    await vi.dynamicImportSettled();
    expect(seen).toEqual([]);
    await vi.advanceTimersByTimeAsync(10);
    await vi.dynamicImportSettled();
    await vi.waitFor(() => expect(seen).toHaveLength(2));
    expect(seen).toEqual([
      { type: 'performance.changed', topic: 'user:7', xp: 1, coins: 1 },
      { type: 'performance.changed', topic: 'user:7', xp: 2, coins: 2 },
    ]);
    latest().serverSends({ type: 'performance.changed', topic: 'user:7', xp: 3, coins: 3 });
    expect(seen).toHaveLength(3);
    client.close();
  });

  it('loads the catalogue at the first press when that comes before the delay', async () => {
    const { client, seen } = connectedWithCatalogue();
    latest().serverSends({ type: 'performance.changed', topic: 'user:7', xp: 1, coins: 1 });
    await vi.advanceTimersByTimeAsync(100);
    await vi.dynamicImportSettled();
    expect(seen).toEqual([]);
    window.dispatchEvent(new Event('pointerdown'));
    await vi.dynamicImportSettled();
    await vi.waitFor(() => expect(seen).toEqual([{ type: 'performance.changed', topic: 'user:7', xp: 1, coins: 1 }]));
    client.close();
  });

  it('unsubscribes when the last handler of a topic goes', () => {
    const client = makeClient();
    client.connect('ws://x/ws');
    latest().serverOpens();
    const first = client.subscribe('user:7', () => {});
    const second = client.subscribe('user:7', () => {});
    first();
    expect(latest().sent).toEqual([{ action: 'subscribe', topic: 'user:7' }]);
    second();
    expect(latest().sent).toEqual([
      { action: 'subscribe', topic: 'user:7' },
      { action: 'unsubscribe', topic: 'user:7' },
    ]);

    // A dropped topic is not re-subscribed after a reconnect.
    latest().serverDrops();
    vi.advanceTimersByTime(750);
    latest().serverOpens();
    expect(latest().sent).toEqual([]);
  });

  it('pings every five minutes while open', () => {
    const client = makeClient();
    client.connect('ws://x/ws');
    latest().serverOpens();
    vi.advanceTimersByTime(5 * 60_000 - 1);
    expect(latest().sent).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(latest().sent).toEqual([{ action: 'ping' }]);
    vi.advanceTimersByTime(5 * 60_000);
    expect(latest().sent).toHaveLength(2);
    latest().serverDrops();
    vi.advanceTimersByTime(10 * 60_000);
    // The old socket got no more pings after it dropped.
    expect(FakeSocket.all[0]!.sent).toHaveLength(2);
  });
});
