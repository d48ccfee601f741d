/** Route component for every screen that comes with a later issue. */
import { useMatches, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { NotBuilt } from '@/components/not-built';
import { useBreadcrumbs } from '@/components/layout/breadcrumbs';
import { currentHandle } from '../route-handle';

/** The crumb and tab title: the menu's name for the screen where it has one, never the raw route id. */
export function useScreenTitle(routeName: string): string {
  const { t, i18n } = useTranslation();
  const key = `menu.${routeName}`;
  return i18n.exists(key) ? (t as unknown as (k: string) => string)(key) : t('notBuilt.title');
}

export function NotBuiltRoute() {
  const params = useParams();
  const name = currentHandle(useMatches())?.name ?? '';
  useBreadcrumbs([{ label: useScreenTitle(name) }]);
  return <NotBuilt routeName={name} params={params} />;
}
