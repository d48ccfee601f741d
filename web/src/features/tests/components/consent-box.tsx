/** The consent box (spec/3 §5): anonymous processing for scientific purposes; it gates Start. */
import { Checkbox, FormControlLabel } from '@mui/material';
import { useTranslation } from 'react-i18next';

export function ConsentBox({ checked, onChange, disabled, label }: { checked: boolean; onChange: (v: boolean) => void; disabled?: boolean; label?: string }) {
  const { t } = useTranslation();
  return (
    <FormControlLabel
      control={<Checkbox checked={checked} onChange={(e) => onChange(e.target.checked)} disabled={disabled} data-testid="consent-box" />}
      label={label ?? t('tests.consent')}
      sx={{ alignItems: 'flex-start', '& .MuiCheckbox-root': { pt: 0.5 } }}
    />
  );
}
