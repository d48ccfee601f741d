/**
 * Start-up: runtime config, the UI language and the first screen's code are fetched at the same time
 * (issue 20 item 22: each step used to wait for the previous one, a round trip each on a phone); the
 * router is created first, so it starts loading the current route's lazy screen at once.
 *
 * A page rendered at build time (prerender.tsx: /login) is hydrated where it is what the app would draw;
 * anywhere else the app renders from scratch over it.
 */
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { renderingAhead } from './lib/use-hydrated';
import { App } from './app';
import { createAppRouter, type AppRouter } from './app/router';
import { prefetchFirstScreen } from './app/prefetch';
import { configureApi } from './lib/api-client';
import { createQueryClient } from './lib/query-client';
import { loadConfig } from './lib/config';
import { detectLanguage, initI18n } from './lib/i18n';
import { storage } from './lib/storage';
import { storedTheme } from './lib/theme-mode';
import { config as configureZod } from 'zod/v4/core';

// zod compiles its parsers with `new Function` when it may; the CSP forbids eval, so its probe only made the
// browser report a violation (Lighthouse's best practices): the interpreted parsers are used from the start.
configureZod({ jitless: true });

/** The build-time page fits: its path, no session, and English in the light theme (what it was rendered in). */
function hydratable(container: HTMLElement): boolean {
  const page = container.dataset.prerendered;
  if (!page) return false;
  const fits =
    page === window.location.pathname &&
    !storage.get('token') &&
    detectLanguage() === 'en' &&
    (storedTheme() ?? 'light') === 'light';
  if (!fits) delete container.dataset.prerendered;
  return fits;
}

/** Resolves once the router has loaded the current route's lazy screen (hydration needs the whole tree). */
const initialised = (router: AppRouter) =>
  new Promise<void>((resolve) => {
    if (router.state.initialized) return resolve();
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });

/** A new task: what comes after runs after the browser has had its turn (a long task split in two). */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function start() {
  // The entry's modules are evaluated in the task before; ranking the routes is a task of its own
  // (total blocking time on a phone: together they were one task of about 500 ms at 4x).
  await nextTask();
  const router = createAppRouter();
  const queryClient = createQueryClient();
  const configured = loadConfig().then((config) => {
    configureApi(config.apiBase);
    // A signed-in start asks for the user and the first screen's data now, not after the first render.
    if (storage.get('token')) prefetchFirstScreen(router, queryClient);
  });
  await Promise.all([configured, initI18n()]);
  const container = document.getElementById('root');
  if (!container) throw new Error('#root missing');
  const app = (
    <StrictMode>
      <App router={router} queryClient={queryClient} />
    </StrictMode>
  );
  // A transition renders (or hydrates) the first screen in slices that yield to the browser (React's 5 ms
  // frames) instead of one long task: a phone stays responsive while the shell mounts (total blocking time).
  if (hydratable(container)) {
    await initialised(router);
    renderingAhead();
    startTransition(() => {
      hydrateRoot(container, app);
    });
    return;
  }
  const root = createRoot(container);
  startTransition(() => root.render(app));
}

void start();
