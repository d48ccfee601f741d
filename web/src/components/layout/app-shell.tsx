/**
 * The application shell: header, side menu (logged in), breadcrumbs, the red feedback alert, the
 * page, the footer, the live notices app/ composes from the features' pushes (`live`), what app/ adds
 * to the header for a logged-in user (`headerExtra`: the unread messages) and the request-failure modal. The shell handles no pushes itself.
 */
import { useState, type ReactNode } from 'react';
import { Box, Container, Toolbar, useMediaQuery, useTheme } from '@mui/material';
import { useSession } from '@/lib/auth';
import { RequestFailureDialog } from '../dialogs/request-failure-dialog';
import { FeedbackAlert } from '../feedback/feedback';
import { Breadcrumbs, DocumentTitle } from './breadcrumbs';
import { Footer } from './footer';
import { Header } from './header';
import { SideMenu } from './side-menu';
import { MAIN_ID, SkipLink } from './skip-link';

export function AppShell({ children, live, headerExtra }: { children: ReactNode; live?: ReactNode; headerExtra?: ReactNode }) {
  const { user, isAdmin, logout } = useSession();
  const theme = useTheme();
  // At once, also while hydrating (see Header): without a user the shell is the same at every width.
  const narrow = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const [drawerOpen, setDrawerOpen] = useState(false);

  const onLogout = () => void logout();

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <SkipLink />
      <DocumentTitle />
      <Header user={user} extra={headerExtra} {...(user && narrow ? { onOpenMenu: () => setDrawerOpen(true) } : {})} />
      {user &&
        (narrow ? (
          <SideMenu isAdmin={isAdmin} onLogout={onLogout} mobile={{ open: drawerOpen, onClose: () => setDrawerOpen(false) }} />
        ) : (
          <SideMenu isAdmin={isAdmin} onLogout={onLogout} />
        ))}
      <Box sx={{ display: 'flex', flexDirection: 'column', flexGrow: 1, minWidth: 0 }}>
        <Toolbar />
        <Box
          component="main"
          id={MAIN_ID}
          tabIndex={-1}
          // At least a screen high: the footer starts below the fold, so it does not jump down (a layout shift)
          // when the page's content arrives after its code and data.
          sx={{ flexGrow: 1, minHeight: '100vh', py: 3, '&:focus': { outline: 'none' } }}
        >
          <Container maxWidth="lg">
            {user && <Breadcrumbs />}
            <FeedbackAlert />
            {children}
          </Container>
        </Box>
        <Footer />
      </Box>
      {live}
      <RequestFailureDialog />
    </Box>
  );
}
