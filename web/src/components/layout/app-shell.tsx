/**
 * The application shell: header, side menu (logged in), breadcrumbs, the red feedback alert, the
 * page, the footer, live notices from the user's WebSocket topic and the request-failure modal.
 */
import { useState, type ReactNode } from 'react';
import { Box, Container, Toolbar, useMediaQuery, useTheme } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { topics } from '@lectio/events';
import { useSession } from '@/lib/auth';
import { useTopic } from '@/lib/ws-client';
import { RequestFailureDialog } from '../dialogs/request-failure-dialog';
import { FeedbackAlert } from '../feedback/feedback';
import { MessageNotice } from '../notices/message-notice';
import { Breadcrumbs, DocumentTitle } from './breadcrumbs';
import { Footer } from './footer';
import { Header } from './header';
import { SideMenu } from './side-menu';
import { MAIN_ID, SkipLink } from './skip-link';

export function AppShell({ children }: { children: ReactNode }) {
  const { user, isAdmin, logout, updatePerformance } = useSession();
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('md'));
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const queryClient = useQueryClient();

  useTopic(user ? topics.user(user.user_id) : null, (message) => {
    if (message.type === 'message.new') {
      setNotice(message.message.title);
      void queryClient.invalidateQueries({ queryKey: ['messages'] });
    } else if (message.type === 'performance.changed') {
      updatePerformance({ xp: message.xp, coins: message.coins });
    }
  });

  const onLogout = () => void logout();

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <SkipLink />
      <DocumentTitle />
      <Header user={user} {...(user && narrow ? { onOpenMenu: () => setDrawerOpen(true) } : {})} />
      {user &&
        (narrow ? (
          <SideMenu
            isAdmin={isAdmin}
            onLogout={onLogout}
            mobile={{ open: drawerOpen, onClose: () => setDrawerOpen(false) }}
          />
        ) : (
          <SideMenu isAdmin={isAdmin} onLogout={onLogout} />
        ))}
      <Box sx={{ display: 'flex', flexDirection: 'column', flexGrow: 1, minWidth: 0 }}>
        <Toolbar />
        <Box
          component="main"
          id={MAIN_ID}
          tabIndex={-1}
          sx={{ flexGrow: 1, py: 3, '&:focus': { outline: 'none' } }}
        >
          <Container maxWidth="lg">
            {user && <Breadcrumbs />}
            <FeedbackAlert />
            {children}
          </Container>
        </Box>
        <Footer />
      </Box>
      <MessageNotice text={notice} onClose={() => setNotice(null)} />
      <RequestFailureDialog />
    </Box>
  );
}
