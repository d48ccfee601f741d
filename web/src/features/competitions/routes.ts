/** Screens of the competitions feature, by route name (see lib/paths.ts); each loads on first visit. */
import type { LazyScreen } from '@/lib/lazy-screen';

const result: LazyScreen = () => import('./components/competition-result-page').then((m) => ({ Component: m.CompetitionResultPage }));

export const competitionsScreens: Record<string, LazyScreen> = {
  // spec/3 §2: the student's result and the result view share one screen
  competition_result: result,
  show_competition: result,
  teacher_competitions: () => import('./components/teacher-competitions-page').then((m) => ({ Component: m.TeacherCompetitionsPage })),
};
