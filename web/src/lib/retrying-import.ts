/**
 * A lazily loaded module fetched once and kept, unlike `React.lazy`, which keeps a failed fetch (offline, or a
 * deploy replaced the chunk) and throws it at every later render: a failed fetch is forgotten, so the next
 * `get()` fetches again. Used where a screen can go on without the code (shell overlays, the code editor).
 */
import { useEffect, useReducer, useRef } from 'react';

export interface RetryingImport<T> {
  /** The module's value: at once when it arrived before, else one shared fetch. */
  get: () => Promise<T>;
  /** The value if it has arrived, else null. */
  loaded: () => T | null;
}

export function retryingImport<T>(load: () => Promise<T>): RetryingImport<T> {
  let value: { current: T } | null = null;
  let loading: Promise<T> | null = null;
  return {
    get: () =>
      (loading ??= load().then(
        (module) => (value = { current: module }).current,
        (error: unknown) => ((loading = null), Promise.reject(error)),
      )),
    loaded: () => value?.current ?? null,
  };
}

/**
 * The module's value once it is `wanted` and has arrived (at once if it arrived before, e.g. fetched ahead);
 * null meanwhile. A failed fetch calls `onFailed`, and `wanted` must become false and true again (the next
 * open or press) for the next fetch: offline, a retry at each render would fail at once, again and again.
 */
export function useRetryingImport<T>(code: RetryingImport<T>, wanted: boolean, onFailed: () => void): T | null {
  // The value is the module's own (`code.loaded()`); this only renders again when it arrives.
  const [, arrived] = useReducer((n: number) => n + 1, 0);
  const current = code.loaded();
  const fetching = wanted && current === null;
  const failed = useRef(onFailed);
  useEffect(() => {
    failed.current = onFailed;
  });
  useEffect(() => {
    if (!fetching) return undefined;
    let live = true;
    code.get().then(
      () => live && arrived(),
      () => live && failed.current(),
    );
    return () => {
      live = false;
    };
  }, [code, fetching]);
  return current;
}
