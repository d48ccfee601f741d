/**
 * The header of spec/1 §2: logo and version chip; Register and Login when logged out; DashBoard,
 * Course list, XP and coins when logged in; the language and theme menus always.
 */
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { AppBar, Box, Button, Chip, IconButton, Toolbar, useMediaQuery, useTheme } from '@mui/material';
import Dashboard from '@mui/icons-material/Dashboard';
import ListAlt from '@mui/icons-material/ListAlt';
import Menu from '@mui/icons-material/Menu';
import { useTranslation } from 'react-i18next';
import { PRODUCT_NAME, VERSION_LABEL } from '@lectio/shared/constants';
import type { SessionUser } from '@/lib/auth';
import logoMarkUrl from '@/assets/logo-mark.svg';
import logoUrl from '@/assets/logo.svg';
import { LanguageMenu } from './language-menu';
import { PerformanceChips } from './performance-chips';
import { ThemeMenu } from './theme-menu';

interface HeaderProps {
  user: SessionUser | null;
  /** Shown on narrow screens when logged in: opens the side menu. */
  onOpenMenu?: () => void;
  /** Shown when logged in, before the language menu (app/ composes it: the unread messages). */
  extra?: ReactNode;
}

export function Header({ user, onOpenMenu, extra }: HeaderProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  // Read at once, also while hydrating a page rendered ahead (noSsr): a first value that changes after hydration
  // renders the shell again synchronously. Only a signed-in header differs by width, and no such page is
  // rendered ahead.
  const narrow = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });

  return (
    // Above the permanent drawer on wide screens; below the modal drawer on narrow ones.
    <AppBar position="fixed" sx={{ zIndex: { md: theme.zIndex.drawer + 1 } }}>
      {/* On a phone the icon buttons are 32 px (not 40), so the XP and coins chips fit beside them at 390 px. */}
      <Toolbar sx={{ gap: { xs: 0.25, sm: 1 }, px: { xs: 1, sm: 2 }, '& .MuiIconButton-root': { p: { xs: 0.5, sm: 1 } } }}>
        {onOpenMenu && (
          <IconButton color="inherit" edge="start" aria-label={t('header.openMenu')} onClick={onOpenMenu}>
            <Menu />
          </IconButton>
        )}
        <Box
          component={RouterLink}
          to={user ? '/dashboard' : '/login'}
          aria-label={t('header.home', { product: PRODUCT_NAME })}
          sx={{
            display: 'flex',
            alignItems: 'center',
            borderRadius: 1,
            '&:focus-visible': { outline: '3px solid #fff' },
          }}
        >
          <Box
            component="img"
            src={logoUrl}
            alt={PRODUCT_NAME}
            width={168}
            height={40}
            sx={{ height: 36, width: 'auto', display: { xs: user ? 'none' : 'block', sm: 'block' } }}
          />
          {user && (
            <Box
              component="img"
              src={logoMarkUrl}
              alt={PRODUCT_NAME}
              width={40}
              height={40}
              sx={{ height: 36, width: 'auto', display: { xs: 'block', sm: 'none' } }}
            />
          )}
        </Box>
        <Chip
          data-testid="version-chip"
          title={t('header.version', { version: __APP_VERSION__ })}
          label={VERSION_LABEL}
          size="small"
          variant="outlined"
          sx={{ color: 'inherit', borderColor: 'currentColor', display: { xs: 'none', sm: 'inline-flex' } }}
        />
        <Box sx={{ flexGrow: 1 }} />
        <Box
          component="nav"
          aria-label={t('header.navigation')}
          sx={{ display: 'flex', alignItems: 'center', gap: { xs: 0.25, sm: 1 } }}
        >
          {user ? (
            <>
              {narrow ? (
                <>
                  <IconButton color="inherit" component={RouterLink} to="/dashboard" aria-label={t('header.dashboard')}>
                    <Dashboard />
                  </IconButton>
                  <IconButton color="inherit" component={RouterLink} to="/categories" aria-label={t('header.courseList')}>
                    <ListAlt />
                  </IconButton>
                </>
              ) : (
                <>
                  <Button color="inherit" component={RouterLink} to="/dashboard" startIcon={<Dashboard />}>
                    {t('header.dashboard')}
                  </Button>
                  <Button color="inherit" component={RouterLink} to="/categories" startIcon={<ListAlt />}>
                    {t('header.courseList')}
                  </Button>
                </>
              )}
              {extra}
              <LanguageMenu />
              <ThemeMenu />
              <PerformanceChips xp={user.performance.xp} coins={user.performance.coins} />
            </>
          ) : (
            <>
              <LanguageMenu />
              <ThemeMenu />
              <Button color="inherit" component={RouterLink} to="/register" data-testid="header-register">
                {t('header.register')}
              </Button>
              <Button color="inherit" variant="outlined" component={RouterLink} to="/login" data-testid="header-login">
                {t('header.login')}
              </Button>
            </>
          )}
        </Box>
      </Toolbar>
    </AppBar>
  );
}
