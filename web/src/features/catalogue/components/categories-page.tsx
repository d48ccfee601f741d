/** /categories: the catalogue's first level; admins can add a category. */
import { Link as RouterLink } from 'react-router';
import { Button } from '@mui/material';
import Add from '@mui/icons-material/Add';
import { useTranslation } from 'react-i18next';
import { pathTo } from '@/lib/paths';
import { useBreadcrumbs } from '@/components/layout/breadcrumbs';
import { useSession } from '@/lib/auth';
import { CategoryGrid } from './category-grid';
import { PageHeading } from '@/components/layout/page-heading';

export function CategoriesPage() {
  const { t } = useTranslation();
  const { isAdmin } = useSession();
  useBreadcrumbs([], 'courseList');
  return (
    <>
      <PageHeading
        title={t('catalogue.categories.title')}
        action={
          isAdmin && (
            <Button
              variant="contained"
              startIcon={<Add />}
              component={RouterLink}
              to={pathTo('admin_category', { id: 0 })}
              data-testid="add-category"
            >
              {t('catalogue.categories.add')}
            </Button>
          )
        }
      />
      <CategoryGrid />
    </>
  );
}
