/**
 * The real-time channel: one WebSocket per logged-in session, topic subscriptions with handlers,
 * exponential back-off with jitter on reconnect (re-subscribing every topic), and a ping that keeps
 * the connection under API Gateway's idle timeout. Messages are validated with `@lectio/events`, whose
 * zod schemas are not part of the first screen (issue 20 item 22): they load a moment after the first
 * connection (PARSER_DELAY_MS, once the screen has had the network to itself) or at the user's first press,
 * whichever comes first; messages that arrive before they are loaded wait, in order.
 * While someone watches the server clock, a ping with an id is sent on every (re)connect and on
 * `syncClock()`; its pong's `serverNow`, corrected by half the round trip, gives the clock offset.
 * Pushes sent while the socket was down are lost, so `useTopic` can name the queries a topic's pushes
 * update: they are invalidated (refetched when shown) on every reconnect.
 */
import { useEffect, useRef } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { ClientMessage, ServerMessage, Topic } from '@lectio/events';

export type TopicHandler = (message: ServerMessage) => void;

/** A server message checked against the catalogue, or null when it is not one. */
export type ServerMessageParser = (json: unknown) => ServerMessage | null;

/** The catalogue's schema, loaded on first use. */
const loadCatalogueParser = (): Promise<ServerMessageParser> =>
  import('@lectio/events').then(({ serverMessage }) => (json: unknown) => {
    const parsed = serverMessage.safeParse(json);
    return parsed.success ? parsed.data : null;
  });

/**
 * How long after the first connection the catalogue loads when nothing asked for it sooner. On a phone its
 * ~14 KB (zod and the catalogue) and their evaluation, loaded with the connection, came before the first
 * screen's largest paint.
 */
export const PARSER_DELAY_MS = 2_000;

/** Messages kept while the schema loads; a socket flooding more than this before it is loaded loses the oldest. */
const MAX_WAITING_MESSAGES = 1_000;

/** The part of the WebSocket API the client uses; tests pass a fake. */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: Event) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
}

export interface WsClientOptions {
  createSocket?: (url: string) => SocketLike;
  /** Source of jitter in [0, 1). */
  random?: () => number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  pingIntervalMs?: number;
  /** The local clock (epoch ms); tests pass a fake. */
  now?: () => number;
  /** Checks a server message; by default the `@lectio/events` catalogue, loaded with the first connection. */
  parse?: ServerMessageParser;
}

export type ClockListener = (offsetMs: number) => void;
export type ReconnectListener = () => void;

const OPEN = 1;
const NORMAL_CLOSURE = 1000;

export class WsClient {
  private readonly createSocket: (url: string) => SocketLike;
  private readonly random: () => number;
  private readonly baseDelayMs: number;
  private readonly maxDelayMs: number;
  private readonly pingIntervalMs: number;

  private socket: SocketLike | null = null;
  private url: string | null = null;
  private attempt = 0;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private pingTimer: ReturnType<typeof setInterval> | null = null;
  private readonly handlers = new Map<Topic, Set<TopicHandler>>();
  private readonly now: () => number;
  private readonly clockListeners = new Set<ClockListener>();
  private clockPings = new Map<string, number>();
  private clockSeq = 0;
  private offset: number | null = null;
  private readonly reconnectListeners = new Set<ReconnectListener>();
  /** A socket of this connection has opened before: the next open is a reconnect. */
  private openedBefore = false;
  private parse: ServerMessageParser | null;
  private parserLoading: Promise<void> | null = null;
  private parserScheduled = false;
  /** Messages received before the parser was loaded, oldest first, with when each arrived (local ms). */
  private waiting: Array<{ json: unknown; arrivedAt: number }> = [];

  constructor(options: WsClientOptions = {}) {
    this.createSocket = options.createSocket ?? ((url) => new WebSocket(url) as SocketLike);
    this.random = options.random ?? Math.random;
    this.baseDelayMs = options.baseDelayMs ?? 1_000;
    this.maxDelayMs = options.maxDelayMs ?? 30_000;
    this.pingIntervalMs = options.pingIntervalMs ?? 5 * 60_000;
    this.now = options.now ?? Date.now;
    this.parse = options.parse ?? null;
  }

  /** Loads the catalogue's parser after PARSER_DELAY_MS or at the first press, whichever comes first. */
  private scheduleParser(): void {
    if (this.parse || this.parserLoading || this.parserScheduled) return;
    this.parserScheduled = true;
    const options = { once: true, capture: true, passive: true } as const;
    const load = () => {
      if (!this.parserScheduled) return;
      this.parserScheduled = false;
      clearTimeout(timer);
      if (typeof window !== 'undefined') {
        window.removeEventListener('pointerdown', load, options);
        window.removeEventListener('keydown', load, options);
      }
      this.loadParser();
    };
    const timer = setTimeout(load, PARSER_DELAY_MS);
    if (typeof window === 'undefined') return;
    window.addEventListener('pointerdown', load, options);
    window.addEventListener('keydown', load, options);
  }

  /** Loads the catalogue's parser (once; again after a failure) and hands it the messages that waited. */
  private loadParser(): void {
    if (this.parse || this.parserLoading) return;
    this.parserLoading = loadCatalogueParser().then(
      (parse) => {
        this.parse = parse;
        const waiting = this.waiting;
        this.waiting = [];
        for (const { json, arrivedAt } of waiting) this.handle(json, arrivedAt);
      },
      (error: unknown) => {
        this.parserLoading = null;
        console.error('ws: the message catalogue did not load', error);
      },
    );
  }

  /** Server time minus local time (ms), from the last clock pong; null before the first. */
  get clockOffset(): number | null {
    return this.offset;
  }

  /** Calls `listener` with each new offset and keeps the clock synced while watched. */
  watchClock(listener: ClockListener): () => void {
    this.clockListeners.add(listener);
    if (this.clockListeners.size === 1) this.syncClock();
    return () => {
      this.clockListeners.delete(listener);
    };
  }

  /** Sends a clock ping now (when open); its pong refreshes the offset. */
  syncClock(): void {
    if (!this.connected) return;
    const id = `clock-${++this.clockSeq}`;
    this.clockPings.set(id, this.now());
    this.send({ action: 'ping', id });
  }

  /** Opens (or re-targets) the connection; a no-op when already connected to the same URL. */
  connect(url: string): void {
    if (this.url === url && (this.socket || this.reconnectTimer)) return;
    this.close();
    this.url = url;
    this.scheduleParser();
    this.open();
  }

  /** Calls `listener` each time the connection opens again after a drop (its topics are re-subscribed by then). */
  onReconnect(listener: ReconnectListener): () => void {
    this.reconnectListeners.add(listener);
    return () => {
      this.reconnectListeners.delete(listener);
    };
  }

  /** Closes for good (logout): no reconnect until the next `connect`. Subscriptions are kept. */
  close(): void {
    this.url = null;
    this.attempt = 0;
    this.openedBefore = false;
    this.clearTimers();
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onopen = socket.onclose = socket.onerror = socket.onmessage = null;
      socket.close(NORMAL_CLOSURE, 'logout');
    }
  }

  get connected(): boolean {
    return this.socket?.readyState === OPEN;
  }

  /** Adds a handler for a topic; the returned function removes it (and unsubscribes the last one). */
  subscribe(topic: Topic, handler: TopicHandler): () => void {
    let set = this.handlers.get(topic);
    if (!set) {
      set = new Set();
      this.handlers.set(topic, set);
      this.send({ action: 'subscribe', topic });
    }
    set.add(handler);
    return () => {
      const current = this.handlers.get(topic);
      if (!current?.delete(handler) || current.size > 0) return;
      this.handlers.delete(topic);
      this.send({ action: 'unsubscribe', topic });
    };
  }

  /** Text typed into the terminal of an interactive judge run; false when the socket is not open. */
  judgeInput(ticket: string, text: string): boolean {
    if (!this.connected) return false;
    this.send({ action: 'judge.input', ticket, text });
    return true;
  }

  /** Asks for the caller's countdown of a competition (a sync every 30 s, spec/3 §9); false when the socket is not open. */
  competitionSync(competitionId: number): boolean {
    if (!this.connected) return false;
    this.send({ action: 'competition.sync', competitionId });
    return true;
  }

  /** Delay before reconnect attempt `attempt` (0-based): half fixed, half random, capped. */
  backoffDelay(attempt: number): number {
    const ceiling = Math.min(this.maxDelayMs, this.baseDelayMs * 2 ** attempt);
    return Math.round(ceiling / 2 + this.random() * (ceiling / 2));
  }

  private open(): void {
    if (!this.url) return;
    let socket: SocketLike;
    try {
      socket = this.createSocket(this.url);
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      this.attempt = 0;
      for (const topic of this.handlers.keys()) this.send({ action: 'subscribe', topic });
      this.startPing();
      this.clockPings = new Map();
      if (this.clockListeners.size > 0) this.syncClock();
      const reconnected = this.openedBefore;
      this.openedBefore = true;
      if (reconnected) {
        for (const listener of [...this.reconnectListeners]) {
          try {
            listener();
          } catch (error) {
            console.error('ws reconnect listener failed', error);
          }
        }
      }
    };
    socket.onmessage = (event) => {
      if (this.socket === socket) this.dispatch(event.data);
    };
    socket.onerror = () => {
      // A close event always follows; reconnecting happens there.
    };
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.stopPing();
      this.scheduleReconnect();
    };
  }

  private scheduleReconnect(): void {
    if (!this.url || this.reconnectTimer) return;
    const delay = this.backoffDelay(this.attempt);
    this.attempt += 1;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.open();
    }, delay);
  }

  private dispatch(data: unknown): void {
    if (typeof data !== 'string') return;
    let json: unknown;
    try {
      json = JSON.parse(data);
    } catch {
      return;
    }
    if (!this.parse) {
      if (this.waiting.push({ json, arrivedAt: this.now() }) > MAX_WAITING_MESSAGES) this.waiting.shift();
      this.scheduleParser();
      return;
    }
    this.handle(json, this.now());
  }

  /** `arrivedAt`: when the message came (a clock pong's round trip ends then, not when it is handled). */
  private handle(json: unknown, arrivedAt: number): void {
    const message = this.parse?.(json);
    if (!message) return;
    if (message.type === 'pong') {
      this.clockPong(message.id, message.serverNow, arrivedAt);
      return;
    }
    if (!('topic' in message) || !message.topic) return;
    const set = this.handlers.get(message.topic as Topic);
    if (!set) return;
    for (const handler of [...set]) {
      try {
        handler(message);
      } catch (error) {
        console.error('ws handler failed', error);
      }
    }
  }

  /** Offset = serverNow + half the round trip − arrival: the server stamped it about mid-way. */
  private clockPong(id: string | undefined, serverNow: number, arrivedAt: number): void {
    const sentAt = id === undefined ? undefined : this.clockPings.get(id);
    if (sentAt === undefined) return;
    this.clockPings.delete(id!);
    this.offset = Math.round(serverNow + (arrivedAt - sentAt) / 2 - arrivedAt);
    for (const listener of [...this.clockListeners]) listener(this.offset);
  }

  private send(message: ClientMessage): void {
    if (this.socket?.readyState === OPEN) this.socket.send(JSON.stringify(message));
  }

  private startPing(): void {
    this.stopPing();
    this.pingTimer = setInterval(() => this.send({ action: 'ping' }), this.pingIntervalMs);
  }

  private stopPing(): void {
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.pingTimer = null;
  }

  private clearTimers(): void {
    this.stopPing();
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
  }
}

/** The application's single connection. */
export const wsClient = new WsClient();

/** `${wsUrl}?token=…` */
export const socketUrl = (wsUrl: string, token: string): string => {
  const url = new URL(wsUrl);
  url.searchParams.set('token', token);
  return url.toString();
};

export interface UseTopicOptions {
  /** The queries this topic's pushes update: invalidated on every reconnect, since pushes sent while the socket was down are lost. */
  refetchOnReconnect?: readonly QueryKey[];
  client?: WsClient;
}

/**
 * Subscribes while mounted; `topic` null means "not now". The latest handler is always called. After
 * a reconnect the client has re-subscribed the topic; the queries named in `refetchOnReconnect` are
 * invalidated so what a missed push would have changed is fetched again.
 */
export function useTopic(
  topic: Topic | null,
  handler: TopicHandler,
  { refetchOnReconnect = [], client = wsClient }: UseTopicOptions = {},
): void {
  const queryClient = useQueryClient();
  const latest = useRef(handler);
  const keys = useRef(refetchOnReconnect);
  useEffect(() => {
    latest.current = handler;
    keys.current = refetchOnReconnect;
  });
  useEffect(() => {
    if (!topic) return undefined;
    const unsubscribe = client.subscribe(topic, (message) => latest.current(message));
    const stopWatching = client.onReconnect(() => {
      for (const queryKey of keys.current) void queryClient.invalidateQueries({ queryKey });
    });
    return () => {
      stopWatching();
      unsubscribe();
    };
  }, [topic, client, queryClient]);
}
