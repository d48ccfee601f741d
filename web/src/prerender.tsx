/**
 * Build-time render of the pages a first visit opens without a session (issue 20 item 22): /login's HTML,
 * with emotion's styles inline, is written into the built page, so a phone shows the form as soon as the
 * document arrives and the app hydrates it instead of building it again (web/build.mjs, `prerender`).
 *
 * It renders the same tree as main.tsx (the providers, the route tree, the lazy screen already loaded), in
 * English and the light theme, which a first visit gets (local storage empty). A browser with another
 * language or theme stored does not get this HTML (main.tsx).
 */
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppProvider } from './app/provider';
import { buildRoutes } from './app/router';
import { initI18n } from './lib/i18n';
import { renderingAhead } from './lib/use-hydrated';
import { createQueryClient } from './lib/query-client';
import type { PrerenderedPath } from './prerendered-pages';

export { prerenderedPages } from './prerendered-pages';

/** The HTML of #root for `path`. */
export async function prerender(path: PrerenderedPath): Promise<string> {
  await initI18n('en');
  const handler = createStaticHandler(buildRoutes());
  const context = await handler.query(new Request(new URL(path, 'http://lectio.local')));
  if (context instanceof Response) throw new Error(`prerender ${path}: the route answered ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  renderingAhead();
  return renderToString(
    <AppProvider queryClient={createQueryClient()}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </AppProvider>,
  );
}
