import { describe, expect, it } from 'vitest';
import {
  formatSpecMinute,
  formatSpecTime,
  parseSpecTime,
  specTimeFromWallClock,
  specTimeInDays,
  todayIn,
  wallClockOfSpecTime,
  zoneOffsetLabel,
} from '../src/time';

describe('the spec time format', () => {
  it('formats an instant in UTC, whatever the process zone', () => {
    // Prepare
    const instant = Date.UTC(2026, 10, 22, 8, 30, 5, 999);
    // Act
    const text = formatSpecTime(instant);
    // Assess
    expect(text).toBe('2026-11-22 08:30:05');
    expect(text).toBe(new Date(instant).toISOString().slice(0, 19).replace('T', ' '));
  });

  it('formats the minute variant with zero seconds', () => {
    expect(formatSpecMinute(Date.UTC(2026, 0, 1, 13, 0, 59))).toBe('2026-01-01 13:00:00');
  });

  it('parses a spec string as UTC and round-trips', () => {
    expect(parseSpecTime('2026-11-22 08:30:05')).toBe(Date.UTC(2026, 10, 22, 8, 30, 5));
    expect(parseSpecTime(formatSpecTime(1_700_000_000_000))).toBe(1_700_000_000_000);
  });

  it('reads only real dates and times: no overflow into the next day, month or hour', () => {
    expect(parseSpecTime('2028-02-29 23:59:59')).toBe(Date.UTC(2028, 1, 29, 23, 59, 59));
    expect(parseSpecTime('0999-01-01 00:00:00')).toBe(new Date('0999-01-01T00:00:00Z').getTime());
    for (const unreal of [
      '2026-02-29 00:00:00',
      '2026-02-30 10:00:00',
      '2026-04-31 00:00:00',
      '2026-11-22 24:00:00',
      '2026-11-22 08:60:00',
      '2026-00-10 00:00:00',
    ])
      expect(parseSpecTime(unreal)).toBeNull();
  });

  it('reads absent or malformed strings as null', () => {
    for (const bad of [null, undefined, '', '2026-11-22', '2026-11-22T08:30:05Z', '2026-13-40 25:61:00'])
      expect(parseSpecTime(bad)).toBeNull();
  });

  it('derives a seed instant some days away', () => {
    expect(specTimeInDays(-1, Date.UTC(2026, 2, 1, 0, 0, 0))).toBe('2026-02-28 00:00:00');
  });
});

describe("wall clock in the author's zone (issue 19: the 14:00 window at UTC+1)", () => {
  it('stores 14:00 set in Europe/Prague in winter as 13:00 UTC and shows it as 14:00 there', () => {
    // Act
    const stored = specTimeFromWallClock('2026-11-24', 14, 0, 'Europe/Prague');
    // Assess
    expect(stored).toBe('2026-11-24 13:00:00');
    expect(parseSpecTime(stored)).toBe(Date.UTC(2026, 10, 24, 13, 0, 0));
    expect(wallClockOfSpecTime(stored, 'Europe/Prague')).toEqual({ date: '2026-11-24', hour: 14, minute: 0 });
    expect(wallClockOfSpecTime(stored, 'UTC')).toEqual({ date: '2026-11-24', hour: 13, minute: 0 });
  });

  it('follows summer time and names the offset', () => {
    expect(specTimeFromWallClock('2026-07-01', 14, 0, 'Europe/Prague')).toBe('2026-07-01 12:00:00');
    expect(zoneOffsetLabel('Europe/Prague', Date.UTC(2026, 10, 24))).toBe('GMT+01:00');
    expect(zoneOffsetLabel('UTC')).toBe('GMT+00:00');
  });

  it('crosses the date line where the zone does', () => {
    expect(specTimeFromWallClock('2026-11-24', 0, 30, 'Europe/Prague')).toBe('2026-11-23 23:30:00');
    expect(todayIn('Pacific/Auckland', Date.UTC(2026, 10, 24, 12))).toBe('2026-11-25');
  });
});
