/** The player's dialogs: buy help / answer (Cancel and OK) and the error report (spec/3 §5). */
import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { ERROR_REPORT_MAX, ERROR_REPORT_MIN } from '@lectio/shared';

/** The purchase's confirmation; with too few coins it says so and offers nothing to buy (spec/3 §5). */
export function BuyDialog({ open, title, text, affordable, onCancel, onConfirm }: { open: boolean; title: string; text: string; affordable: boolean; onCancel: () => void; onConfirm: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby="buy-dialog-title" aria-describedby="buy-dialog-text">
      <DialogTitle id="buy-dialog-title">{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id="buy-dialog-text" sx={{ color: 'text.primary' }} data-testid={affordable ? 'buy-text' : 'not-enough-coins'}>
          {affordable ? text : t('player.notEnoughCoins')}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        {affordable ? (
          <>
            <Button onClick={onCancel}>{t('player.cancel')}</Button>
            <Button onClick={onConfirm} variant="contained" data-testid="buy-confirm">
              {t('common.ok')}
            </Button>
          </>
        ) : (
          <Button onClick={onCancel} variant="contained" data-testid="buy-close">
            {t('common.close')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

export function ErrorReportDialog({ open, onClose, onSend }: { open: boolean; onClose: () => void; onSend: (text: string) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const ready = text.trim().length >= ERROR_REPORT_MIN;
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="report-dialog-title">
      <DialogTitle id="report-dialog-title">{t('player.reportTitle')}</DialogTitle>
      <DialogContent>
        <TextField
          label={t('player.reportLabel')}
          value={text}
          onChange={(e) => setText(e.target.value.slice(0, ERROR_REPORT_MAX))}
          multiline
          minRows={4}
          fullWidth
          autoFocus
          sx={{ mt: 1 }}
          helperText={`${text.length} / ${ERROR_REPORT_MAX}`}
          slotProps={{ htmlInput: { maxLength: ERROR_REPORT_MAX, 'data-testid': 'report-text' } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('player.cancel')}</Button>
        <Button
          variant="contained"
          disabled={!ready}
          data-testid="report-send"
          onClick={() => {
            if (!ready) return;
            onSend(text.trim());
            setText('');
          }}
        >
          {t('player.send')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
