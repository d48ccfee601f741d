/** Screens of the authoring feature, by route name (see lib/paths.ts); each loads on first visit. */
import type { LazyScreen } from '@/lib/lazy-screen';

export const authoringScreens: Record<string, LazyScreen> = {
  admin_chapter: () => import('./components/admin-chapter-page').then((m) => ({ Component: m.AdminChapterPage })),
  admin_lesson: () => import('./components/admin-lesson-page').then((m) => ({ Component: m.AdminLessonPage })),
  course_admin_content: () => import('./components/course-admin-content-page').then((m) => ({ Component: m.CourseAdminContentPage })),
  edit_chapters: () => import('./components/edit-chapters-page').then((m) => ({ Component: m.EditChaptersPage })),
  edit_lessons: () => import('./components/edit-lessons-page').then((m) => ({ Component: m.EditLessonsPage })),
  task_list: () => import('./components/task-list-page').then((m) => ({ Component: m.TaskListPage })),
  lesson_admin_content: () => import('./components/task-list-page').then((m) => ({ Component: m.TaskListPage })),
  book_generator: () => import('./components/book-generator-page').then((m) => ({ Component: m.BookGeneratorPage })),
};

const editor: LazyScreen = () => import('./task-editor/task-editor-page').then((m) => ({ Component: m.TaskEditorPage }));

export const taskEditorScreens: Record<string, LazyScreen> = {
  admin_content: editor,
  admin_type24: editor,
  admin_type56: editor,
  admin_type7: editor,
  admin_type8: editor,
  admin_type_11: editor,
  task_edit: editor,
};

const viewer: LazyScreen = () => import('./task-viewer/task-viewer-page').then((m) => ({ Component: m.TaskViewerPage }));

export const taskViewerScreens: Record<string, LazyScreen> = {
  show_content: viewer,
  show_solutions: viewer,
};
