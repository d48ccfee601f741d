/**
 * Overlays of the shell (menus, dialogs, the phone's drawer, notices) that are closed when a page starts:
 * their code (MUI's Modal, Popover, Menu, Dialog, Drawer, Snackbar and their transitions) is not part of
 * the first screen (issue 20 item 22: it was a third of the entry's MUI, evaluated on every start).
 *
 * `lazyOverlay(load, isOpen, close)` makes a component with the overlay's props that renders nothing until
 * the overlay is first open, then the loaded overlay, kept mounted (its closing animation and focus return
 * work as before); `close` is called when the overlay's code cannot be fetched. Every overlay's code is
 * fetched at the user's first pointer or key press anywhere (a press comes before the click that opens one),
 * or once the page has been idle a while, so a first open rarely waits for the network.
 */
import { useEffect, useRef, useState, type ComponentType } from 'react';
import { retryingImport, useRetryingImport } from '@/lib/retrying-import';

const loaders = new Set<() => Promise<unknown>>();
let preloaded = false;

function preloadAll(): void {
  if (preloaded) return;
  preloaded = true;
  for (const load of loaders) void load().catch(() => undefined);
}

let scheduled = false;
/**
 * Code a screen may need at the user's first action and should not download before (a judge's terminal):
 * fetched with the overlays' code, at the first press anywhere or once the page has been idle a while.
 */
export function preloadAtFirstPress(load: () => Promise<unknown>): void {
  loaders.add(load);
  if (preloaded) void load().catch(() => undefined);
  else schedulePreload();
}

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
  close: (props: P) => void,
): ComponentType<P> {
  // One fetch per overlay, kept once it arrived. A failed one (offline, or a deploy replaced the chunk) is not
  // kept: the overlay closes (React.lazy kept the failure and broke the page at every later render) and the
  // next open fetches it again.
  const code = retryingImport(() => load().then((module) => module.default));
  loaders.add(code.get);

  function LazyOverlay(props: P) {
    const open = isOpen(props);
    const [used, setUsed] = useState(open);
    // After a failed fetch: 'open' until the overlay has closed, then 'closed' until it opens again (no fetch
    // meanwhile: offline, each try would fail at once).
    const [failed, setFailed] = useState<false | 'open' | 'closed'>(false);
    // Set while rendering (React's pattern for state derived from props): the overlay mounts in this render
    // when its code is there; the next open after a failed fetch fetches again.
    if (open && !used) setUsed(true);
    if (!open && failed === 'open') setFailed('closed');
    if (open && failed === 'closed') setFailed(false);
    useEffect(schedulePreload, []);
    const latest = useRef(props);
    useEffect(() => {
      latest.current = props;
    });
    // Code that arrived while this overlay was closed (the preload) is used at once.
    const Current = useRetryingImport(code, used && !failed, () => {
      setFailed('open');
      close(latest.current);
    });
    return Current && used ? <Current {...props} /> : null;
  }
  return LazyOverlay;
}
