/**
 * Step 4: the password is changed, and the step says so before anything moves on. Source 1 (reset
 * from the login page) logs in with the new password and carries 'Password changed.' to the page
 * it lands on; source 2 (logged-in change) offers the way back to the dashboard (spec/1 §4), its session
 * renewed with the new password (the server ends every session of the user on a password change).
 */
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { Button, CircularProgress, Stack, Typography } from '@mui/material';
import CheckCircle from '@mui/icons-material/CheckCircle';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '@/components/feedback/feedback';
import { LoginError, useSession } from '@/lib/auth';

export type PasswordSource = 'reset' | 'change';

export function FinishedStep({ source, email, password }: { source: PasswordSource; email: string; password: string }) {
  const { t } = useTranslation();
  const { login, renewSession } = useSession();
  const feedback = useFeedback();
  const [loginFailed, setLoginFailed] = useState(false);
  const done = useRef(false);

  useEffect(() => {
    if (done.current) return;
    done.current = true;
    const failed = (error: unknown) => {
      setLoginFailed(true);
      feedback.show(t(error instanceof LoginError ? `login.${error.reason}` : 'login.accessDenied'));
    };
    // The new password ended every session of the user on the server: this one goes on with a new token.
    if (source === 'change') {
      renewSession(email, password).catch(failed);
      return;
    }
    feedback.show(t('accounts.messages.passwordChanged'), 'success', { carry: true });
    login(email, password).catch(failed);
  }, [source, email, password, login, renewSession, feedback, t]);

  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }} data-testid="pwd-finished">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <CheckCircle color="success" aria-hidden />
        <Typography variant="h6" component="p">
          {t('accounts.messages.passwordChanged')}
        </Typography>
      </Stack>
      {source === 'reset' && !loginFailed && (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }} role="status" aria-live="polite">
          <CircularProgress size={20} aria-hidden />
          <Typography>{t('accounts.pwd.loggingIn')}</Typography>
        </Stack>
      )}
      {source === 'change' && !loginFailed && (
        <Button component={RouterLink} to="/dashboard" variant="contained" autoFocus data-testid="pwd-continue">
          {t('accounts.pwd.toDashboard')}
        </Button>
      )}
      {loginFailed && (
        <Button component={RouterLink} to="/login" variant="contained">
          {t('accounts.common.toLogin')}
        </Button>
      )}
    </Stack>
  );
}
