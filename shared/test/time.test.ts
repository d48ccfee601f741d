import { describe, expect, it } from 'vitest';
import { formatSpecMinute, formatSpecTime, parseSpecTime, specTimeInDays } from '../src/time';

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

  it('reads absent or malformed strings as null', () => {
    for (const bad of [null, undefined, '', '2026-11-22', '2026-11-22T08:30:05Z', '2026-13-40 25:61:00']) expect(parseSpecTime(bad)).toBeNull();
  });

  it('derives a seed instant some days away', () => {
    expect(specTimeInDays(-1, Date.UTC(2026, 2, 1, 0, 0, 0))).toBe('2026-02-28 00:00:00');
  });
});
