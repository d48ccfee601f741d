/**
 * TanStack Query client. Failures of queries and mutations that do not handle errors themselves
 * (no `meta.handlesErrors`, no own `onError`) go to the request-failure modal.
 */
import { MutationCache, QueryCache, QueryClient, type QueryKey } from '@tanstack/react-query';
import { isApiError, isNotFoundError, type ApiError } from './api-error';
import { reportRequestFailure } from './request-failures';

declare module '@tanstack/react-query' {
  interface Register {
    defaultError: ApiError;
    /** notFoundPage: the page shows a 404 as its not-found page (components/not-found/page-gate). */
    queryMeta: { handlesErrors?: boolean; notFoundPage?: boolean };
    mutationMeta: { handlesErrors?: boolean };
  }
}

/** Client errors (4xx) will not get better by retrying. */
const shouldRetry = (failureCount: number, error: unknown) =>
  failureCount < 2 && !(isApiError(error) && error.status >= 400 && error.status < 500);

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (query.meta?.handlesErrors || (query.meta?.notFoundPage && isNotFoundError(error))) return;
        reportRequestFailure(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (!mutation.meta?.handlesErrors && !mutation.options.onError) reportRequestFailure(error);
      },
    }),
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

/**
 * Puts a start-up answer (api-client `firstAnswer`) in the cache under the key of the screen that shows
 * it. A failure is neither retried nor reported here: the screen finds no data, asks again and reports.
 */
export function prefetchInto<T>(queryClient: QueryClient, queryKey: QueryKey, answer: () => Promise<T>): Promise<T | undefined> {
  return queryClient
    .fetchQuery({ queryKey, queryFn: answer, retry: false, meta: { handlesErrors: true } })
    .catch(() => undefined);
}
