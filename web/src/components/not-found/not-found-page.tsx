/**
 * The one not-found page: an unknown route, a malformed id in the path (`/course_content/abc`) or
 * an item the server does not know (`/course_content/999`, a 404). Translated, with a way back.
 */
import { Link as RouterLink, useNavigate } from 'react-router';
import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import SearchOff from '@mui/icons-material/SearchOff';
import { useTranslation } from 'react-i18next';
import { useBreadcrumbs } from '@/components/layout/breadcrumbs';
import { useSession } from '@/lib/auth';

export function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useSession();
  useBreadcrumbs([{ label: t('notFound.title') }]);
  // A deep link opened in a new tab has nothing to go back to.
  const canGoBack = typeof window !== 'undefined' && window.history.length > 1;

  return (
    <Paper data-testid="not-found-page" sx={{ p: { xs: 2, sm: 4 } }} variant="outlined">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2 }}>
        <SearchOff color="action" fontSize="large" aria-hidden />
        <Typography variant="h4" component="h1">
          {t('notFound.title')}
        </Typography>
      </Box>
      <Typography sx={{ mb: 3 }}>{t('notFound.text')}</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <Button variant="contained" component={RouterLink} to={user ? '/dashboard' : '/login'} data-testid="not-found-home">
          {t(user ? 'notFound.toDashboard' : 'notFound.toLogin')}
        </Button>
        {canGoBack && (
          <Button variant="outlined" onClick={() => void navigate(-1)}>
            {t('notFound.back')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
