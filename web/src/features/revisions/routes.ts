/** Screens of the revisions feature, by route name (see lib/paths.ts); each loads on first visit. */
import type { LazyScreen } from '@/lib/lazy-screen';

export const revisionsScreens: Record<string, LazyScreen> = {
  revisions_student: () => import('./components/student-revisions-page').then((m) => ({ Component: m.StudentRevisionsPage })),
  revisions_teacher_revisions: () => import('./components/teacher-revisions-page').then((m) => ({ Component: m.TeacherRevisionsPage })),
};
