/** Wraps a screen so that it renders only with well-formed ids in the path (lib/route-ids.ts). */
import type { ComponentType } from 'react';
import { useParams } from 'react-router';
import { NotFoundPage } from '@/components/not-found/not-found-page';
import { validRouteParams } from '@/lib/route-ids';

export function withCheckedIds(Screen: ComponentType): ComponentType {
  function CheckedIds() {
    const params = useParams();
    return validRouteParams(params) ? <Screen /> : <NotFoundPage />;
  }
  CheckedIds.displayName = `CheckedIds(${Screen.displayName ?? Screen.name})`;
  return CheckedIds;
}
