/**
 * The one mutation helper of the web: TanStack's `useMutation` with a guard against repeated
 * submits. From the first call until the request settles, `isPending` is true (so the action button
 * that shows `disabled={action.isPending}` is disabled before a second click can land) and further
 * calls do not send another request: `mutate` ignores them, `mutateAsync` returns the running
 * request's promise. TanStack reports its own pending state a tick later, which a double click beats.
 *
 * `{ concurrent: true }` opts out for actions that may overlap on purpose (e.g. one per list item).
 */
import { useCallback, useRef, useState } from 'react';
import {
  useMutation,
  type DefaultError,
  type MutateOptions,
  type UseMutationOptions,
  type UseMutationResult,
} from '@tanstack/react-query';

export interface ActionOptions {
  concurrent?: boolean;
}

export function useAction<TData = unknown, TError = DefaultError, TVariables = void, TContext = unknown>(
  options: UseMutationOptions<TData, TError, TVariables, TContext>,
  { concurrent = false }: ActionOptions = {},
): UseMutationResult<TData, TError, TVariables, TContext> {
  const mutation = useMutation(options);
  const running = useRef<Promise<TData> | null>(null);
  const [starting, setStarting] = useState(false);
  const { mutateAsync: send } = mutation;

  const mutateAsync = useCallback(
    (variables: TVariables, callbacks?: MutateOptions<TData, TError, TVariables, TContext>): Promise<TData> => {
      if (concurrent) return send(variables, callbacks);
      if (running.current) return running.current;
      setStarting(true);
      const request = send(variables, callbacks).finally(() => {
        running.current = null;
        setStarting(false);
      });
      running.current = request;
      return request;
    },
    [send, concurrent],
  );

  const mutate = useCallback(
    (variables: TVariables, callbacks?: MutateOptions<TData, TError, TVariables, TContext>) => {
      // Failures reach the callbacks and the query client's error handling; the promise is not needed.
      mutateAsync(variables, callbacks).catch(() => undefined);
    },
    [mutateAsync],
  );

  const busy = mutation.isPending || starting;
  return {
    ...mutation,
    mutate,
    mutateAsync,
    isPending: busy,
    ...(busy && mutation.isIdle ? { isIdle: false, status: 'pending' } : {}),
  } as UseMutationResult<TData, TError, TVariables, TContext>;
}
