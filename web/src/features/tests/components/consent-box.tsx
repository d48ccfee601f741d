/** The consent box (spec/3 §5): anonymous processing for scientific purposes; it gates Start. */
import { Button, Checkbox, FormControlLabel } from '@mui/material';
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

/** The start of a cognitive test run: the consent box, then Start (enabled once consent is given). */
export function ConsentStart({ consent, onConsent, onStart }: { consent: boolean; onConsent: (v: boolean) => void; onStart: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      <ConsentBox checked={consent} onChange={onConsent} />
      <Button variant="contained" disabled={!consent} onClick={onStart} data-testid="run-start">
        {t('tests.run.start')}
      </Button>
    </>
  );
}
