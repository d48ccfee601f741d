/**
 * The red feedback alert of the shell (spec/1 §2): `useFeedback().show(text)` from any screen.
 * The text stays until closed or replaced, so it survives a redirect (e.g. "Data saved." → dashboard).
 * Success texts pass `'success'` so they are not announced as errors (same area, green).
 */
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { Alert, Box } from '@mui/material';
import { useTranslation } from 'react-i18next';

export type FeedbackSeverity = 'error' | 'success';

interface FeedbackValue {
  message: string | null;
  severity: FeedbackSeverity;
  show: (text: string, severity?: FeedbackSeverity) => void;
  clear: () => void;
}

const FeedbackContext = createContext<FeedbackValue | null>(null);

export function FeedbackProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<{ message: string | null; severity: FeedbackSeverity }>({ message: null, severity: 'error' });
  const show = useCallback((text: string, severity: FeedbackSeverity = 'error') => setState({ message: text, severity }), []);
  const clear = useCallback(() => setState({ message: null, severity: 'error' }), []);
  const value = useMemo(() => ({ ...state, show, clear }), [state, show, clear]);
  return <FeedbackContext.Provider value={value}>{children}</FeedbackContext.Provider>;
}

export function useFeedback(): FeedbackValue {
  const value = useContext(FeedbackContext);
  if (!value) throw new Error('useFeedback outside FeedbackProvider');
  return value;
}

/** The alert area itself; rendered once by the shell (and by screens outside it in tests). */
export function FeedbackAlert() {
  const { message, severity, clear } = useFeedback();
  const { t } = useTranslation();
  if (!message) return null;
  return (
    <Box sx={{ mb: 2 }}>
      <Alert
        severity={severity}
        variant="filled"
        data-testid="feedback-alert"
        data-severity={severity}
        onClose={clear}
        slotProps={{ closeButton: { 'aria-label': t('common.close'), title: t('common.close') } }}
      >
        {message}
      </Alert>
    </Box>
  );
}
