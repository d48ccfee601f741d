/** Screens of the teaching feature, by route name (see lib/paths.ts); each loads on first visit. */
import type { LazyScreen } from '@/lib/lazy-screen';

const students: LazyScreen = () => import('./components/students-page').then((m) => ({ Component: m.StudentsPage }));

export const teachingScreens: Record<string, LazyScreen> = {
  teacher_dashboard: () => import('./components/teacher-dashboard-page').then((m) => ({ Component: m.TeacherDashboardPage })),
  // spec/3 §2: the chapter table is the students view of every group.
  teacher_students: students,
  teacher_chapters: students,
  teacher_lessons: () => import('./components/lessons-page').then((m) => ({ Component: m.LessonsPage })),
  teacher_tasks: () => import('./components/tasks-page').then((m) => ({ Component: m.TasksPage })),
  teacher_task_detail: () => import('./components/task-detail-page').then((m) => ({ Component: m.TaskDetailPage })),
  student_detail: () => import('./components/student-detail-page').then((m) => ({ Component: m.StudentDetailPage })),
  student_chapter: () => import('./components/student-chapter-page').then((m) => ({ Component: m.StudentChapterPage })),
};
