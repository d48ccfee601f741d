/**
 * Leaderboard (spec/1 §7, §9): filter data, a page of POST /get-leaders2 (start/end, 100 per page)
 * and a leader's course detail.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { LEADERBOARD_PAGE_SIZE } from '@lectio/shared';
import { api, type ApiResult } from '@/lib/api-client';
import { catalogueKeys } from './query-keys';

export type LeaderFilterData = ApiResult<'getLeadersFilterData'>;
export type LeaderEntry = Exclude<ApiResult<'getLeaders2'>['list'], 'empty'>[number];

/** Selected ids per filter. */
export interface LeaderFilters {
  areas: number[];
  courses: number[];
  countries: number[];
  groups: number[];
}

export const noLeaderFilters: LeaderFilters = { areas: [], courses: [], countries: [], groups: [] };

const joinIds = (ids: number[]) => [...ids].sort((a, b) => a - b).join(',');

export function useLeaderFilterData() {
  return useQuery({ queryKey: catalogueKeys.leaderFilters(), queryFn: () => api('getLeadersFilterData'), staleTime: 5 * 60_000 });
}

/** One page (1-based) for the filters; the previous page stays visible while the next loads. */
export function useLeaders(filters: LeaderFilters, page: number) {
  const start = (page - 1) * LEADERBOARD_PAGE_SIZE;
  const body = {
    areas: joinIds(filters.areas),
    courses: joinIds(filters.courses),
    countries: joinIds(filters.countries),
    groups: joinIds(filters.groups),
    start,
    end: start + LEADERBOARD_PAGE_SIZE,
  };
  return useQuery({
    queryKey: catalogueKeys.leaders(body, start),
    // The page's start travels with its rows, so ranks stay right while the next page loads.
    queryFn: async () => {
      const data = await api('getLeaders2', { body });
      return { count: data.count, list: data.list === 'empty' ? [] : data.list, start };
    },
    placeholderData: keepPreviousData,
  });
}

/** The caller's rank for the filters (null: the filters leave them out, or they are not ranked). */
export function useMyLeaderRank(filters: LeaderFilters) {
  const body = {
    areas: joinIds(filters.areas),
    courses: joinIds(filters.courses),
    countries: joinIds(filters.countries),
    groups: joinIds(filters.groups),
  };
  return useQuery({
    queryKey: ['leaderboard', 'my-rank', body] as const,
    queryFn: () => api('getMyLeaderRank', { body }),
    meta: { handlesErrors: true },
  });
}

export function useLeaderCourse(userId: number | null) {
  return useQuery({
    queryKey: catalogueKeys.leaderCourse(userId ?? 0),
    queryFn: () => api('getLeaderCourse', { params: { id: userId ?? 0 } }),
    enabled: userId !== null,
  });
}
