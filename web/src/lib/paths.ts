/**
 * The route table of spec/1 §2 (history mode) and links to it. Each route has a stable name (the
 * first path segment, also used for menu test ids), its react-router path and who may enter it.
 * `pathTo` takes only names of this table: a misspelt or removed route fails to compile.
 */

/** Who may enter a route; the guard (app/guard.ts) decides with it. */
export type RouteAccess = 'public' | 'confirm' | 'open' | 'user' | 'admin' | 'student';

export interface AppRoute {
  name: string;
  path: string;
  access: RouteAccess;
}

const table = [
  // Public: only when not logged in.
  ['/login', 'public'],
  ['/404', 'public'],
  ['/register', 'public'],
  // Always passes and sets the confirm flag.
  ['/confirm/:mail/:token', 'confirm'],
  // The password wizard serves the anonymous reset (source 1) and the logged-in change (source 2).
  ['/pwdchange', 'open'],

  // Both roles.
  ['/dashboard', 'user'],
  ['/profile', 'user'],
  ['/leaderboard', 'user'],
  ['/categories', 'user'],
  ['/areas/:id', 'user'],
  ['/courses/:id', 'user'],
  ['/show_competition/:id', 'user'],
  ['/message_list/:id?', 'user'],
  ['/myquestionnaire/:id', 'user'],
  ['/myquestionnaires', 'user'],
  ['/show_solutions/:id', 'user'],
  ['/test/', 'user'],
  ['/teacher_dashboard/', 'user'],
  ['/groups/', 'user'],
  ['/teacher_chapters/:course_id', 'user'],
  ['/teacher_lessons/:course_id/:chapter_id', 'user'],
  ['/teacher_tasks/:course_id/:chapter_id/:lesson_id', 'user'],
  ['/teacher_task_detail/:course_id/:chapter_id/:lesson_id/:task_id', 'user'],
  ['/edit_chapters/:id', 'user'],
  ['/edit_lessons/:id', 'user'],
  ['/task_list/:id', 'user'],
  ['/task_edit/:course_id/:lesson_id/:id_type/:show_lang/:edit_lang/:id', 'user'],
  ['/teacher_quizzes/:id', 'user'],
  ['/teacher_groups/:id', 'user'],
  ['/course_groups/:id', 'user'],
  ['/student_settings/:id', 'user'],
  ['/student_quizzes/:id', 'user'],
  ['/student_duels/:id', 'user'],
  ['/course_teachers/:id', 'user'],
  ['/revisions_student/:course_id', 'user'],
  ['/revision_student/:course_id/:rev_id', 'user'],
  ['/revisions_teacher/:id', 'user'],
  ['/revisions_teacher_revisions/:course_id', 'user'],
  ['/teacher_competitions/:course_id', 'user'],
  ['/teacher_students/:course_id/:group_id', 'user'],
  ['/student_detail/:student_id', 'user'],
  ['/student_chapter/:student_id/:chapter_id', 'user'],
  ['/cognitive_tests', 'user'],
  ['/cognitive_test/:id', 'user'],
  ['/personalisation_tests', 'user'],
  ['/personalisation_test/:id', 'user'],

  // Admin only.
  ['/que_list', 'admin'],
  ['/message_admin_list', 'admin'],
  ['/edit_message/:id', 'admin'],
  ['/questionnaire/:id', 'admin'],
  ['/users_activity', 'admin'],
  ['/course_admin_content/:id', 'admin'],
  ['/lesson_admin_content/:id', 'admin'],
  ['/admin_content/:lesson_id/:id', 'admin'],
  ['/show_content/:id', 'admin'],
  ['/admin_type24/:lesson_id/:id', 'admin'],
  ['/admin_type56/:lesson_id/:id', 'admin'],
  ['/admin_type7/:lesson_id/:id', 'admin'],
  ['/admin_type8/:course_id/:lesson_id/:id', 'admin'],
  ['/admin_type_11/:lesson_id/:id', 'admin'],
  ['/admin_category/:id', 'admin'],
  ['/admin_area/:category_id/:id', 'admin'],
  ['/admin_chapter/:area_id/:course_id/:id/:ch_type', 'admin'],
  ['/admin_course/:category_id/:area_id/:id', 'admin'],
  ['/book_generator/:id', 'admin'],
  ['/admin_lesson/:course_id/:chapter_id/:id', 'admin'],
  ['/show_kernels/', 'admin'],

  // Students only.
  ['/course_preview/:id', 'student'],
  ['/course_content/:id', 'student'],
  ['/chapter_content/:id', 'student'],
  ['/competition_content/:id', 'student'],
  ['/competition_result/:id', 'student'],
] as const satisfies ReadonlyArray<readonly [string, RouteAccess]>;

type FirstSegment<P extends string> = P extends `/${infer S}/${string}` ? S : P extends `/${infer S}` ? S : never;

/** Every route name of the table ('areas', 'course_content', …), checked at compile time. */
export type AppRouteName = FirstSegment<(typeof table)[number][0]>;

/** The route name is the first path segment: '/areas/:id' → 'areas'. */
export const routeNameOf = (path: string): string => path.split('/').filter(Boolean)[0] ?? '';

export const appRoutes: AppRoute[] = table.map(([path, access]): AppRoute => ({
  name: routeNameOf(path),
  path,
  access,
}));

export const appRouteByName = (name: string): AppRoute | undefined => appRoutes.find((r) => r.name === name);

/** Link to a named route: `pathTo('areas', { id: 3 })` → '/areas/3'; optional parameters may be left out. */
export function pathTo(name: AppRouteName, params: Record<string, string | number> = {}): string {
  const route = appRouteByName(name);
  if (!route) throw new Error(`unknown route ${name}`);
  return route.path.replace(/\/:(\w+)(\?)?/g, (_, key: string, optional?: string) => {
    const value = params[key];
    if (value === undefined) {
      if (optional) return '';
      throw new Error(`route ${name}: missing parameter ${key}`);
    }
    return `/${encodeURIComponent(String(value))}`;
  });
}
