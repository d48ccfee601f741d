/**
 * The dashboard's data (spec/1 §7): GET /get-active-user-courses2 (the student's courses and the
 * messages). The key starts with 'messages' so the shell's refresh on a pushed message.new reaches
 * it, and the messages feature's read/delete change its message list at once.
 */
import { useQuery } from '@tanstack/react-query';
import { api, type ApiResult } from '@/lib/api-client';

export type DashboardData = ApiResult<'getActiveUserCourses2'>;
export type DashboardMessage = DashboardData['message_list'][number];
export type DashboardCourse = DashboardData['list'][number];

export const dashboardKey = ['messages', 'dashboard'] as const;

export function useDashboard() {
  return useQuery({ queryKey: dashboardKey, queryFn: () => api('getActiveUserCourses2') });
}
