/**
 * The server's clock in the browser (ARCHITECTURE §5: server time is the authority): the offset
 * kept by the WebSocket client from `pong.serverNow`, corrected by half the round trip and
 * refreshed on every reconnect and sync. Countdowns read `now()` instead of `Date.now()`, so a
 * wrong local clock does not move a deadline.
 */
import { useCallback, useSyncExternalStore } from 'react';
import { wsClient, type WsClient } from './ws-client';

export interface ServerClock {
  /** Server time minus local time (ms); 0 until the first pong. */
  offsetMs: number;
  /** Whether a pong has set the offset. */
  synced: boolean;
  /** The server's current time (epoch ms). */
  now: () => number;
}

export function useServerClock(client: WsClient = wsClient): ServerClock {
  const subscribe = useCallback((notify: () => void) => client.watchClock(notify), [client]);
  const offset = useSyncExternalStore(subscribe, () => client.clockOffset);
  const offsetMs = offset ?? 0;
  const now = useCallback(() => Date.now() + offsetMs, [offsetMs]);
  return { offsetMs, synced: offset !== null, now };
}
