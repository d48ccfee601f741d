/** Centered progress indicator while a page or the session is loading. */
import { Box, CircularProgress } from '@mui/material';
import { useTranslation } from 'react-i18next';

export function PageSpinner() {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 8 }} role="status" aria-live="polite">
      <CircularProgress aria-label={t('app.loading')} />
    </Box>
  );
}
