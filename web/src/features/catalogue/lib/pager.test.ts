import { describe, expect, it } from 'vitest';
import { leaderboardPageCount } from '@lectio/shared';
import { pageWindow } from './pager';

describe('leaderboard pager', () => {
  it('counts pages so that every learner is on one: total / 100, rounded up', () => {
    expect(leaderboardPageCount(183)).toBe(2);
    expect(leaderboardPageCount(200)).toBe(2);
    // Every learner is reachable: learner 201 is on page 3.
    expect(leaderboardPageCount(201)).toBe(3);
    expect(leaderboardPageCount(202)).toBe(3);
    expect(leaderboardPageCount(50)).toBe(1);
  });

  it('shows at most 10 page links around the current page', () => {
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 40)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(pageWindow(20, 40)).toEqual([15, 16, 17, 18, 19, 20, 21, 22, 23, 24]);
    expect(pageWindow(40, 40)).toEqual([31, 32, 33, 34, 35, 36, 37, 38, 39, 40]);
    expect(pageWindow(1, 0)).toEqual([]);
  });
});
