/** The open language menu (loaded when first opened: components/lazy-overlay). */
import { ListItemText, Menu, MenuItem } from '@mui/material';
import Check from '@mui/icons-material/Check';
import { languages } from '@/lib/use-language';
import type { LanguageCode } from '@lectio/shared/languages';

export interface LanguageMenuListProps {
  id: string;
  anchor: HTMLElement | null;
  current: LanguageCode;
  onClose: () => void;
  onPick: (shortcut: LanguageCode) => void;
}

export default function LanguageMenuList({ id, anchor, current, onClose, onPick }: LanguageMenuListProps) {
  return (
    <Menu id={id} anchorEl={anchor} open={Boolean(anchor)} onClose={onClose}>
      {languages.map((language) => (
        <MenuItem
          key={language.id}
          data-testid={`lang-${language.shortcut}`}
          lang={language.shortcut}
          selected={language.shortcut === current}
          onClick={() => onPick(language.shortcut)}
        >
          <ListItemText>{language.name}</ListItemText>
          {language.shortcut === current && <Check fontSize="small" sx={{ ml: 2 }} aria-hidden />}
        </MenuItem>
      ))}
    </Menu>
  );
}
