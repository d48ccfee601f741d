/** Route component for every screen that comes with a later issue. */
import { useMatches, useParams } from 'react-router';
import { NotBuilt } from '@/components/not-built';
import { useBreadcrumbs } from '@/components/layout/breadcrumbs';
import { currentHandle } from '../route-handle';

export function NotBuiltRoute() {
  const params = useParams();
  const name = currentHandle(useMatches())?.name ?? '';
  useBreadcrumbs([{ label: name }]);
  return <NotBuilt routeName={name} params={params} />;
}
