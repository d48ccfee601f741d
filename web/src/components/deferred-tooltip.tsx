/**
 * MUI's Tooltip for the buttons of a first screen (the dashboard, the task player; issue 20 item 22): its code
 * (the Popper, popper.js and a transition, about 12 KB compressed) is not part of that screen's download. It
 * is fetched once the page's largest paint has been shown, or at once when the pointer or the focus reaches a
 * button first; after the paint the buttons are wrapped one a task. Until it has arrived the button is named by
 * the title, the aria-label MUI's Tooltip gives it, so a screen reader hears the same; a button that had the
 * focus when the tooltip arrived keeps it.
 */
import { cloneElement, useEffect, useLayoutEffect, useRef, useState, type FocusEvent, type ReactElement, type Ref } from 'react';
import type { TooltipProps } from '@mui/material/Tooltip';
import { useForkRef } from '@mui/material/utils';
import { afterLargestPaint, inTaskOfItsOwn } from '@/lib/after-paint';
import { retryingImport, useRetryingImport } from '@/lib/retrying-import';

const tooltipCode = retryingImport(() => import('@mui/material/Tooltip').then((module) => module.default));

const focusable = 'button, a[href], input, select, textarea, [tabindex]:not([tabindex="-1"])';

interface ChildProps {
  'aria-label'?: string;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  onBlur?: (event: FocusEvent<HTMLElement>) => void;
  onPointerEnter?: (event: unknown) => void;
  onPointerLeave?: (event: unknown) => void;
  ref?: Ref<HTMLElement>;
}

export function DeferredTooltip({ children, title, ...props }: TooltipProps) {
  const [wanted, setWanted] = useState(() => tooltipCode.loaded() !== null);
  // A failed fetch (offline) is tried again at the next hover or focus, not on a timer.
  const Tooltip = useRetryingImport(tooltipCode, wanted, () => setWanted(false));
  // Once the code has arrived, each button is wrapped in a task of its own: MUI's Tooltip renders again at once
  // when it gets its child's element, and a screen's tooltips together were one long task on a phone.
  useEffect(() => {
    let live = true;
    let dequeue: (() => void) | undefined;
    const stop = afterLargestPaint(() => {
      tooltipCode.get().then(
        () => {
          if (live) dequeue = inTaskOfItsOwn(() => setWanted(true));
        },
        () => undefined,
      );
    });
    return () => {
      live = false;
      stop();
      dequeue?.();
    };
  }, []);

  const child = children as ReactElement<ChildProps>;
  const own = child.props;
  // The focus while the code was on its way: the button is a new element once the tooltip wraps it, and the
  // focus goes with it (to the button itself, or the one inside a wrapper, as a disabled button's span).
  // The element is held in a ref, not in state: a state set from the ref at mount re-rendered each tooltip
  // synchronously inside the page's first commit (one long task on a phone, issue 20 item 22). The new element
  // is attached before this layout effect runs.
  const [focused, setFocused] = useState(false);
  const element = useRef<HTMLElement | null>(null);
  const ref = useForkRef(own.ref, element);
  useLayoutEffect(() => {
    const current = element.current;
    if (!Tooltip || !focused || !current) return;
    const target = current.matches(focusable) ? current : current.querySelector<HTMLElement>(focusable);
    if (target && document.activeElement !== target) target.focus();
  }, [Tooltip, focused]);

  const blurred = (event: FocusEvent<HTMLElement>) => {
    setFocused(false);
    own.onBlur?.(event);
  };

  // Open from the start when the pointer rests on the button as the code arrives (no new pointer event comes to
  // the new element until it moves); MUI's Tooltip opens and closes it from then on.
  const [open, setOpen] = useState(false);

  if (Tooltip && wanted) {
    return (
      // eslint-disable-next-line react-hooks/static-components -- the loaded module's component, one for the page's life
      <Tooltip
        title={title}
        {...props}
        open={open}
        onOpen={(event) => {
          setOpen(true);
          props.onOpen?.(event);
        }}
        onClose={(event) => {
          setOpen(false);
          props.onClose?.(event);
        }}
      >
        {cloneElement(child, { ref, onBlur: blurred })}
      </Tooltip>
    );
  }
  return cloneElement(child, {
    ref,
    'aria-label': own['aria-label'] ?? (typeof title === 'string' && title ? title : undefined),
    onPointerEnter: (event) => {
      setOpen(true);
      setWanted(true);
      own.onPointerEnter?.(event);
    },
    onPointerLeave: (event) => {
      setOpen(false);
      own.onPointerLeave?.(event);
    },
    onFocus: (event) => {
      setFocused(true);
      setWanted(true);
      own.onFocus?.(event);
    },
    onBlur: blurred,
  });
}
