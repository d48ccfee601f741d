/** /areas/{id} (id is the category): the category's areas as cards with icon, colour and course count. */
import { useParams } from 'react-router';
import { Alert } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { AdminAddButton } from '@/components/editing/admin-add-button';
import { pathTo } from '@/lib/paths';
import { CardGrid, CardGridItem } from '@/components/cards/card-grid';
import { ColourCard, ColourIcon } from '@/components/cards/colour-card';
import { useBreadcrumbs } from '@/components/layout/breadcrumbs';
import { pageGate } from '@/components/not-found/page-gate';
import { useSession } from '@/lib/auth';
import { useCatalogueAdmin } from '../api/admin-list-actions';
import { useAreas } from '../api/lists';
import { neighbourSwap } from '@/components/editing/reorder';
import { AdminCardActions } from '@/components/editing/admin-card-actions';
import { CountChips } from './count-chips';
import { PageHeading } from '@/components/layout/page-heading';

export function AreasPage() {
  const { t } = useTranslation();
  const categoryId = Number(useParams().id);
  const { isAdmin } = useSession();
  const query = useAreas(categoryId);
  const admin = useCatalogueAdmin('area');
  useBreadcrumbs(query.data ? [{ label: query.data.category.name }] : [{ label: '' }]);

  const gate = pageGate(query);
  if (gate || !query.data) return gate;
  const { areas, category } = query.data;
  const ordered = areas.map((a) => ({ id: a.id, order: a.area_order }));

  return (
    <>
      <PageHeading
        title={category.name}
        subtitle={t('catalogue.areas.subtitle')}
        action={
          <AdminAddButton
            to={pathTo('admin_area', { category_id: categoryId, id: 0 })}
            label={t('catalogue.areas.add')}
            testId="add-area"
          />
        }
      />
      {areas.length === 0 ? (
        <Alert severity="info">{t('catalogue.areas.empty')}</Alert>
      ) : (
        <CardGrid label={t('catalogue.areas.title', { name: category.name })} testId="area-grid">
          {areas.map((area, index) => (
            <CardGridItem key={area.id} testId="area-card">
              <ColourCard
                colour={area.area_color}
                title={area.area_name}
                to={pathTo('courses', { id: area.id })}
                icon={<ColourIcon colour={area.area_color} src={area.area_icon || undefined} name={area.area_name} />}
                actions={
                  isAdmin && (
                    <AdminCardActions
                      name={area.area_name}
                      editTo={pathTo('admin_area', { category_id: categoryId, id: area.id })}
                      index={index}
                      count={areas.length}
                      busy={admin.busy}
                      onDelete={() => void admin.confirmDelete(area.id, area.area_name)}
                      onMove={(direction) => {
                        const pair = neighbourSwap(ordered, index, direction);
                        if (pair) admin.swap(pair);
                      }}
                    />
                  )
                }
              >
                <CountChips
                  items={[{ key: 'courses', label: t('catalogue.counts.courses', { count: area.number_of_courses }) }]}
                />
              </ColourCard>
            </CardGridItem>
          ))}
        </CardGrid>
      )}
    </>
  );
}
