/**
 * The leaderboard's filters and page live in the URL (`?page=2&countries=703,203&groups=1`), so a
 * reload, a shared link and Back keep them. Malformed values are dropped, never sent.
 */
import type { LeaderFilters } from '../api/leaderboard';

const FILTER_KEYS = ['areas', 'courses', 'countries', 'groups'] as const;
const MAX_IDS = 50;

const idsOf = (value: string | null): number[] =>
  [...new Set((value ?? '').split(',').filter((p) => /^\d{1,10}$/.test(p)).map(Number))].slice(0, MAX_IDS);

export function leaderboardStateOf(search: URLSearchParams): { filters: LeaderFilters; page: number } {
  const filters = Object.fromEntries(FILTER_KEYS.map((key) => [key, idsOf(search.get(key))])) as unknown as LeaderFilters;
  const page = Number(search.get('page'));
  return { filters, page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1 };
}

export function leaderboardSearch(filters: LeaderFilters, page: number): URLSearchParams {
  const search = new URLSearchParams();
  for (const key of FILTER_KEYS) if (filters[key].length) search.set(key, [...filters[key]].sort((a, b) => a - b).join(','));
  if (page > 1) search.set('page', String(page));
  return search;
}

/** The page (1-based) a rank is on. */
export const pageOfRank = (rank: number, pageSize: number) => Math.ceil(rank / pageSize);
