/** /categories: the catalogue's first level; admins can add a category. */
import { useTranslation } from 'react-i18next';
import { AdminAddButton } from '@/components/editing/admin-add-button';
import { pathTo } from '@/lib/paths';
import { useBreadcrumbs } from '@/components/layout/breadcrumbs';
import { CategoryGrid } from './category-grid';
import { PageHeading } from '@/components/layout/page-heading';

export function CategoriesPage() {
  const { t } = useTranslation();
  useBreadcrumbs([], 'courseList');
  return (
    <>
      <PageHeading
        title={t('catalogue.categories.title')}
        action={
          <AdminAddButton to={pathTo('admin_category', { id: 0 })} label={t('catalogue.categories.add')} testId="add-category" />
        }
      />
      <CategoryGrid />
    </>
  );
}
