/**
 * The countdown of a timed attempt (competitions, and revisions later), spec/3 §4 "Competitions" and
 * §9: the server's clock is the authority. An attempt's deadline is fixed when it starts (begin + time
 * limit, cut by the open window's end when `check_OE` is set); what a screen shows is the deadline
 * minus the server's now, never a count of ticks. Pure functions: the server and the web use the same.
 */

/** spec/3 §9: the countdown ticks once a second. */
export const COUNTDOWN_TICK_MS = 1000;
/** spec/3 §9: at 10 seconds left the open code is saved. */
export const COUNTDOWN_SAVE_AT_SECONDS = 10;
/** spec/3 §9: every 30 seconds the remaining time is synced with the server (and the code saved). */
export const COUNTDOWN_SYNC_MS = 30_000;

/** The deadline (epoch ms) of an attempt that begins at `beginMs`; `windowEndMs` is NaN/null when the window has no end. */
export function attemptDeadline(beginMs: number, timeLimitSeconds: number, windowEndMs?: number | null): number {
  const own = beginMs + Math.max(0, timeLimitSeconds) * 1000;
  return windowEndMs === null || windowEndMs === undefined || Number.isNaN(windowEndMs) ? own : Math.min(own, windowEndMs);
}

/** Whole seconds left until the deadline at the server's `serverNow` (never below 0). */
export const remainingSeconds = (deadline: number, serverNow: number): number =>
  Math.max(0, Math.ceil((deadline - serverNow) / 1000));

/** Has the deadline passed at `serverNow`? An answer that arrives at the deadline itself is late. */
export const pastDeadline = (deadline: number, serverNow: number): boolean => serverNow >= deadline;

/** Whole seconds between two instants (time spent), never below 0. */
export const spentSeconds = (beginMs: number, endMs: number): number => Math.max(0, Math.round((endMs - beginMs) / 1000));

/**
 * The local deadline of a `sync { deadline, serverNow }` received at local time `receivedAt`: the
 * instant on this machine's clock at which the server's deadline comes, whatever this clock's error.
 */
export const localDeadline = (sync: { deadline: number; serverNow: number }, receivedAt: number): number =>
  receivedAt + (sync.deadline - sync.serverNow);

/**
 * One sync's reading of the clock offset: the server's now minus this machine's clock when the sync
 * arrived. A sync is stamped before it travels, so a reading is the true offset minus its delay and
 * never above it: a sync delivered late (held while the network was down) reads low by its delay.
 */
export interface OffsetReading {
  offset: number;
  /** This machine's clock when it arrived (ms). */
  at: number;
}

/** How long a reading counts: two sync periods and a margin, so a clock changed by hand is followed soon. */
export const OFFSET_READING_MS = 2 * COUNTDOWN_SYNC_MS + 5_000;

export const offsetReading = (sync: { serverNow: number }, receivedAt: number): OffsetReading => ({
  offset: sync.serverNow - receivedAt,
  at: receivedAt,
});

/** The readings that still count: those of the OFFSET_READING_MS before the newest. */
export function recentReadings(readings: readonly OffsetReading[]): OffsetReading[] {
  const newest = Math.max(...readings.map((r) => r.at));
  return readings.filter((r) => r.at >= newest - OFFSET_READING_MS);
}

/**
 * The best offset of some readings (at least one): the largest recent one, the least delayed. One late sync then
 * cannot move a deadline it already knew (CI saw 21.8 s too many after a 20 s offline spell).
 */
export const bestOffset = (readings: readonly OffsetReading[]): number =>
  Math.max(...recentReadings(readings).map((r) => r.offset));

/** Whether a tick crossing from `beforeSeconds` to `afterSeconds` left passes the save point (10 s). */
export const crossesSavePoint = (beforeSeconds: number, afterSeconds: number): boolean =>
  beforeSeconds > COUNTDOWN_SAVE_AT_SECONDS && afterSeconds <= COUNTDOWN_SAVE_AT_SECONDS;

const pad2 = (n: number) => String(n).padStart(2, '0');

/** 'h:mm:ss' or 'mm:ss' of a non-negative duration in ms, rounded to the second. */
export function formatRemaining(ms: number): string {
  const total = Math.max(0, Math.round(ms / 1000));
  const hours = Math.floor(total / 3600);
  const rest = `${pad2(Math.floor((total % 3600) / 60))}:${pad2(total % 60)}`;
  return hours > 0 ? `${hours}:${rest}` : rest;
}
