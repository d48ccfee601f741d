/** Screens of the kernels feature, by route name (see lib/paths.ts); each loads on first visit. */
import type { LazyScreen } from '@/lib/lazy-screen';

export const kernelsScreens: Record<string, LazyScreen> = {
  show_kernels: () => import('./components/show-kernels-page').then((m) => ({ Component: m.ShowKernelsPage })),
};
