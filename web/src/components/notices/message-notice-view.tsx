/** The new-message snackbar itself (loaded when a first notice shows: components/lazy-overlay). */
import { Link as RouterLink } from 'react-router';
import { Alert, Button, Snackbar } from '@mui/material';
import { useTranslation } from 'react-i18next';

export default function MessageNoticeView({ text, onClose }: { text: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Snackbar
      open={text !== null}
      autoHideDuration={8000}
      onClose={(_event, reason) => {
        if (reason !== 'clickaway') onClose();
      }}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
    >
      <Alert
        severity="info"
        variant="filled"
        onClose={onClose}
        data-testid="message-notice"
        action={
          <Button color="inherit" size="small" component={RouterLink} to="/message_list" onClick={onClose}>
            {t('notice.open')}
          </Button>
        }
      >
        {t('notice.newMessage', { title: text ?? '' })}
      </Alert>
    </Snackbar>
  );
}
