/** The modal for failed requests that no screen handled (spec/1 §8), with one OK button. */
import { useSyncExternalStore } from 'react';
import { requestFailures } from '@/lib/request-failures';
import { useErrorText } from '@/lib/server-error-text';
import { lazyOverlay } from '../lazy-overlay';

const RequestFailureDialogView = lazyOverlay(() => import('./request-failure-dialog-view'), (props) => props.open, (props) => props.onDismiss());

export function RequestFailureDialog() {
  const error = useSyncExternalStore(requestFailures.subscribe, requestFailures.current, requestFailures.current);
  const errorText = useErrorText();
  const open = error !== undefined;
  return <RequestFailureDialogView open={open} text={open ? errorText(error) : ''} onDismiss={() => requestFailures.dismiss()} />;
}
