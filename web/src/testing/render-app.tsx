/** Renders the whole application (providers, routes, guard) in memory at a given path. */
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProvider } from '@/app/provider';
import { buildRoutes } from '@/app/router';
import { initI18n, switchLanguage } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';

export async function renderApp(path: string) {
  await initI18n('en');
  await switchLanguage('en');
  const router = createMemoryRouter(buildRoutes(), { initialEntries: [path] });
  const queryClient = createQueryClient();
  const view = render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...view, router, queryClient };
}
