/** The modal for failed requests that no screen handled (spec/1 §8), with one OK button. */
import { useSyncExternalStore } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-error';
import { requestFailures } from '@/lib/request-failures';

export function RequestFailureDialog() {
  const { t } = useTranslation();
  const error = useSyncExternalStore(
    requestFailures.subscribe,
    requestFailures.current,
    requestFailures.current,
  );
  const open = error !== undefined;
  let text = t('dialog.unknownError');
  if (isApiError(error)) {
    text = error.isNetworkError ? t('dialog.networkError') : error.description || error.message;
  } else if (error instanceof Error && error.message) {
    text = error.message;
  }
  return (
    <Dialog
      open={open}
      onClose={() => requestFailures.dismiss()}
      aria-labelledby="request-failure-title"
      aria-describedby="request-failure-text"
      data-testid="request-failure-dialog"
    >
      <DialogTitle id="request-failure-title">{t('dialog.requestFailed')}</DialogTitle>
      <DialogContent>
        <DialogContentText id="request-failure-text">{text}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" autoFocus onClick={() => requestFailures.dismiss()}>
          {t('common.ok')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
