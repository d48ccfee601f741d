/**
 * The confirm dialogs of the authoring screens: the course admin content asks with close and done
 * icons (spec/2 §2.2), the task list with OK and Cancel (§2.7). Both are named for screen readers.
 */
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, IconButton, Tooltip } from '@mui/material';
import Close from '@mui/icons-material/Close';
import Done from '@mui/icons-material/Done';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

interface ConfirmDialogProps {
  open: boolean;
  text: string;
  variant: 'icons' | 'buttons';
  onClose: (confirmed: boolean) => void;
}

export function ConfirmDialog({ open, text, variant, onClose }: ConfirmDialogProps) {
  const { t } = useTranslation();
  const textId = useId();
  return (
    <Dialog open={open} onClose={() => onClose(false)} aria-describedby={textId} data-testid="confirm-dialog">
      <DialogContent>
        <DialogContentText id={textId} sx={{ color: 'text.primary' }}>
          {text}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        {variant === 'icons' ? (
          <>
            <Tooltip disableInteractive title={t('authoring.dialog.close')}>
              <IconButton aria-label={t('authoring.dialog.close')} onClick={() => onClose(false)} data-testid="confirm-close">
                <Close />
              </IconButton>
            </Tooltip>
            <Tooltip disableInteractive title={t('authoring.dialog.done')}>
              <IconButton aria-label={t('authoring.dialog.done')} color="primary" onClick={() => onClose(true)} data-testid="confirm-done">
                <Done />
              </IconButton>
            </Tooltip>
          </>
        ) : (
          <>
            <Button onClick={() => onClose(false)} data-testid="confirm-cancel">
              {t('authoring.dialog.cancel')}
            </Button>
            <Button variant="contained" onClick={() => onClose(true)} data-testid="confirm-ok">
              {t('common.ok')}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
