/** The open theme menu (loaded when first opened: components/lazy-overlay). */
import { ListItemIcon, ListItemText, Menu, MenuItem } from '@mui/material';
import DarkMode from '@mui/icons-material/DarkMode';
import LightMode from '@mui/icons-material/LightMode';
import SettingsBrightness from '@mui/icons-material/SettingsBrightness';
import Visibility from '@mui/icons-material/Visibility';
import { useTranslation } from 'react-i18next';
import { themeValues, type ThemeValue } from '@/lib/theme';

const icons: Record<ThemeValue, React.ReactNode> = {
  light: <LightMode fontSize="small" />,
  dark: <DarkMode fontSize="small" />,
  colourblind: <Visibility fontSize="small" />,
  'os-preference': <SettingsBrightness fontSize="small" />,
};

export interface ThemeMenuListProps {
  id: string;
  anchor: HTMLElement | null;
  mode: ThemeValue;
  onClose: () => void;
  onPick: (value: ThemeValue) => void;
}

export default function ThemeMenuList({ id, anchor, mode, onClose, onPick }: ThemeMenuListProps) {
  const { t } = useTranslation();
  return (
    <Menu id={id} anchorEl={anchor} open={Boolean(anchor)} onClose={onClose}>
      {themeValues.map((value) => (
        <MenuItem key={value} data-testid={`theme-${value}`} selected={value === mode} onClick={() => onPick(value)}>
          <ListItemIcon>{icons[value]}</ListItemIcon>
          <ListItemText>{t(`themes.${value}`)}</ListItemText>
        </MenuItem>
      ))}
    </Menu>
  );
}
