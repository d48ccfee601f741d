/** The message dialog's modal (loaded when a first dialog opens: components/lazy-overlay). */
import type { ReactNode } from 'react';
import { Dialog } from '@mui/material';

export interface MessageDialogFrameProps {
  open: boolean;
  onClose: () => void;
  children: ReactNode;
}

export default function MessageDialogFrame({ open, onClose, children }: MessageDialogFrameProps) {
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="message-dialog-title" maxWidth="sm" fullWidth data-testid="message-dialog">
      {children}
    </Dialog>
  );
}
