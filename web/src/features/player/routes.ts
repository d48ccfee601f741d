/** Screens of the player feature, by route name (see lib/paths.ts); each loads on first visit. */
import type { LazyScreen } from '@/lib/lazy-screen';

export const playerScreens: Record<string, LazyScreen> = {
  chapter_content: () => import('./components/chapter-content-page').then((m) => ({ Component: m.ChapterContentPage })),
  competition_content: () => import('./components/competition-content-page').then((m) => ({ Component: m.CompetitionContentPage })),
};
