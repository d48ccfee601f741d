/** A colour picker (native input type=color) that keeps '#RRGGBB' as the server wants it. */
import { Box, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';

export const DEFAULT_COLOUR = '#8E00FF';

export function ColourField({ value, onChange, error }: { value: string; onChange: (colour: string) => void; error?: string | undefined }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
      <TextField
        type="color"
        label={t('catalogue.form.colour')}
        value={value}
        onChange={(event) => onChange(event.target.value.toUpperCase())}
        size="small"
        sx={{ width: 120 }}
        error={Boolean(error)}
        {...(error ? { helperText: error } : {})}
        slotProps={{ htmlInput: { 'data-testid': 'colour-input' } }}
      />
      <Box component="code" aria-hidden>
        {value}
      </Box>
    </Box>
  );
}
