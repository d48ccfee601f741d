/**
 * Type 8 (issue 18): whether the report of a failed test case shows the learner its input and expected
 * output (VPL's report) or only which case failed and its message. Off for new tasks and for tasks that
 * never set it.
 */
import { Checkbox, FormControlLabel, FormHelperText, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';

interface CaseReportOptionProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  readOnly: boolean;
}

export function CaseReportOption({ checked, onChange, readOnly }: CaseReportOptionProps) {
  const { t } = useTranslation();
  return (
    <Stack sx={{ mt: 1 }}>
      <FormControlLabel
        control={
          <Checkbox
            checked={checked}
            onChange={(e) => onChange(e.target.checked)}
            disabled={readOnly}
            slotProps={{ input: { 'aria-describedby': 'show-hidden-cases-hint' } }}
            data-testid="show-hidden-cases"
          />
        }
        label={t('programEditor.showHiddenCases')}
      />
      <FormHelperText id="show-hidden-cases-hint" sx={{ mt: 0 }}>
        {t(checked ? 'programEditor.hiddenCasesShown' : 'programEditor.hiddenCasesHidden')}
      </FormHelperText>
    </Stack>
  );
}
