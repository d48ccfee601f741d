/** Start-up: runtime config → API transport → i18n → render. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { configureApi } from './lib/api-client';
import { loadConfig } from './lib/config';
import { initI18n } from './lib/i18n';

async function start() {
  const config = await loadConfig();
  configureApi(config.apiBase);
  await initI18n();
  const container = document.getElementById('root');
  if (!container) throw new Error('#root missing');
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void start();
