/**
 * /confirm/:mail/:token — the link of the registration mail. Runs the confirmation once (the token
 * is single use, so a re-render or StrictMode must not send it twice); on success the session
 * starts and the dashboard opens, on failure the prefixed reason goes to the feedback area.
 * Reopened while logged in with the link's e-mail (the token is used by then), it says the address is
 * confirmed and offers the dashboard, without sending the spent token again.
 */
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { Button, CircularProgress, Paper, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '@/components/feedback/feedback';
import { useBreadcrumbs } from '@/components/layout/breadcrumbs';
import { useSession } from '@/lib/auth';
import { ConfirmationError, confirmRegistration } from '../api/confirmation';
import { useAccountMessage } from '../messages';

export function ConfirmPage() {
  const { t } = useTranslation();
  const message = useAccountMessage();
  const { mail = '', token = '' } = useParams();
  const { loginWithToken, status, user } = useSession();
  const alreadyConfirmed = status === 'authenticated' && user?.email?.toLowerCase() === mail.toLowerCase();
  const feedback = useFeedback();
  const [failure, setFailure] = useState<string | null>(null);
  const started = useRef(false);
  useBreadcrumbs([{ label: t('accounts.confirm.title') }]);

  useEffect(() => {
    if (started.current || status === 'loading' || alreadyConfirmed) return;
    started.current = true;
    feedback.clear();
    confirmRegistration(mail, token, loginWithToken).catch((error: unknown) => {
      const text =
        error instanceof ConfirmationError
          ? `${error.step}: ${message(error.detail)}`
          : error instanceof Error
            ? error.message
            : String(error);
      setFailure(text);
      feedback.show(text);
    });
  }, [mail, token, loginWithToken, feedback, message, status, alreadyConfirmed]);

  return (
    <Paper sx={{ p: { xs: 2, sm: 4 }, maxWidth: 640, mx: 'auto' }} elevation={2}>
      <Typography variant="h4" component="h1" gutterBottom>
        {t('accounts.confirm.title')}
      </Typography>
      {alreadyConfirmed ? (
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }} data-testid="confirm-done">
          <Typography>{t('accounts.confirm.alreadyConfirmed', { email: user?.email })}</Typography>
          <Button component={RouterLink} to="/dashboard" variant="contained">
            {t('accounts.confirm.dashboard')}
          </Button>
        </Stack>
      ) : failure ? (
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }} data-testid="confirm-failed">
          <Typography>{t('accounts.confirm.failed')}</Typography>
          <Stack direction="row" spacing={2}>
            <Button component={RouterLink} to="/login" variant="contained">
              {t('accounts.common.toLogin')}
            </Button>
            <Button component={RouterLink} to="/register" variant="outlined">
              {t('accounts.confirm.registerAgain')}
            </Button>
          </Stack>
        </Stack>
      ) : (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }} role="status" aria-live="polite">
          <CircularProgress size={24} aria-hidden />
          <Typography>{t('accounts.confirm.working', { email: mail })}</Typography>
        </Stack>
      )}
    </Paper>
  );
}
