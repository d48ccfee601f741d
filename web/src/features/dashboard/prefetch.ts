/** What the dashboard shows first, asked for at start-up while its code loads (issue 20 item 22). */
import type { QueryClient } from '@tanstack/react-query';
import { firstAnswer } from '@/lib/api-client';
import { prefetchInto } from '@/lib/query-client';
import { dashboardKey } from './api/dashboard';

export function prefetchDashboard(queryClient: QueryClient): void {
  void prefetchInto(queryClient, dashboardKey, () => firstAnswer('getActiveUserCourses2'));
}
