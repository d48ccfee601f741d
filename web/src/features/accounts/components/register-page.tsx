/** /register: the form, then "waiting for e-mail confirmation" (spec/1 §4 Registration). */
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { Alert, Button, Link, Paper, Stack, Typography } from '@mui/material';
import MarkEmailRead from '@mui/icons-material/MarkEmailRead';
import { useTranslation } from 'react-i18next';
import { PRODUCT_NAME } from '@lectio/shared';
import { useBreadcrumbs } from '@/components/layout/breadcrumbs';
import { PageSpinner } from '@/components/page-spinner';
import { useRegistrationData } from '../api/registration';
import { RegisterForm } from './register-form';

function WaitingForConfirmation({ email }: { email: string }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={2} data-testid="registration-sent" sx={{ alignItems: 'flex-start' }}>
      <MarkEmailRead color="primary" sx={{ fontSize: 48 }} aria-hidden />
      <Typography variant="h5" component="h2">
        {t('accounts.register.sentTitle')}
      </Typography>
      <Typography>{t('accounts.register.sentText', { email })}</Typography>
      <Button component={RouterLink} to="/login" variant="outlined">
        {t('accounts.common.toLogin')}
      </Button>
    </Stack>
  );
}

export function RegisterPage() {
  const { t } = useTranslation();
  useBreadcrumbs([{ label: t('accounts.register.title') }]);
  const data = useRegistrationData();
  const [sentTo, setSentTo] = useState<string | null>(null);

  return (
    <Paper sx={{ p: { xs: 2, sm: 4 }, maxWidth: 960, mx: 'auto' }} elevation={2}>
      <Typography variant="h4" component="h1" gutterBottom>
        {t('accounts.register.title')}
      </Typography>
      {sentTo ? (
        <WaitingForConfirmation email={sentTo} />
      ) : (
        <>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            {t('accounts.register.intro', { product: PRODUCT_NAME })}{' '}
            <Link component={RouterLink} to="/login">
              {t('accounts.register.haveAccount')}
            </Link>
          </Typography>
          {data.data ? (
            <RegisterForm data={data.data} onRegistered={setSentTo} />
          ) : data.isError ? (
            <Alert
              severity="error"
              action={
                <Button color="inherit" size="small" onClick={() => void data.refetch()}>
                  {t('accounts.common.retry')}
                </Button>
              }
            >
              {t('accounts.common.loadFailed')}
            </Alert>
          ) : (
            <PageSpinner />
          )}
        </>
      )}
    </Paper>
  );
}
