/**
 * Start-up: runtime config, the UI language and the first screen's code are fetched at the same time
 * (issue 20 item 22: each step used to wait for the previous one, a round trip each on a phone); the
 * router is created first, so it starts loading the current route's lazy screen at once.
 */
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { createAppRouter } from './app/router';
import { prefetchFirstScreen } from './app/prefetch';
import { configureApi } from './lib/api-client';
import { loadConfig } from './lib/config';
import { initI18n } from './lib/i18n';
import { storage } from './lib/storage';
import { config as configureZod } from 'zod/v4/core';

// zod compiles its parsers with `new Function` when it may; the CSP forbids eval, so its probe only made the
// browser report a violation (Lighthouse's best practices): the interpreted parsers are used from the start.
configureZod({ jitless: true });

async function start() {
  const router = createAppRouter();
  const configured = loadConfig().then((config) => {
    configureApi(config.apiBase);
    // A signed-in start asks for the user and the first screen's data now, not after the first render.
    if (storage.get('token')) prefetchFirstScreen(router);
  });
  await Promise.all([configured, initI18n()]);
  const container = document.getElementById('root');
  if (!container) throw new Error('#root missing');
  const root = createRoot(container);
  // A transition renders the first screen in slices that yield to the browser (React's 5 ms frames)
  // instead of one long task: a phone stays responsive while the shell mounts (total blocking time).
  startTransition(() =>
    root.render(
      <StrictMode>
        <App router={router} />
      </StrictMode>,
    ),
  );
}

void start();
