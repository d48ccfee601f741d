/** /dashboard: the dashboard feature's page with the messages feature's panel and, for admins, the catalogue's category cards. */
import { CategoryGrid } from '@/features/catalogue/components/category-grid';
import { DashboardPage } from '@/features/dashboard/components/dashboard-page';
import { MessagesPanel } from '@/features/messages/components/messages-panel';

export function DashboardRoute() {
  return <DashboardPage messagesPanel={(messages) => <MessagesPanel messages={messages} />} adminCategories={<CategoryGrid />} />;
}
