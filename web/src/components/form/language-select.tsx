/** A drop-down of the platform's languages, each named in its own language (the language a list, pane or preview shows). */
import { useId } from 'react';
import { FormControl, InputLabel, MenuItem, Select, type SxProps, type Theme } from '@mui/material';
import { languages } from '@lectio/shared';

export function LanguageSelect({
  label,
  value,
  onChange,
  testId,
  without,
  sx = { minWidth: 200 },
}: {
  label: string;
  value: number;
  onChange: (langId: number) => void;
  testId: string;
  /** A language not offered (e.g. the primary one in the secondary panel). */
  without?: number;
  sx?: SxProps<Theme>;
}) {
  const labelId = useId();
  return (
    <FormControl size="small" sx={sx}>
      <InputLabel id={labelId}>{label}</InputLabel>
      <Select
        labelId={labelId}
        label={label}
        value={value}
        onChange={(event) => onChange(Number(event.target.value))}
        data-testid={testId}
      >
        {languages
          .filter((l) => l.id !== without)
          .map((l) => (
            <MenuItem key={l.id} value={l.id} lang={l.shortcut}>
              {l.name}
            </MenuItem>
          ))}
      </Select>
    </FormControl>
  );
}
