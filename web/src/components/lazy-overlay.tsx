/**
 * Overlays of the shell (menus, dialogs, the phone's drawer, notices) that are closed when a page starts:
 * their code (MUI's Modal, Popover, Menu, Dialog, Drawer, Snackbar and their transitions) is not part of
 * the first screen (issue 20 item 22: it was a third of the entry's MUI, evaluated on every start).
 *
 * `lazyOverlay(load, isOpen)` makes a component with the overlay's props that renders nothing until the
 * overlay is first open, then the loaded overlay, kept mounted (its closing animation and focus return
 * work as before). Every overlay's code is fetched at the user's first pointer or key press anywhere (a
 * press comes before the click that opens one), or once the page has been idle a while, so a first open
 * rarely waits for the network.
 */
import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';

const loaders = new Set<() => Promise<unknown>>();
let preloaded = false;

function preloadAll(): void {
  if (preloaded) return;
  preloaded = true;
  for (const load of loaders) void load().catch(() => undefined);
}

let scheduled = false;
/** The first press anywhere, or 10 s after start-up when the browser is idle, fetches every overlay. */
function schedulePreload(): void {
  if (scheduled || typeof window === 'undefined') return;
  scheduled = true;
  const options = { once: true, capture: true, passive: true } as const;
  window.addEventListener('pointerdown', preloadAll, options);
  window.addEventListener('keydown', preloadAll, options);
  window.setTimeout(() => {
    // The page may be gone by then (a unit test's DOM is torn down while its worker runs the next file).
    if (typeof window === 'undefined') return;
    if (window.requestIdleCallback) window.requestIdleCallback(preloadAll);
    else preloadAll();
  }, 10_000);
}

export function lazyOverlay<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  isOpen: (props: P) => boolean,
): ComponentType<P> {
  // One fetch per overlay: a failed one (a deploy replaced the chunk) is tried again on the next open.
  let loading: Promise<{ default: ComponentType<P> }> | null = null;
  const loadOnce = () => (loading ??= load().catch((error: unknown) => ((loading = null), Promise.reject(error))));
  loaders.add(loadOnce);
  const Loaded = lazy(loadOnce);

  function LazyOverlay(props: P) {
    const open = isOpen(props);
    const [used, setUsed] = useState(open);
    // Set while rendering (React's pattern for state derived from props): the overlay mounts in this render.
    if (open && !used) setUsed(true);
    useEffect(schedulePreload, []);
    if (!used && !open) return null;
    return (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    );
  }
  return LazyOverlay;
}
