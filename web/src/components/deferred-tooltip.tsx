/**
 * Tooltips for buttons (issue 20 item 22): one MUI Tooltip for the whole app (`TooltipHost`, in the app's
 * providers), shown beside whichever button the pointer rests on or the keyboard has reached. Each
 * `DeferredTooltip` leaves its button as it is (never wrapped, never replaced) and names it by the title, the
 * aria-label MUI's Tooltip gives a button; its code (the Popper, popper.js and a transition, about 12 KB
 * compressed) is fetched at the first hover or focus, not with a screen.
 *
 * Wrapping each button in its own Tooltip once the code had come cost a first screen a render a button, the
 * Tooltip's evaluation and its download: on a phone the task player's Lighthouse score went 87 → 89 (questions)
 * and 80 → 86 (programs) without them. Replacing a button at its first hover instead lost clicks (the element
 * changed between press and release).
 *
 * As MUI's: shown 100 ms after the pointer comes to rest on the button, at once on a keyboard focus, after a
 * 700 ms touch; hidden when the pointer leaves, the focus goes, Escape is pressed, or 1.5 s after a touch ends.
 */
import {
  cloneElement,
  useEffect,
  useState,
  useSyncExternalStore,
  type FocusEvent,
  type PointerEvent,
  type ReactElement,
  type ReactNode,
  type Ref,
} from 'react';
import type { TooltipProps } from '@mui/material/Tooltip';
import { useForkRef } from '@mui/material/utils';
import { retryingImport, useRetryingImport } from '@/lib/retrying-import';

const tooltipCode = retryingImport(() => import('@mui/material/Tooltip').then((module) => module.default));

/** MUI's delays (Tooltip's enterDelay, enterTouchDelay, leaveTouchDelay). */
const TOOLTIP_DELAYS = { hoverMs: 100, touchMs: 700, afterTouchMs: 1500 };

interface Shown {
  anchor: HTMLElement;
  title: ReactNode;
  placement: TooltipProps['placement'];
}

// The one tooltip shown, for the host; a button shows and hides only its own.
let shown: Shown | null = null;
const listeners = new Set<() => void>();
const tell = () => listeners.forEach((listener) => listener());
const showTooltip = (next: Shown) => {
  shown = next;
  tell();
};
const hideTooltip = (anchor: HTMLElement | null) => {
  if (!shown || shown.anchor !== anchor) return;
  shown = null;
  tell();
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const current = () => shown;

/**
 * The app's one tooltip: MUI's Tooltip, open beside the button that asked for it (its Popper anchored there), its
 * code fetched when a button first does. Escape closes it (MUI's own listener, through `onClose`).
 */
export function TooltipHost() {
  const open = useSyncExternalStore(subscribe, current, current);
  // A failed fetch (offline) is tried again at the next hover or focus.
  const Tooltip = useRetryingImport(tooltipCode, open !== null, () => undefined);
  if (!Tooltip || !open) return null;
  return (
    // eslint-disable-next-line react-hooks/static-components -- the loaded module's component, one for the app's life
    <Tooltip
      open
      title={open.title}
      placement={open.placement}
      onClose={() => hideTooltip(open.anchor)}
      disableFocusListener
      disableHoverListener
      disableTouchListener
      slotProps={{ popper: { anchorEl: open.anchor } }}
    >
      {/* MUI's Tooltip needs an element of its own; the popper is anchored at the button */}
      <span hidden />
    </Tooltip>
  );
}

interface ChildProps {
  'aria-label'?: string;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  onBlur?: (event: FocusEvent<HTMLElement>) => void;
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void;
  onPointerLeave?: (event: PointerEvent<HTMLElement>) => void;
  onPointerDown?: (event: PointerEvent<HTMLElement>) => void;
  onPointerUp?: (event: PointerEvent<HTMLElement>) => void;
  ref?: Ref<HTMLElement>;
}

/** A focus the keyboard gave (a click's focus shows no tooltip, as MUI's); a browser without `:focus-visible` shows it. */
function keyboardFocus(element: HTMLElement): boolean {
  try {
    return element.matches(':focus-visible');
  } catch {
    return true;
  }
}

/** One button's end: the element it is, its pending show or hide, and where it showed the tooltip. */
function buttonTooltip() {
  let element: HTMLElement | null = null;
  let anchor: HTMLElement | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const hide = () => {
    clearTimeout(timer);
    hideTooltip(anchor);
  };
  return {
    attach: (node: HTMLElement | null) => {
      element = node;
    },
    show: (title: ReactNode, placement: TooltipProps['placement']) => {
      clearTimeout(timer);
      anchor = element;
      if (anchor && title) showTooltip({ anchor, title, placement });
    },
    hide,
    later: (ms: number, run: () => void) => {
      clearTimeout(timer);
      timer = setTimeout(run, ms);
    },
  };
}

export function DeferredTooltip({
  children,
  title,
  placement = 'bottom',
}: Pick<TooltipProps, 'children' | 'title' | 'placement'>) {
  const child = children as ReactElement<ChildProps>;
  const own = child.props;
  const [button] = useState(buttonTooltip);
  const ref = useForkRef(own.ref, button.attach);
  // A button that goes (another task, another page) takes its tooltip with it.
  useEffect(() => button.hide, [button]);
  const show = () => button.show(title, placement);

  return cloneElement(child, {
    ref,
    'aria-label': own['aria-label'] ?? (typeof title === 'string' && title ? title : undefined),
    onPointerEnter: (event) => {
      if (event.pointerType !== 'touch') button.later(TOOLTIP_DELAYS.hoverMs, show);
      own.onPointerEnter?.(event);
    },
    onPointerLeave: (event) => {
      if (event.pointerType !== 'touch') button.hide();
      own.onPointerLeave?.(event);
    },
    onPointerDown: (event) => {
      if (event.pointerType === 'touch') button.later(TOOLTIP_DELAYS.touchMs, show);
      own.onPointerDown?.(event);
    },
    onPointerUp: (event) => {
      if (event.pointerType === 'touch') button.later(TOOLTIP_DELAYS.afterTouchMs, button.hide);
      own.onPointerUp?.(event);
    },
    onFocus: (event) => {
      // the element focused: the button, or the one inside a wrapper (a disabled button's span)
      if (event.target instanceof HTMLElement && keyboardFocus(event.target)) show();
      own.onFocus?.(event);
    },
    onBlur: (event) => {
      button.hide();
      own.onBlur?.(event);
    },
  });
}
