/**
 * The red feedback alert of the shell (spec/1 §2): `useFeedback().show(text)` from any screen.
 * Feedback belongs to the page it was given on: it clears when the route changes (the shell calls
 * `routeChanged()`), so 'Access denied.' does not follow the user elsewhere. A text given right
 * before moving on ("Data saved." → dashboard) passes `{ carry: true }` and survives that one change.
 * Success texts pass `'success'` so they are not announced as errors (same area, green).
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Alert, Box } from '@mui/material';
import { useTranslation } from 'react-i18next';

export type FeedbackSeverity = 'error' | 'success';

export interface FeedbackOptions {
  /** Keep the text over the next route change (it is shown on the page the user is sent to). */
  carry?: boolean;
}

interface FeedbackState {
  message: string | null;
  severity: FeedbackSeverity;
  carry: boolean;
}

interface FeedbackValue {
  message: string | null;
  severity: FeedbackSeverity;
  show: (text: string, severity?: FeedbackSeverity, options?: FeedbackOptions) => void;
  clear: () => void;
  /** Called by the shell on every route change. */
  routeChanged: () => void;
}

const empty: FeedbackState = { message: null, severity: 'error', carry: false };

const FeedbackContext = createContext<FeedbackValue | null>(null);

export function FeedbackProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<FeedbackState>(empty);
  const show = useCallback(
    (text: string, severity: FeedbackSeverity = 'error', options: FeedbackOptions = {}) =>
      setState({ message: text, severity, carry: options.carry ?? false }),
    [],
  );
  const clear = useCallback(() => setState(empty), []);
  const routeChanged = useCallback(
    () => setState((s) => (s.message === null ? s : s.carry ? { ...s, carry: false } : empty)),
    [],
  );
  const value = useMemo(
    () => ({ message: state.message, severity: state.severity, show, clear, routeChanged }),
    [state.message, state.severity, show, clear, routeChanged],
  );
  return <FeedbackContext.Provider value={value}>{children}</FeedbackContext.Provider>;
}

export function useFeedback(): FeedbackValue {
  const value = useContext(FeedbackContext);
  if (!value) throw new Error('useFeedback outside FeedbackProvider');
  return value;
}

/** Clears page feedback whenever `routeKey` (the pathname) changes; the first value is the start. */
export function useFeedbackRoute(routeKey: string): void {
  const { routeChanged } = useFeedback();
  const last = useRef(routeKey);
  useEffect(() => {
    if (last.current === routeKey) return;
    last.current = routeKey;
    routeChanged();
  }, [routeKey, routeChanged]);
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
