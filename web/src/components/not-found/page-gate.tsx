/**
 * What a page shows until its main query has data: a spinner while loading, the not-found page
 * when the server does not know the item (404), nothing after another failure (the request-failure
 * modal reported it). Main queries set `meta: { notFoundPage: true }` so a 404 skips that modal.
 *
 *   const gate = pageGate(query); if (gate) return gate;
 */
import type { ReactElement } from 'react';
import { PageSpinner } from '@/components/page-spinner';
import { isNotFoundError } from '@/lib/api-error';
import { NotFoundPage } from './not-found-page';

interface QueryLike {
  isPending: boolean;
  error: unknown;
  data?: unknown;
}

export function pageGate(query: QueryLike): ReactElement | null {
  if (query.data !== undefined) return null;
  if (query.isPending) return <PageSpinner />;
  if (isNotFoundError(query.error)) return <NotFoundPage />;
  return <></>;
}
