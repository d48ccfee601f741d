/** The failed-request modal itself (loaded when a failure first shows: components/lazy-overlay). */
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useTranslation } from 'react-i18next';

export interface RequestFailureDialogViewProps {
  open: boolean;
  text: string;
  onDismiss: () => void;
}

export default function RequestFailureDialogView({ open, text, onDismiss }: RequestFailureDialogViewProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onClose={onDismiss}
      aria-labelledby="request-failure-title"
      aria-describedby="request-failure-text"
      data-testid="request-failure-dialog"
    >
      <DialogTitle id="request-failure-title">{t('dialog.requestFailed')}</DialogTitle>
      <DialogContent>
        <DialogContentText id="request-failure-text">{text}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" autoFocus onClick={onDismiss}>
          {t('common.ok')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
