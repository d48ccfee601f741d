/**
 * The drop-down of a type 6 gap. MUI's Select (with its Menu, Popover and Modal, about 10 KB compressed) is
 * fetched only for a task that has one (issue 20 item 22: the player's first screen did not need it).
 */
import { MenuItem, Select } from '@mui/material';
import { useTranslation } from 'react-i18next';

export interface GapSelectProps {
  index: number;
  value: string;
  options: string[];
  disabled?: boolean;
  /** Its least width (px), the same as its stand-in's while the code arrives. */
  minWidth: number;
  onChange: (value: string) => void;
}

export default function GapSelect({ index, value, options, disabled, minWidth, onChange }: GapSelectProps) {
  const { t } = useTranslation();
  return (
    <Select
      size="small"
      value={value}
      displayEmpty
      onChange={(e) => onChange(String(e.target.value))}
      disabled={disabled}
      inputProps={{ 'aria-label': t('taskView.gap', { n: index + 1 }), 'data-testid': `gap-${index}` }}
      onDragOver={(e) => e.preventDefault()}
      onDrop={(e) => {
        e.preventDefault();
        const text = e.dataTransfer.getData('text/plain');
        if (text) onChange(text);
      }}
      sx={{ minWidth, fontFamily: 'monospace', '& .MuiSelect-select': { py: 0.5 } }}
    >
      <MenuItem value="">
        <em>{t('taskView.empty')}</em>
      </MenuItem>
      {options.map((o, k) => (
        <MenuItem key={`${o}-${k}`} value={o} sx={{ fontFamily: 'monospace' }}>
          {o}
        </MenuItem>
      ))}
    </Select>
  );
}
