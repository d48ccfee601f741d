/** Renders the whole application (providers, routes, guard) in memory at a given path, or one piece of UI with the app's providers. */
import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProvider } from '@/app/provider';
import { buildRoutes } from '@/app/router';
import { SessionProvider } from '@/lib/auth';
import { initI18n, switchLanguage } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';

async function renderRouter(makeRouter: () => ReturnType<typeof createMemoryRouter>) {
  await initI18n('en');
  await switchLanguage('en');
  const router = makeRouter();
  const queryClient = createQueryClient();
  const view = render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...view, router, queryClient };
}

export const renderApp = (path: string) => renderRouter(() => createMemoryRouter(buildRoutes(), { initialEntries: [path] }));

/** One piece of UI inside the app's providers, a memory router and the session, without the app's routes. */
export const renderInProviders = (ui: ReactNode) =>
  renderRouter(() => createMemoryRouter([{ path: '/', element: <SessionProvider>{ui}</SessionProvider> }], { initialEntries: ['/'] }));
