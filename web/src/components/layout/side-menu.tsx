/**
 * The side menu of the logged-in shell: a permanent drawer on wide screens, a temporary drawer
 * opened from the header's menu button on narrow ones. Both render the same entries.
 */
import { Link as RouterLink, useLocation } from 'react-router';
import {
  Box,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  ListSubheader,
  Paper,
  Toolbar,
} from '@mui/material';
import Logout from '@mui/icons-material/Logout';
import { useTranslation } from 'react-i18next';
import { isBuilt } from '@/lib/screens-built';
import { lazyOverlay } from '../lazy-overlay';
import { adminEntries, userEntries, type MenuEntry } from './menu-entries';

/** The phone's drawer (MUI's temporary Drawer, a modal) loads when first opened. */
const MobileDrawer = lazyOverlay(() => import('./side-menu-drawer'), (props) => props.open, (props) => props.onClose());

// Entries whose screen is not built yet are not offered (lib/screens-built.ts says which).
const shownUserEntries = userEntries.filter((e) => isBuilt(e.name));
const shownAdminEntries = adminEntries.filter((e) => isBuilt(e.name));

export const DRAWER_WIDTH = 256;

interface SideMenuProps {
  isAdmin: boolean;
  onLogout: () => void;
  /** Temporary (mobile) drawer when defined. */
  mobile?: { open: boolean; onClose: () => void };
}

export function SideMenu({ isAdmin, onLogout, mobile }: SideMenuProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const close = () => mobile?.onClose();

  // Each entry sits in an <li>: a <ul> may hold only list items (axe `list`, WCAG 1.3.1).
  const entry = ({ name, to, icon: Icon }: MenuEntry) => (
    <ListItem key={name} disablePadding>
      <ListItemButton
        component={RouterLink}
        to={to}
        data-testid={`menu-${name}`}
        selected={location.pathname.replace(/\/$/, '') === to.replace(/\/$/, '')}
        onClick={close}
      >
        <ListItemIcon>
          <Icon />
        </ListItemIcon>
        <ListItemText primary={t(`menu.${name}`)} />
      </ListItemButton>
    </ListItem>
  );

  const content = (
    <Box component="nav" aria-label={t('menu.title')} sx={{ overflowY: 'auto' }}>
      <List data-testid="side-menu">
        {shownUserEntries.map(entry)}
        <ListItem disablePadding>
          <ListItemButton
            data-testid="menu-logout"
            onClick={() => {
              close();
              onLogout();
            }}
          >
            <ListItemIcon>
              <Logout />
            </ListItemIcon>
            <ListItemText primary={t('menu.logout')} />
          </ListItemButton>
        </ListItem>
        {isAdmin && shownAdminEntries.length > 0 && (
          <>
            {/* The rule above the section is the subheader's border: a separator is no list item. */}
            <ListSubheader component="li" sx={{ mt: 1, borderTop: 1, borderColor: 'divider' }}>
              {t('menu.adminSection')}
            </ListSubheader>
            {shownAdminEntries.map(entry)}
          </>
        )}
      </List>
    </Box>
  );

  if (mobile) {
    return (
      <MobileDrawer open={mobile.open} onClose={mobile.onClose} width={DRAWER_WIDTH}>
        {content}
      </MobileDrawer>
    );
  }
  // The docked menu of wide screens: what MUI's permanent Drawer renders (a fixed paper beside the page),
  // without the Drawer's modal machinery in the first screen's code.
  return (
    <Box className="MuiDrawer-docked" sx={{ width: DRAWER_WIDTH, flexShrink: 0 }}>
      <Paper
        square
        elevation={0}
        sx={{
          width: DRAWER_WIDTH,
          boxSizing: 'border-box',
          position: 'fixed',
          top: 0,
          left: 0,
          height: '100%',
          display: 'flex',
          flexDirection: 'column',
          overflowY: 'auto',
          zIndex: (theme) => theme.zIndex.drawer,
          borderRight: 1,
          borderColor: 'divider',
        }}
      >
        <Toolbar />
        {content}
      </Paper>
    </Box>
  );
}
