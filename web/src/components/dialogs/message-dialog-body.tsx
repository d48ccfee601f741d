/** The dialog's content; loaded on first use so DOMPurify stays out of the initial bundle. */
import { useState } from 'react';
import { Box, Button, DialogActions, DialogContent, DialogTitle, IconButton, TextField } from '@mui/material';
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import HelpOutline from '@mui/icons-material/HelpOutlineOutlined';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import WarningAmber from '@mui/icons-material/WarningAmber';
import { useTranslation } from 'react-i18next';
import { SafeHtml } from '../safe-html';
import type { MessageDialogButton, MessageDialogType, Pending } from './message-dialog';

const icons = {
  info: <InfoOutlined color="info" aria-hidden />,
  warning: <WarningAmber color="warning" aria-hidden />,
  error: <ErrorOutline color="error" aria-hidden />,
  question: <HelpOutline color="primary" aria-hidden />,
} satisfies Record<MessageDialogType, React.ReactNode>;

export default function DialogBody({
  pending,
  onFinish,
}: {
  pending: Pending;
  onFinish: (p: Pending, result: unknown) => void;
}) {
  const { t } = useTranslation();
  const { options } = pending;
  const [input, setInput] = useState(options.input?.initial ?? '');
  const buttons: Array<MessageDialogButton<unknown>> = options.buttons?.length
    ? options.buttons
    : [{ label: t('common.ok'), value: 'ok' }];
  const choose = (value: unknown) => onFinish(pending, options.input ? { value, input } : value);

  return (
    <>
      <DialogTitle id="message-dialog-title" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        {icons[options.type]}
        {options.title ?? t(`dialog.${options.type}`)}
      </DialogTitle>
      <DialogContent>
        <SafeHtml html={options.html} />
        {options.input && (
          <TextField
            autoFocus
            fullWidth
            margin="normal"
            label={options.input.label}
            value={input}
            onChange={(event) => setInput(event.target.value)}
            onKeyDown={(event) => {
              if (event.key !== 'Enter' || event.nativeEvent.isComposing || !buttons[0]) return;
              // Enter is the first button, and only that: without this the same key press goes on to
              // the button that gets the focus back when the dialog closes (and opens it again).
              event.preventDefault();
              choose(buttons[0].value);
            }}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          {buttons.map((button, index) =>
            button.icon ? (
              <IconButton
                key={index}
                aria-label={button.label ?? String(button.value)}
                title={button.label}
                onClick={() => choose(button.value)}
              >
                {button.icon}
              </IconButton>
            ) : (
              <Button
                key={index}
                variant={index === 0 ? 'contained' : 'text'}
                autoFocus={index === 0 && !options.input}
                onClick={() => choose(button.value)}
              >
                {button.label ?? String(button.value)}
              </Button>
            ),
          )}
        </Box>
      </DialogActions>
    </>
  );
}
