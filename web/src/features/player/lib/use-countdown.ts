/**
 * The competition countdown on the server's clock (spec/3 §4, §9; issue 22 item 2). The bar shows
 * the deadline minus now, where the deadline is placed on this machine's clock from a server
 * `sync { deadline, serverNow }` (the attempt's answer, `competition:{id}` on every (re)connect, the
 * `competition.sync` asked every 30 s, or POST /get-synchro without a socket), so a clock minutes
 * wrong shows the server's time. At 10 s left and on every sync the open code is saved; at zero the
 * attempt is finished (the server closes it anyway).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  bestOffset,
  COUNTDOWN_SYNC_MS,
  crossesSavePoint,
  offsetReading,
  recentReadings,
  type OffsetReading,
} from '@lectio/shared';
import { topics, type Topic } from '@lectio/events/topics';
import { useTopic, wsClient } from '@/lib/ws-client';
import { synchro } from '../api/competition';

export interface CountdownInput {
  compId: number;
  userCompId: number;
  /** The attempt's deadline and the server's now of the answer, and when it arrived (local ms). */
  deadline: number;
  serverNow: number;
  receivedAt: number;
  running: boolean;
  /** The competition closed (the teacher, or the server): the screen goes to the result. */
  onClosed: () => void;
  /** The time ran out on this screen. */
  onZero: () => void;
  /**
   * Another timed attempt on the same machinery (a revision): its topic (whose messages carry its id
   * as `competitionId`), how to ask a sync over the socket (false: not possible, HTTP is used) and
   * over HTTP. By default the competition's.
   */
  source?: {
    topic: Topic;
    socketSync: () => boolean;
    httpSync: () => Promise<{ finished: boolean; deadline: number; serverNow: number }>;
  };
}

export interface Countdown {
  /** Milliseconds left (never below 0). */
  remainingMs: number;
  /** Changes at 10 s left and on every sync: the open code is saved. */
  saveSignal: number;
}

export function useCountdown({
  compId,
  userCompId,
  deadline,
  serverNow,
  receivedAt,
  running,
  onClosed,
  onZero,
  source,
}: CountdownInput): Countdown {
  // The latest sync's deadline wins: the attempt's answer (refetched after answers) or a pushed / asked sync.
  // It is placed on this machine's clock with the best recent offset reading, not the latest one: a sync
  // held while the network was down arrives late and would place the deadline late by as much.
  const [pushed, setPushed] = useState<{ deadline: number; at: number; readings: OffsetReading[] } | null>(null);
  const answer = offsetReading({ serverNow }, receivedAt);
  const latest = pushed && pushed.at > receivedAt ? pushed : { deadline, at: receivedAt };
  const localEnd = latest.deadline - bestOffset([...(pushed?.readings ?? []), answer]);
  const [now, setNow] = useState(() => Date.now());
  const [saveSignal, setSaveSignal] = useState(0);
  const lastSeconds = useRef(Infinity);
  const zeroed = useRef(false);
  const handlers = useRef({ onClosed, onZero, source });
  useEffect(() => {
    handlers.current = { onClosed, onZero, source };
  });

  const synced = useCallback((sync: { deadline: number; serverNow: number }) => {
    const at = Date.now();
    const reading = offsetReading(sync, at);
    setPushed((before) => ({ deadline: sync.deadline, at, readings: recentReadings([...(before?.readings ?? []), reading]) }));
    setSaveSignal((n) => n + 1);
  }, []);

  const topic = source?.topic ?? topics.competition(compId);
  useTopic(running ? topic : null, (message) => {
    if (message.type === 'competition.countdown' && message.competitionId === compId) synced(message);
    else if (message.type === 'competition.closed' && message.competitionId === compId) handlers.current.onClosed();
  });

  // every 30 s: over the socket when it is open, else over HTTP
  useEffect(() => {
    if (!running) return undefined;
    const timer = setInterval(() => {
      const own = handlers.current.source;
      if (own ? own.socketSync() : wsClient.competitionSync(compId)) return;
      const asked = own
        ? own.httpSync()
        : synchro(userCompId).then((r) => ({ finished: r.status === 'finished', deadline: r.deadline, serverNow: r.server_now }));
      asked.then((r) => (r.finished ? handlers.current.onClosed() : synced(r))).catch(() => undefined);
    }, COUNTDOWN_SYNC_MS);
    return () => clearInterval(timer);
  }, [running, compId, userCompId, synced]);

  // a tick: four times a second, so the shown second changes on time
  useEffect(() => {
    if (!running) return undefined;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [running]);

  // Now is never before the latest sync arrived: measured against a tick up to 250 ms older, a fresh answer
  // showed more time than the server gave (CI saw 450,031 ms left of a 450 s revision).
  const remainingMs = Math.max(0, localEnd - Math.max(now, latest.at));
  const seconds = Math.ceil(remainingMs / 1000);
  useEffect(() => {
    if (!running) return;
    if (crossesSavePoint(lastSeconds.current, seconds)) setSaveSignal((n) => n + 1);
    lastSeconds.current = seconds;
    if (remainingMs === 0 && !zeroed.current) {
      zeroed.current = true;
      handlers.current.onZero();
    }
  }, [running, seconds, remainingMs]);

  return { remainingMs, saveSignal };
}
