/** /dashboard: the dashboard feature's page, given the catalogue's category cards for admins. */
import { CategoryGrid } from '@/features/catalogue/components/category-grid';
import { DashboardPage } from '@/features/dashboard/components/dashboard-page';

export function DashboardRoute() {
  return <DashboardPage adminCategories={<CategoryGrid />} />;
}
