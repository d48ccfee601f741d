/**
 * The modal message dialog service of spec/1 §2: a typed title, sanitised HTML content, an optional
 * text input and buttons (labels or icons). `open()` resolves with the clicked button's value, or
 * `{ value, input }` when an input is shown; closing with Escape resolves with null.
 *
 *   const dialog = useMessageDialog();
 *   const choice = await dialog.open({ type: 'question', html: '<p>Delete?</p>',
 *     buttons: [{ label: 'Yes', value: true }, { label: 'No', value: false }] });
 */
import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { lazyOverlay } from '../lazy-overlay';
import { PageSpinner } from '../page-spinner';
import type { MessageDialogApi, MessageDialogOptions, Pending } from './message-dialog-types';

const DialogBody = lazy(() => import('./message-dialog-body'));
const MessageDialogFrame = lazyOverlay(() => import('./message-dialog-frame'), (props) => props.open, (props) => props.onClose());

export type { MessageDialogApi, MessageDialogButton, MessageDialogOptions, MessageDialogType } from './message-dialog-types';

const MessageDialogContext = createContext<MessageDialogApi | null>(null);

export function MessageDialogProvider({ children }: { children: ReactNode }) {
  // Dialogs opened while one is shown wait their turn.
  const [queue, setQueue] = useState<Pending[]>([]);
  const nextId = useRef(1);

  const open = useCallback(
    (options: MessageDialogOptions<unknown>) =>
      new Promise<unknown>((resolve) => {
        const pending = { id: nextId.current++, options, resolve };
        setQueue((q) => [...q, pending]);
      }),
    [],
  );

  const api = useMemo(() => ({ open }) as MessageDialogApi, [open]);
  const current = queue[0];

  const finish = (pending: Pending, result: unknown) => {
    pending.resolve(result);
    setQueue((q) => q.filter((p) => p !== pending));
  };

  return (
    <MessageDialogContext.Provider value={api}>
      {children}
      <MessageDialogFrame open={Boolean(current)} onClose={() => current && finish(current, null)}>
        {current && (
          <Suspense fallback={<PageSpinner />}>
            <DialogBody key={current.id} pending={current} onFinish={finish} />
          </Suspense>
        )}
      </MessageDialogFrame>
    </MessageDialogContext.Provider>
  );
}

export function useMessageDialog(): MessageDialogApi {
  const value = useContext(MessageDialogContext);
  if (!value) throw new Error('useMessageDialog outside MessageDialogProvider');
  return value;
}
