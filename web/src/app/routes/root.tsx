/**
 * The root route: session, breadcrumbs and the shell around the route guard of spec/1 §6. The
 * guard waits while the session is loading or switching, then allows or redirects.
 */
import { useEffect, useLayoutEffect } from 'react';
import { Navigate, Outlet, useLocation, useMatches, useNavigation } from 'react-router';
import { LinearProgress } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { AppShell } from '@/components/layout/app-shell';
import { BreadcrumbProvider } from '@/components/layout/breadcrumbs';
import { PageSpinner } from '@/components/page-spinner';
import { useFeedbackRoute } from '@/components/feedback/feedback';
import { SessionProvider, useSession } from '@/lib/auth';
import { storage } from '@/lib/storage';
import { guardDecision, type GuardDecision } from '../guard';
import { currentHandle } from '../route-handle';
import { UserPushes } from '../user-pushes';
import { UnreadMessagesBadge } from '@/features/messages/components/unread-badge';

function Redirect({ decision }: { decision: Extract<GuardDecision, { action: 'redirect' }> }) {
  useLayoutEffect(() => {
    if ('saveRedirect' in decision) storage.set('redirect', decision.saveRedirect);
  }, [decision]);
  return <Navigate to={decision.to} replace />;
}

function ConfirmFlag() {
  useEffect(() => {
    storage.set('confirm', 'true');
  }, []);
  return null;
}

export function RouteGuard() {
  const { status, isAdmin } = useSession();
  const location = useLocation();
  const handle = currentHandle(useMatches());

  if (status === 'loading' || status === 'switching') return <PageSpinner />;
  const decision = guardDecision({
    path: `${location.pathname}${location.search}${location.hash}`,
    routeAccess: handle?.access ?? 'public',
    loggedIn: status === 'authenticated',
    isAdmin,
  });
  if (decision.action === 'redirect') return <Redirect decision={decision} />;
  return (
    <>
      {decision.setConfirm && <ConfirmFlag />}
      <Outlet />
    </>
  );
}

/** Page feedback belongs to its page: it clears when the pathname changes. */
function FeedbackRouteReset() {
  useFeedbackRoute(useLocation().pathname);
  return null;
}

/**
 * Each screen's code loads on its first visit (router.tsx): while it does, the page being left stays and a
 * progress bar across the top says so (a screen reader hears it named), instead of nothing happening.
 */
export function NavigationProgress() {
  const { t } = useTranslation();
  const { state } = useNavigation();
  if (state !== 'loading') return null;
  return (
    <LinearProgress
      aria-label={t('app.loading')}
      data-testid="navigation-progress"
      sx={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: (theme) => theme.zIndex.modal + 1 }}
    />
  );
}

export function RootRoute() {
  return (
    <SessionProvider>
      <BreadcrumbProvider>
        <AppShell live={<UserPushes />} headerExtra={<UnreadMessagesBadge />}>
          <NavigationProgress />
          <FeedbackRouteReset />
          <RouteGuard />
        </AppShell>
      </BreadcrumbProvider>
    </SessionProvider>
  );
}
