/** The countdown rules (spec/3 §4, §9) and the teacher score rule (spec/3 §5). */
import { describe, expect, it } from 'vitest';
import {
  attemptDeadline,
  bestOffset,
  commentLines,
  crossesSavePoint,
  localDeadline,
  OFFSET_READING_MS,
  offsetReading,
  pastDeadline,
  recentReadings,
  remainingSeconds,
  spentSeconds,
  teacherScore,
} from '../src';

describe('countdown', () => {
  it('the deadline is begin + time limit, cut by the open window end', () => {
    expect(attemptDeadline(1_000, 60)).toBe(61_000);
    expect(attemptDeadline(1_000, 60, 30_000)).toBe(30_000);
    expect(attemptDeadline(1_000, 60, NaN)).toBe(61_000);
    expect(attemptDeadline(1_000, 60, null)).toBe(61_000);
  });

  it('remaining time is the deadline minus the server now, never a tick count; at the deadline it is over', () => {
    expect(remainingSeconds(61_000, 1_000)).toBe(60);
    expect(remainingSeconds(61_000, 60_500)).toBe(1);
    expect(remainingSeconds(61_000, 70_000)).toBe(0);
    expect(pastDeadline(61_000, 60_999)).toBe(false);
    expect(pastDeadline(61_000, 61_000)).toBe(true);
    expect(spentSeconds(1_000, 61_400)).toBe(60);
  });

  it('a client clock 5 minutes fast or slow places the deadline where the server has it', () => {
    const server = { deadline: 1_000_000, serverNow: 900_000 };
    for (const skew of [-300_000, 0, 300_000]) {
      const localNow = server.serverNow + skew;
      const local = localDeadline(server, localNow);
      // remaining on the local clock = remaining on the server's
      expect(local - localNow).toBe(server.deadline - server.serverNow);
    }
  });

  it('the best offset is the least delayed recent reading: a late sync reads low, an old reading stops counting', () => {
    const fresh = offsetReading({ serverNow: 10_000 }, 1_000);
    const late = offsetReading({ serverNow: 10_500 }, 21_500); // sent 500 ms after `fresh`, delivered 20 s later
    expect(late.offset).toBe(-11_000);
    expect(bestOffset([fresh, late])).toBe(9_000);
    // a clock set back by hand: its readings rise at once; set forward, the old reading stops counting after OFFSET_READING_MS
    const later = offsetReading({ serverNow: 100_000 }, 1_000 + OFFSET_READING_MS + 1);
    expect(recentReadings([fresh, later])).toEqual([later]);
    expect(bestOffset([fresh, later])).toBe(later.offset);
  });

  it('the save point is crossed once, at 10 s left', () => {
    expect(crossesSavePoint(11, 10)).toBe(true);
    expect(crossesSavePoint(Infinity, 5)).toBe(true);
    expect(crossesSavePoint(10, 9)).toBe(false);
    expect(crossesSavePoint(30, 29)).toBe(false);
  });
});

describe('teacher score', () => {
  it('non-numeric becomes 0, never negative, capped so auto + teacher <= max', () => {
    expect(teacherScore('abc', 2, 10)).toBe(0);
    expect(teacherScore('', 2, 10)).toBe(0);
    expect(teacherScore(-3, 2, 10)).toBe(0);
    expect(teacherScore('4', 2, 10)).toBe(4);
    expect(teacherScore('2,5', 2, 10)).toBe(2.5);
    expect(teacherScore(100, 2, 10)).toBe(8);
    expect(teacherScore(5, 10, 10)).toBe(0);
  });

  it('a comment is one bullet per non-empty line', () => {
    expect(commentLines('Good\n\n  Read the docs \r\nx')).toEqual(['Good', 'Read the docs', 'x']);
  });
});
