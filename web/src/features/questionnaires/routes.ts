/** Screens of the questionnaires feature, by route name (see lib/paths.ts); each loads on first visit. */
import type { LazyScreen } from '@/lib/lazy-screen';

export const questionnairesScreens: Record<string, LazyScreen> = {
  que_list: () => import('./components/que-list-page').then((m) => ({ Component: m.QueListPage })),
  questionnaire: () => import('./components/questionnaire-editor-page').then((m) => ({ Component: m.QuestionnaireEditorPage })),
  myquestionnaires: () => import('./components/my-questionnaires-page').then((m) => ({ Component: m.MyQuestionnairesPage })),
  myquestionnaire: () => import('./components/my-questionnaire-page').then((m) => ({ Component: m.MyQuestionnairePage })),
};
