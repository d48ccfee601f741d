/** Screens of the messages feature, by route name (see lib/paths.ts); each loads on first visit. */
import type { LazyScreen } from '@/lib/lazy-screen';

export const messagesScreens: Record<string, LazyScreen> = {
  message_list: () => import('./components/message-list-page').then((m) => ({ Component: m.MessageListPage })),
  message_admin_list: () => import('./components/message-admin-list-page').then((m) => ({ Component: m.MessageAdminListPage })),
  edit_message: () => import('./components/edit-message-page').then((m) => ({ Component: m.EditMessagePage })),
};
