/**
 * The category cards (spec/1 §2) of /categories and of the admin dashboard: name, colour and the
 * area, course, lesson and code counts; admins get edit, delete and reorder controls.
 */
import { Alert } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { pathTo } from '@/lib/paths';
import { CardGrid, CardGridItem } from '@/components/cards/card-grid';
import { ColourCard, ColourIcon } from '@/components/cards/colour-card';
import { PageSpinner } from '@/components/page-spinner';
import { useSession } from '@/lib/auth';
import { useCatalogueAdmin } from '../api/admin-list-actions';
import { useCategories } from '../api/lists';
import { neighbourSwap } from '@/components/editing/reorder';
import { AdminCardActions } from '@/components/editing/admin-card-actions';
import { CountChips } from './count-chips';

export function CategoryGrid() {
  const { t } = useTranslation();
  const { isAdmin } = useSession();
  const categories = useCategories();
  const admin = useCatalogueAdmin('category');

  if (categories.isPending) return <PageSpinner />;
  if (categories.isError) return null;
  const list = categories.data;
  if (list.length === 0) return <Alert severity="info">{t('catalogue.categories.empty')}</Alert>;
  const ordered = list.map((c) => ({ id: c.category_id, order: c.sort_order }));

  return (
    <CardGrid label={t('catalogue.categories.title')} testId="category-grid">
      {list.map((category, index) => (
        <CardGridItem key={category.category_id} testId="category-card">
          <ColourCard
            colour={category.color}
            title={category.title}
            to={pathTo('areas', { id: category.category_id })}
            icon={<ColourIcon colour={category.color} name={category.title} />}
            actions={
              isAdmin && (
                <AdminCardActions
                  name={category.title}
                  editTo={pathTo('admin_category', { id: category.category_id })}
                  index={index}
                  count={list.length}
                  busy={admin.busy}
                  onDelete={() => void admin.confirmDelete(category.category_id, category.title)}
                  onMove={(direction) => {
                    const pair = neighbourSwap(ordered, index, direction);
                    if (pair) admin.swap(pair);
                  }}
                />
              )
            }
          >
            <CountChips
              items={[
                { key: 'areas', label: t('catalogue.counts.areas', { count: category.areas.value }) },
                { key: 'courses', label: t('catalogue.counts.courses', { count: category.courses.value }) },
                { key: 'lessons', label: t('catalogue.counts.lessons', { count: category.lessons.value }) },
                { key: 'codes', label: t('catalogue.counts.codes', { count: category.codes.value }) },
              ]}
            />
          </ColourCard>
        </CardGridItem>
      ))}
    </CardGrid>
  );
}
