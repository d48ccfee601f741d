/**
 * The one clock format (ARCHITECTURE §5): the spec's 'YYYY-MM-DD HH:MM:SS' strings are UTC and are
 * derived from epoch milliseconds here, and only here. Everything that compares or schedules works on
 * epoch milliseconds; a string is formatted at the edge and parsed once where it is read.
 */
import { tz } from '@date-fns/tz';
import { format } from 'date-fns/format';
import { parse } from 'date-fns/parse';
import { parseSpecTime } from './time-parse';

const UTC = tz('UTC');
const SPEC_PATTERN = 'yyyy-MM-dd HH:mm:ss';

/** 'YYYY-MM-DD HH:MM:SS' in UTC of an instant (sub-second part dropped). */
export const formatSpecTime = (ms: number): string => format(ms, SPEC_PATTERN, { in: UTC });

/** The 'date time:00' variant the chapter windows use: the instant's UTC minute, seconds zero. */
export const formatSpecMinute = (ms: number): string => formatSpecTime(Math.floor(ms / 60_000) * 60_000);

export { parseSpecTime };

/** The spec string of an instant `days` days from `now` (seeds and fixtures). */
export const specTimeInDays = (days: number, now = Date.now()): string => formatSpecTime(now + days * 86_400_000);

/** The reader's IANA time zone (the browser's or the process's). */
export const localTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** A wall-clock date ('YYYY-MM-DD'), hour and minute in `timeZone` as the spec string of that instant (UTC). */
export function specTimeFromWallClock(date: string, hour: number, minute: number, timeZone: string): string | null {
  const pad = (n: number) => String(n).padStart(2, '0');
  const at = parse(`${date} ${pad(hour)}:${pad(minute)}`, 'yyyy-MM-dd HH:mm', 0, { in: tz(timeZone) }).getTime();
  return Number.isNaN(at) ? null : formatSpecMinute(at);
}

/** The wall-clock date, hour and minute in `timeZone` of a spec string; null when it is not one. */
export function wallClockOfSpecTime(
  value: string | null | undefined,
  timeZone: string,
): { date: string; hour: number; minute: number } | null {
  const ms = parseSpecTime(value);
  if (ms === null) return null;
  const [date, hour, minute] = format(ms, 'yyyy-MM-dd|H|m', { in: tz(timeZone) }).split('|');
  return { date: date!, hour: Number(hour), minute: Number(minute) };
}

/** Today's date ('YYYY-MM-DD') in `timeZone`. */
export const todayIn = (timeZone: string, now = Date.now()): string => format(now, 'yyyy-MM-dd', { in: tz(timeZone) });

/** The zone's offset from UTC at an instant, e.g. 'GMT+01:00' (shown beside a time a reader types). */
export const zoneOffsetLabel = (timeZone: string, at = Date.now()): string => `GMT${format(at, 'xxx', { in: tz(timeZone) })}`;
