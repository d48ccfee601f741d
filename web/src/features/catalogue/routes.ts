/**
 * Screens of the catalogue feature, by route name (see lib/paths.ts); each loads on first visit.
 * course_content is composed with the competitions tab in app/routes/course-content.tsx.
 */
import type { LazyScreen } from '@/lib/lazy-screen';

export const catalogueScreens: Record<string, LazyScreen> = {
  categories: () => import('./components/categories-page').then((m) => ({ Component: m.CategoriesPage })),
  areas: () => import('./components/areas-page').then((m) => ({ Component: m.AreasPage })),
  courses: () => import('./components/courses-page').then((m) => ({ Component: m.CoursesPage })),
  course_preview: () => import('./components/course-preview-page').then((m) => ({ Component: m.CoursePreviewPage })),
  leaderboard: () => import('./components/leaderboard-page').then((m) => ({ Component: m.LeaderboardPage })),
  admin_category: () => import('./components/admin-category-page').then((m) => ({ Component: m.AdminCategoryPage })),
  admin_area: () => import('./components/admin-area-page').then((m) => ({ Component: m.AdminAreaPage })),
  admin_course: () => import('./components/admin-course-page').then((m) => ({ Component: m.AdminCoursePage })),
};
