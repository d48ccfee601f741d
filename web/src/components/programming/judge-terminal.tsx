/**
 * The terminal of a program run (spec/3 §4): xterm (bundled) showing compiler messages and the
 * program's output; while an interactive run waits, what the learner types is echoed after the locked
 * prefix and each line is sent on Enter.
 */
import { forwardRef, useCallback, useEffect, useImperativeHandle, useRef } from 'react';
import { Box } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Terminal } from '@xterm/xterm';
import { FitAddon } from '@xterm/addon-fit';
import '@xterm/xterm/css/xterm.css';
import { LineInput } from './line-input';

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
  // empty box (issue 20 item 22).
  const resize = useRef<ResizeObserver | null>(null);
  const create = useCallback((): Terminal | null => {
    if (term.current || !host.current) return term.current;
    const t = new Terminal({
      convertEol: false,
      fontSize: 13,
      cursorBlink: true,
      scrollback: 5000,
      screenReaderMode: false,
      theme: { background: '#1e1e1e' },
    });
    const f = new FitAddon();
    t.loadAddon(f);
    t.open(host.current);
    t.textarea?.setAttribute('aria-label', inputLabelRef.current);
    if (written.current) t.write(written.current.replace(/\r?\n/g, '\r\n'));
    try {
      f.fit();
    } catch {
      // not laid out yet
    }
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
    const observer = new ResizeObserver(() => {
      try {
        f.fit();
      } catch {
        // hidden
      }
    });
    observer.observe(host.current);
    resize.current = observer;
    return t;
  }, []);

  useEffect(() => {
    if (initial) {
      written.current = initial;
      if (copy.current) copy.current.textContent = initial;
      create();
    }
    return () => {
      resize.current?.disconnect();
      term.current?.dispose();
      term.current = null;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `initial` is read once, when the terminal is mounted
  }, [create]);

  useEffect(() => {
    if (!acceptsInput) line.current.reset();
    else create()?.focus();
  }, [acceptsInput, create]);

  useImperativeHandle(ref, () => ({
    write: (text: string) => {
      create()?.write(text);
      written.current += text.replace(/\r\n/g, '\n');
      if (copy.current) copy.current.textContent = written.current;
    },
    clear: () => {
      term.current?.reset();
      line.current.reset();
      written.current = '';
      if (copy.current) copy.current.textContent = '';
    },
    focus: () => create()?.focus(),
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
