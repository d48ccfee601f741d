/**
 * False in HTML rendered ahead (prerender.tsx) and while React hydrates it, true once the app runs the page
 * (at once when the app renders it itself). A form rendered ahead keeps its submit disabled until then: the
 * browser's own submission would send the fields in the URL.
 *
 * The switch after hydration is a transition: a store whose server value differs from the client's (the
 * former `useSyncExternalStore` here) makes React render again synchronously right after hydrating, one long
 * task on a phone (issue 20 item 22).
 */
import { startTransition, useEffect, useState } from 'react';

/** True from `renderingAhead()` until the first component rendered ahead has mounted in the browser. */
let ahead = false;

/** The page is being rendered ahead (at build time) or hydrated: components start unhydrated. */
export function renderingAhead(): void {
  ahead = true;
}

export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(() => !ahead);
  useEffect(() => {
    // Effects run only in the browser, after hydration: whatever mounts from now on is the app's own.
    ahead = false;
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}
