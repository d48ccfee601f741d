/** What the dashboard asks for first, sent at start-up while its code loads (issue 20 item 22). */
import { prefetchApi } from '@/lib/api-client';

export function prefetchDashboard(): void {
  void prefetchApi('getActiveUserCourses2');
}
