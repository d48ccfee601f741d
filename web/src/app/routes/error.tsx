/** Shown inside the shell when a route fails to load or render (e.g. a chunk missing after a deploy). */
import { useRouteError } from 'react-router';
import { Alert, AlertTitle, Button } from '@mui/material';
import { useTranslation } from 'react-i18next';

export function RouteErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  console.error(error);
  return (
    <Alert
      severity="error"
      data-testid="route-error"
      action={
        <Button color="inherit" onClick={() => window.location.reload()}>
          {t('errors.reload')}
        </Button>
      }
    >
      <AlertTitle>{t('errors.routeTitle')}</AlertTitle>
      {error instanceof Error ? error.message : t('dialog.unknownError')}
    </Alert>
  );
}
