/**
 * The one clock format (ARCHITECTURE §5): the spec's 'YYYY-MM-DD HH:MM:SS' strings are UTC and are
 * derived from epoch milliseconds here, and only here. Everything that compares or schedules works on
 * epoch milliseconds; a string is formatted at the edge and parsed once where it is read.
 */
import { tz } from '@date-fns/tz';
import { format } from 'date-fns/format';
import { parse } from 'date-fns/parse';

const UTC = tz('UTC');
const SPEC_PATTERN = 'yyyy-MM-dd HH:mm:ss';
const SPEC_SHAPE = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

/** 'YYYY-MM-DD HH:MM:SS' in UTC of an instant (sub-second part dropped). */
export const formatSpecTime = (ms: number): string => format(ms, SPEC_PATTERN, { in: UTC });

/** The 'date time:00' variant the chapter windows use: the instant's UTC minute, seconds zero. */
export const formatSpecMinute = (ms: number): string => formatSpecTime(Math.floor(ms / 60_000) * 60_000);

/** The instant of a spec string read as UTC; null when absent or not of the spec's shape. */
export function parseSpecTime(value: string | null | undefined): number | null {
  if (!value || !SPEC_SHAPE.test(value)) return null;
  const ms = parse(value, SPEC_PATTERN, 0, { in: UTC }).getTime();
  return Number.isNaN(ms) ? null : ms;
}

/** The spec string of an instant `days` days from `now` (seeds and fixtures). */
export const specTimeInDays = (days: number, now = Date.now()): string => formatSpecTime(now + days * 86_400_000);
