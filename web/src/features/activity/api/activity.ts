/** The admin's users-activity table (spec/3 §7 GET /get-users-activity): one page of 20 a request, a cursor to the next. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, type ApiResult } from '@/lib/api-client';

export type ActivityRow = ApiResult<'getUsersActivity'>['list'][number];

export interface ActivityFilter {
  user?: string;
  action?: string;
  from?: string;
  to?: string;
}

export function useUsersActivity(filter: ActivityFilter, page: { after?: string; offset: number }) {
  const query = Object.fromEntries(Object.entries({ ...filter, after: page.after }).filter(([, v]) => v)) as ActivityFilter & { after?: string };
  return useQuery({
    queryKey: ['users-activity', filter, page],
    queryFn: () => api('getUsersActivity', { query: { ...query, offset: page.offset } }),
    placeholderData: keepPreviousData,
  });
}
