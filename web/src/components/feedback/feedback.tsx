/**
 * The red feedback alert of the shell (spec/1 §2): `useFeedback().show(text)` from any screen.
 * The text stays until closed or replaced, so it survives a redirect (e.g. "Data saved." → dashboard).
 */
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { Alert, Box } from '@mui/material';
import { useTranslation } from 'react-i18next';

interface FeedbackValue {
  message: string | null;
  show: (text: string) => void;
  clear: () => void;
}

const FeedbackContext = createContext<FeedbackValue | null>(null);

export function FeedbackProvider({ children }: { children: ReactNode }) {
  const [message, setMessage] = useState<string | null>(null);
  const show = useCallback((text: string) => setMessage(text), []);
  const clear = useCallback(() => setMessage(null), []);
  const value = useMemo(() => ({ message, show, clear }), [message, show, clear]);
  return <FeedbackContext.Provider value={value}>{children}</FeedbackContext.Provider>;
}

export function useFeedback(): FeedbackValue {
  const value = useContext(FeedbackContext);
  if (!value) throw new Error('useFeedback outside FeedbackProvider');
  return value;
}

/** The alert area itself; rendered once by the shell (and by screens outside it in tests). */
export function FeedbackAlert() {
  const { message, clear } = useFeedback();
  const { t } = useTranslation();
  if (!message) return null;
  return (
    <Box sx={{ mb: 2 }}>
      <Alert
        severity="error"
        variant="filled"
        data-testid="feedback-alert"
        onClose={clear}
        slotProps={{ closeButton: { 'aria-label': t('common.close'), title: t('common.close') } }}
      >
        {message}
      </Alert>
    </Box>
  );
}
