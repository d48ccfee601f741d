/** Header menu of the eight UI languages (spec/1 §2); keyboard usable through MUI's Menu. */
import { useId, useState } from 'react';
import { Box, Button } from '@mui/material';
import Translate from '@mui/icons-material/Translate';
import { useTranslation } from 'react-i18next';
import { lazyOverlay } from '../lazy-overlay';
import { useHydrated } from '@/lib/use-hydrated';
import { languages, useLanguageSwitch } from '@/lib/use-language';

const LanguageMenuList = lazyOverlay(() => import('./language-menu-list'), (props) => Boolean(props.anchor), (props) => props.onClose());

export function LanguageMenu() {
  const { t } = useTranslation();
  const { current, change } = useLanguageSwitch();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  // In a page rendered ahead (prerender.tsx) the menu opens only once the app runs it: until then a press is lost.
  const ready = useHydrated();
  const currentName = languages.find((l) => l.shortcut === current)?.name ?? current;

  return (
    <>
      <Button
        color="inherit"
        data-testid="language-menu-button"
        title={t('header.language')}
        // The name starts with the visible code (axe: label-content-name-mismatch).
        aria-label={`${current.toUpperCase()}, ${t('header.languageCurrent', { language: currentName })}`}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        startIcon={<Translate />}
        onClick={(event) => setAnchor(event.currentTarget)}
        disabled={!ready}
        sx={{ minWidth: 0, '& .MuiButton-startIcon': { mr: { xs: 0, sm: 1 } }, '&.Mui-disabled': { color: 'inherit', opacity: 0.7 } }}
      >
        <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
          {current.toUpperCase()}
        </Box>
      </Button>
      <LanguageMenuList
        id={menuId}
        anchor={anchor}
        current={current}
        onClose={() => setAnchor(null)}
        onPick={(shortcut) => {
          setAnchor(null);
          change(shortcut);
        }}
      />
    </>
  );
}
