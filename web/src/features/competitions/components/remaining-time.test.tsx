import { describe, expect, it } from 'vitest';
import { formatRemaining } from './remaining-time';

describe('formatRemaining', () => {
  it('shows minutes and seconds, hours when there are any, and never a negative time', () => {
    expect(formatRemaining(14 * 60_000 + 59_600)).toBe('15:00');
    expect(formatRemaining(3 * 3_600_000 + 5 * 60_000 + 7_000)).toBe('3:05:07');
    expect(formatRemaining(-5_000)).toBe('00:00');
  });
});
