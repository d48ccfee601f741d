/**
 * Start-up: runtime config, the UI language and the first screen's code are fetched at the same time
 * (issue 20 item 22: each step used to wait for the previous one, a round trip each on a phone); the
 * router is created first, so it starts loading the current route's lazy screen at once.
 */
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { createAppRouter } from './app/router';
import { configureApi, preloadApi } from './lib/api-client';
import { loadConfig } from './lib/config';
import { initI18n } from './lib/i18n';
import { storage } from './lib/storage';

async function start() {
  const router = createAppRouter();
  // A signed-in start asks for the user at once: its API client loads alongside the first screen.
  if (storage.get('token')) preloadApi();
  const [config] = await Promise.all([loadConfig(), initI18n()]);
  configureApi(config.apiBase);
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
