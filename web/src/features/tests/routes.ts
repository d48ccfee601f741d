/** Screens of the tests feature, by route name (see lib/paths.ts); each loads on first visit. */
import type { LazyScreen } from '@/lib/lazy-screen';

export const testsScreens: Record<string, LazyScreen> = {
  cognitive_tests: () => import('./components/test-lists').then((m) => ({ Component: m.CognitiveTestsPage })),
  personalisation_tests: () => import('./components/test-lists').then((m) => ({ Component: m.PersonalisationTestsPage })),
  cognitive_test: () => import('./components/cognitive-test-page').then((m) => ({ Component: m.CognitiveTestPage })),
  personalisation_test: () => import('./components/personalisation-test-page').then((m) => ({ Component: m.PersonalisationTestPage })),
};
