/** Screens of the groups feature, by route name (see lib/paths.ts); each loads on first visit. */
import type { LazyScreen } from '@/lib/lazy-screen';

const courseGroups: LazyScreen = () => import('./components/course-groups-page').then((m) => ({ Component: m.CourseGroupsPage }));

export const groupsScreens: Record<string, LazyScreen> = {
  groups: () => import('./components/groups-page').then((m) => ({ Component: m.GroupsPage })),
  // spec/3 §2: the teacher groups page of a course has three names; one screen serves them.
  course_groups: courseGroups,
  teacher_groups: courseGroups,
  teacher_quizzes: courseGroups,
  student_settings: () => import('./components/student-settings-page').then((m) => ({ Component: m.StudentSettingsPage })),
};
