/**
 * The terminal of a program run (spec/3 §4): xterm (bundled) showing compiler messages and the
 * program's output; while an interactive run waits, what the learner types is echoed after the locked
 * prefix and each line is sent on Enter.
 */
import { forwardRef, useCallback, useEffect, useImperativeHandle, useRef } from 'react';
import { Box } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { preloadAtFirstPress } from '@/components/lazy-overlay';
import { retryingImport } from '@/lib/retrying-import';
import { LineInput } from './line-input';
import type { Terminal } from './xterm-setup';

// xterm's code (about 70 KB compressed) is fetched when a terminal is first needed, or at the first press on
// the page: a program task's first screen shows an empty box (issue 20 item 22).
const xterm = retryingImport(() => import('./xterm-setup'));

export interface JudgeTerminalHandle {
  write: (text: string) => void;
  clear: () => void;
  focus: () => void;
  /** Everything written so far (tests and screen readers read the live copy). */
  text: () => string;
}

interface JudgeTerminalProps {
  /** Input is taken only while the program runs interactively. */
  acceptsInput: boolean;
  onLine: (line: string) => void;
  label: string;
  /** Text to show again when the terminal is mounted anew (a layout change). */
  initial?: string;
  testId?: string;
}

export const JudgeTerminal = forwardRef<JudgeTerminalHandle, JudgeTerminalProps>(function JudgeTerminal(
  { acceptsInput, onLine, label, initial, testId },
  ref,
) {
  const host = useRef<HTMLDivElement>(null);
  const term = useRef<Terminal | null>(null);
  const copy = useRef<HTMLPreElement>(null);
  const line = useRef(new LineInput());
  const written = useRef('');
  const accepts = useRef(acceptsInput);
  accepts.current = acceptsInput;
  const onLineRef = useRef(onLine);
  onLineRef.current = onLine;
  // xterm names its input 'Terminal input' in English; the UI language names it instead.
  const { t: translate } = useTranslation();
  const inputLabel = translate('programming.terminalInput');
  const inputLabelRef = useRef(inputLabel);
  inputLabelRef.current = inputLabel;
  useEffect(() => {
    term.current?.textarea?.setAttribute('aria-label', inputLabel);
  }, [inputLabel]);

  // The terminal is made when first needed (output, input, a click, or text to show again): xterm's set-up
  // (~40 ms here, four times that on a phone) was a long task of every program task's first screen, for an
  // empty box (issue 20 item 22). Until its code has arrived, what is written waits in `written`.
  const stopTerminal = useRef<(() => void) | null>(null);
  const focusWhenMade = useRef(false);
  const mounted = useRef(false);
  const create = useCallback((): void => {
    if (term.current || !host.current) return;
    const setup = xterm.loaded();
    if (!setup) {
      // Offline, the next output, input or click tries again.
      xterm.get().then(
        () => mounted.current && create(),
        () => undefined,
      );
      return;
    }
    const { terminal: t, stop } = setup.openTerminal(host.current);
    t.textarea?.setAttribute('aria-label', inputLabelRef.current);
    if (written.current) t.write(written.current.replace(/\r?\n/g, '\r\n'));
    t.onData((data) => {
      if (!accepts.current) return;
      const { echo, lines } = line.current.feed(data);
      if (echo) t.write(echo);
      for (const l of lines) {
        written.current += l;
        if (copy.current) copy.current.textContent = written.current;
        onLineRef.current(l);
      }
    });
    term.current = t;
    stopTerminal.current = stop;
    if (focusWhenMade.current) {
      focusWhenMade.current = false;
      t.focus();
    }
  }, []);
  const focus = useCallback(() => {
    if (term.current) return term.current.focus();
    focusWhenMade.current = true;
    create();
  }, [create]);

  useEffect(() => {
    mounted.current = true;
    preloadAtFirstPress(xterm.get);
    if (initial) {
      written.current = initial;
      if (copy.current) copy.current.textContent = initial;
      create();
    }
    return () => {
      mounted.current = false;
      stopTerminal.current?.();
      stopTerminal.current = null;
      term.current = null;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `initial` is read once, when the terminal is mounted
  }, [create]);

  useEffect(() => {
    if (!acceptsInput) line.current.reset();
    else focus();
  }, [acceptsInput, focus]);

  useImperativeHandle(ref, () => ({
    write: (text: string) => {
      written.current += text.replace(/\r\n/g, '\n');
      if (copy.current) copy.current.textContent = written.current;
      if (term.current) term.current.write(text);
      else create();
    },
    clear: () => {
      term.current?.reset();
      line.current.reset();
      written.current = '';
      if (copy.current) copy.current.textContent = '';
    },
    focus,
    text: () => written.current,
  }));

  return (
    <Box
      sx={{ position: 'relative', height: '100%', minHeight: 160, bgcolor: '#1e1e1e', borderRadius: 1, p: 0.5 }}
      data-testid={testId}
      data-accepts-input={acceptsInput}
    >
      <Box ref={host} sx={{ height: '100%', minHeight: 150 }} role="region" aria-label={label} onPointerDown={() => create()} />
      {/* A plain copy of the output for screen readers and tests (xterm draws on a canvas/DOM grid). */}
      <Box
        component="pre"
        ref={copy}
        aria-live="polite"
        data-testid={testId ? `${testId}-text` : undefined}
        sx={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', m: 0 }}
      />
    </Box>
  );
});
