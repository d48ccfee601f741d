/** E-mail and password form; failures go to the red feedback alert with the spec's texts. */
import { useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { Box, Button, CircularProgress, Link, Stack, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '@/components/feedback/feedback';
import { LoginError } from '@/lib/auth';
import { useHydrated } from '@/lib/use-hydrated';
import { useLogin } from '../api/use-login';

export function LoginForm() {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const login = useLogin();
  const hydrated = useHydrated();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState(false);
  const emailInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);

  // The page rendered ahead (prerender.tsx) takes input before the app runs it: hydration keeps the fields'
  // text on screen, so the form starts from what is there (typed, or filled in by the browser).
  useLayoutEffect(() => {
    if (emailInput.current?.value) setEmail(emailInput.current.value);
    if (passwordInput.current?.value) setPassword(passwordInput.current.value);
  }, []);

  const emailError = touched && !email.trim() ? t('login.emailRequired') : '';
  const passwordError = touched && !password ? t('login.passwordRequired') : '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!email.trim() || !password) return;
    feedback.clear();
    login.mutate(
      { email: email.trim(), password },
      {
        onError: (error) => {
          feedback.show(t(error instanceof LoginError ? `login.${error.reason}` : 'login.accessDenied'));
        },
      },
    );
  };

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label={t('login.title')}>
      <Stack spacing={2}>
        <TextField
          id="login-email"
          name="email"
          type="email"
          label={t('login.email')}
          autoComplete="username"
          autoFocus
          required
          inputRef={emailInput}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={Boolean(emailError)}
          helperText={emailError || ' '}
        />
        <TextField
          id="login-password"
          name="password"
          type="password"
          label={t('login.password')}
          autoComplete="current-password"
          required
          inputRef={passwordInput}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={Boolean(passwordError)}
          helperText={passwordError || ' '}
        />
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={login.isPending || !hydrated}
          startIcon={login.isPending ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
          data-testid="login-submit"
        >
          {t('login.submit')}
        </Button>
        <Link component={RouterLink} to="/pwdchange" data-testid="forgot-password">
          {t('login.forgot')}
        </Link>
      </Stack>
    </Box>
  );
}
