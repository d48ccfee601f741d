/**
 * The root route: session, breadcrumbs and the shell around the route guard of spec/1 §6. The
 * guard waits while the session is loading or switching, then allows or redirects.
 */
import { useEffect, useLayoutEffect } from 'react';
import { Navigate, Outlet, useLocation, useMatches } from 'react-router';
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

export function RootRoute() {
  return (
    <SessionProvider>
      <BreadcrumbProvider>
        <AppShell live={<UserPushes />} headerExtra={<UnreadMessagesBadge />}>
          <FeedbackRouteReset />
          <RouteGuard />
        </AppShell>
      </BreadcrumbProvider>
    </SessionProvider>
  );
}
