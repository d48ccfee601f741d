import { describe, expect, it } from 'vitest';
import { leaderboardSearch, leaderboardStateOf, pageOfRank } from './leaderboard-url';

describe('leaderboard URL state', () => {
  it('round-trips filters and page', () => {
    const filters = { areas: [], courses: [4], countries: [703, 203], groups: [1] };
    const search = leaderboardSearch(filters, 3);
    expect(search.toString()).toBe('courses=4&countries=203%2C703&groups=1&page=3');
    expect(leaderboardStateOf(search)).toEqual({ filters: { ...filters, countries: [203, 703] }, page: 3 });
  });

  it('leaves page 1 and empty filters out of the URL', () => {
    expect(leaderboardSearch({ areas: [], courses: [], countries: [], groups: [] }, 1).toString()).toBe('');
  });

  it('drops malformed values instead of sending them', () => {
    const state = leaderboardStateOf(new URLSearchParams('countries=703,abc,-1,703&page=NaN&groups=1;DROP'));
    expect(state).toEqual({ filters: { areas: [], courses: [], countries: [703], groups: [] }, page: 1 });
    expect(leaderboardStateOf(new URLSearchParams('page=0')).page).toBe(1);
  });

  it('finds the page of a rank: 100 on page 1, 101 on page 2', () => {
    expect(pageOfRank(1, 100)).toBe(1);
    expect(pageOfRank(100, 100)).toBe(1);
    expect(pageOfRank(101, 100)).toBe(2);
  });
});
