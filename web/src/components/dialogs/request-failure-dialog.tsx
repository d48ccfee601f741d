/** The modal for failed requests that no screen handled (spec/1 §8), with one OK button. */
import { useSyncExternalStore } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { requestFailures } from '@/lib/request-failures';
import { useErrorText } from '@/lib/server-error-text';

export function RequestFailureDialog() {
  const { t } = useTranslation();
  const error = useSyncExternalStore(
    requestFailures.subscribe,
    requestFailures.current,
    requestFailures.current,
  );
  const errorText = useErrorText();
  const open = error !== undefined;
  const text = open ? errorText(error) : '';
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
