/**
 * The router: every route of spec/1 §2 in history mode, each lazy-loaded, each carrying its name
 * and access flag for the guard. Screens not built yet share the not-built page.
 */
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { PageSpinner } from '@/components/page-spinner';
import { appRoutes } from '@/lib/paths';
import type { RouteHandle } from './route-handle';
import { RootRoute } from './routes/root';
import { RouteErrorBoundary } from './routes/error';
import { routerWindow } from './router-window';
import type { LazyScreen } from '@/lib/lazy-screen';
import { accountsScreens } from '@/features/accounts/routes';
import { catalogueScreens } from '@/features/catalogue/routes';
import { testsScreens } from '@/features/tests/routes';
import { playerScreens } from '@/features/player/routes';
import { taskEditorScreens, taskViewerScreens } from '@/features/authoring/routes';
import { authoringScreens } from '@/features/authoring/routes';
import { groupsScreens } from '@/features/groups/routes';
import { teachingScreens } from '@/features/teaching/routes';
import { revisionsScreens } from '@/features/revisions/routes';
import { questionnairesScreens } from '@/features/questionnaires/routes';
import { competitionsScreens } from '@/features/competitions/routes';
import { messagesScreens } from '@/features/messages/routes';
import { activityScreens } from '@/features/activity/routes';
import { kernelsScreens } from '@/features/kernels/routes';


const loginScreen: LazyScreen = () => import('./routes/login').then((m) => ({ Component: m.LoginRoute }));
const notBuiltScreen: LazyScreen = () =>
  import('./routes/not-built').then((m) => ({ Component: m.NotBuiltRoute }));

const specPlaceholder: LazyScreen = () => import('./routes/spec-placeholder').then((m) => ({ Component: m.SpecPlaceholderRoute }));

const unknownScreen: LazyScreen = () => import('./routes/unknown').then((m) => ({ Component: m.UnknownRoute }));

/** A screen whose path ids are checked first: a malformed id renders the not-found page. */
const checked =
  (screen: LazyScreen): LazyScreen =>
  async () => {
    const [loaded, { withCheckedIds }] = await Promise.all([screen(), import('./routes/checked-ids')]);
    return loaded.Component ? { ...loaded, Component: withCheckedIds(loaded.Component) } : loaded;
  };

/** Screens that exist; every other route name renders the not-built page. */
const screens: Record<string, LazyScreen> = {
  login: loginScreen,
  '404': loginScreen,
  dashboard: () => import('./routes/dashboard').then((m) => ({ Component: m.DashboardRoute })),
  course_content: () => import('./routes/course-content').then((m) => ({ Component: m.CourseContentRoute })),
  revision_student: () => import('./routes/revision-student').then((m) => ({ Component: m.RevisionStudentRoute })),
  revisions_teacher: () => import('./routes/revisions-teacher').then((m) => ({ Component: m.RevisionsTeacherRoute })),
  ...accountsScreens,
  ...catalogueScreens,
  ...testsScreens,
  ...playerScreens,
  ...taskEditorScreens,
  ...taskViewerScreens,
  ...authoringScreens,
  ...groupsScreens,
  ...competitionsScreens,
  ...teachingScreens,
  ...revisionsScreens,
  ...questionnairesScreens,
  ...messagesScreens,
  ...activityScreens,
  ...kernelsScreens,
  // spec/3 §2: placeholder screens by design; they say what they are.
  student_quizzes: specPlaceholder,
  student_duels: specPlaceholder,
  course_teachers: specPlaceholder,
};

/** The route names that have a screen (every other one renders the not-built page). */
export const builtScreenNames = (): string[] => Object.keys(screens);

export function buildRoutes(): RouteObject[] {
  const pages: RouteObject[] = appRoutes.map((route) => ({
    path: route.path,
    handle: { name: route.name, access: route.access } satisfies RouteHandle,
    lazy: checked(screens[route.name] ?? notBuiltScreen),
  }));
  return [
    {
      path: '/',
      Component: RootRoute,
      HydrateFallback: PageSpinner,
      children: [
        {
          ErrorBoundary: RouteErrorBoundary,
          children: [
            {
              index: true,
              handle: { name: 'home', access: 'open' } satisfies RouteHandle,
              element: <Navigate to="/dashboard" replace />,
            },
            ...pages,
            // An unknown path: the not-found notice, for logged-in users too (no silent redirect).
            { path: '*', handle: { name: '404', access: 'open' } satisfies RouteHandle, lazy: unknownScreen },
          ],
        },
      ],
    },
  ];
}

export const createAppRouter = () => createBrowserRouter(buildRoutes(), { window: routerWindow() });
export type AppRouter = ReturnType<typeof createAppRouter>;
