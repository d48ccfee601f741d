/** Screens of the activity feature, by route name (see lib/paths.ts); each loads on first visit. */
import type { LazyScreen } from '@/lib/lazy-screen';

export const activityScreens: Record<string, LazyScreen> = {
  users_activity: () => import('./components/users-activity-page').then((m) => ({ Component: m.UsersActivityPage })),
};
