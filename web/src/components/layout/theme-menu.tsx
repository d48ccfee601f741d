/** Header menu of the four themes; applies at once and is remembered (lib/theme-mode). */
import { useId, useState } from 'react';
import { IconButton } from '@mui/material';
import Brightness4 from '@mui/icons-material/Brightness4';
import { useTranslation } from 'react-i18next';
import { lazyOverlay } from '../lazy-overlay';
import { useHydrated } from '@/lib/use-hydrated';
import { useThemeMode } from '@/lib/theme-mode';

const ThemeMenuList = lazyOverlay(() => import('./theme-menu-list'), (props) => Boolean(props.anchor), (props) => props.onClose());

export function ThemeMenu() {
  const { t } = useTranslation();
  const { mode, setMode } = useThemeMode();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  // In a page rendered ahead (prerender.tsx) the menu opens only once the app runs it: until then a press is lost.
  const ready = useHydrated();

  return (
    <>
      <IconButton
        color="inherit"
        data-testid="theme-menu-button"
        title={t('header.theme')}
        aria-label={t('header.themeCurrent', { theme: t(`themes.${mode}`) })}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        disabled={!ready}
        sx={{ '&.Mui-disabled': { color: 'inherit', opacity: 0.7 } }}
      >
        <Brightness4 />
      </IconButton>
      <ThemeMenuList
        id={menuId}
        anchor={anchor}
        mode={mode}
        onClose={() => setAnchor(null)}
        onPick={(value) => {
          setAnchor(null);
          setMode(value);
        }}
      />
    </>
  );
}
