/** /login (and /404): the login form beside a random four of the eight illustrations. */
import { useState } from 'react';
import { Alert, Box, Grid, Paper, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { PRODUCT_NAME } from '@lectio/shared';
import { useBreadcrumbs } from '@/components/layout/breadcrumbs';
import { pickIllustrations, prerenderedIllustrations } from './illustrations';
import { LoginForm } from './login-form';

export function LoginPage({ notFound = false }: { notFound?: boolean }) {
  const { t } = useTranslation();
  const [shown] = useState(() => prerenderedIllustrations() ?? pickIllustrations(4));
  useBreadcrumbs([{ label: t('login.title') }]);

  return (
    <Grid container spacing={4} sx={{ alignItems: 'center' }}>
      <Grid size={{ xs: 12, md: 5 }}>
        <Paper sx={{ p: { xs: 3, sm: 4 } }} elevation={2}>
          <Typography variant="h4" component="h1" gutterBottom>
            {t('login.title')}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            {t('login.intro', { product: PRODUCT_NAME })}
          </Typography>
          {notFound && (
            <Alert severity="info" sx={{ mb: 2 }} data-testid="not-found">
              {t('login.notFound')}
            </Alert>
          )}
          <LoginForm />
        </Paper>
      </Grid>
      <Grid size={{ xs: 12, md: 7 }}>
        <Box
          sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: { xs: 1, sm: 3 } }}
          aria-hidden
        >
          {shown.map((illustration) => (
            <Box
              key={illustration.id}
              component="img"
              src={illustration.src}
              alt=""
              // The drawings' own size (200 × 160): the page reserves their space before they load (no layout shift).
              width={200}
              height={160}
              data-testid="login-illustration"
              data-illustration={illustration.id}
              sx={{ width: '100%', height: 'auto', maxHeight: 180, objectFit: 'contain' }}
            />
          ))}
        </Box>
      </Grid>
    </Grid>
  );
}
