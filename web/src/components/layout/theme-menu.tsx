/** Header menu of the four themes; applies at once and is remembered (lib/theme-mode). */
import { useId, useState } from 'react';
import { IconButton, ListItemIcon, ListItemText, Menu, MenuItem } from '@mui/material';
import Brightness4 from '@mui/icons-material/Brightness4';
import DarkMode from '@mui/icons-material/DarkMode';
import LightMode from '@mui/icons-material/LightMode';
import SettingsBrightness from '@mui/icons-material/SettingsBrightness';
import Visibility from '@mui/icons-material/Visibility';
import { useTranslation } from 'react-i18next';
import { themeValues, type ThemeValue } from '@/lib/theme';
import { useThemeMode } from '@/lib/theme-mode';

const icons: Record<ThemeValue, React.ReactNode> = {
  light: <LightMode fontSize="small" />,
  dark: <DarkMode fontSize="small" />,
  colourblind: <Visibility fontSize="small" />,
  'os-preference': <SettingsBrightness fontSize="small" />,
};

export function ThemeMenu() {
  const { t } = useTranslation();
  const { mode, setMode } = useThemeMode();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();

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
      >
        <Brightness4 />
      </IconButton>
      <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {themeValues.map((value) => (
          <MenuItem
            key={value}
            data-testid={`theme-${value}`}
            selected={value === mode}
            onClick={() => {
              setAnchor(null);
              setMode(value);
            }}
          >
            <ListItemIcon>{icons[value]}</ListItemIcon>
            <ListItemText>{t(`themes.${value}`)}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
