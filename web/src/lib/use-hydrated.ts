/**
 * False in HTML rendered ahead (prerender.tsx) and while React hydrates it, true once the app runs the page
 * (at once when the app renders it itself). A form rendered ahead keeps its submit disabled until then: the
 * browser's own submission would send the fields in the URL.
 */
import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

export const useHydrated = (): boolean =>
  useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
