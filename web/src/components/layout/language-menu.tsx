/** Header menu of the eight UI languages (spec/1 §2); keyboard usable through MUI's Menu. */
import { useId, useState } from 'react';
import { Box, Button, Menu, MenuItem, ListItemText } from '@mui/material';
import Translate from '@mui/icons-material/Translate';
import Check from '@mui/icons-material/Check';
import { useTranslation } from 'react-i18next';
import { languages, useLanguageSwitch } from '@/lib/use-language';

export function LanguageMenu() {
  const { t } = useTranslation();
  const { current, change } = useLanguageSwitch();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
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
        sx={{ minWidth: 0, '& .MuiButton-startIcon': { mr: { xs: 0, sm: 1 } } }}
      >
        <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
          {current.toUpperCase()}
        </Box>
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {languages.map((language) => (
          <MenuItem
            key={language.id}
            data-testid={`lang-${language.shortcut}`}
            lang={language.shortcut}
            selected={language.shortcut === current}
            onClick={() => {
              setAnchor(null);
              change(language.shortcut);
            }}
          >
            <ListItemText>{language.name}</ListItemText>
            {language.shortcut === current && <Check fontSize="small" sx={{ ml: 2 }} aria-hidden />}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
