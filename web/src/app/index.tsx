/** The application: providers around the router and the query cache (the caller's, when it wants loading to start early). */
import { useState } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { createQueryClient } from '@/lib/query-client';
import { AppProvider } from './provider';
import { createAppRouter, type AppRouter } from './router';

export function App({ router: given, queryClient: givenClient }: { router?: AppRouter; queryClient?: QueryClient }) {
  const [queryClient] = useState(() => givenClient ?? createQueryClient());
  const [router] = useState(() => given ?? createAppRouter());
  return (
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
