/**
 * xterm and its fit add-on (about 70 KB compressed), loaded when a judge terminal is first needed
 * (judge-terminal.tsx): a program task's first screen shows an empty box and does not wait for them.
 */
import { Terminal } from '@xterm/xterm';
import { FitAddon } from '@xterm/addon-fit';
import '@xterm/xterm/css/xterm.css';

/** A terminal opened in `host`, fitted to it (again whenever it is resized). */
export function openTerminal(host: HTMLElement): { terminal: Terminal; stop: () => void } {
  const terminal = new Terminal({
    convertEol: false,
    fontSize: 13,
    cursorBlink: true,
    scrollback: 5000,
    screenReaderMode: false,
    theme: { background: '#1e1e1e' },
  });
  const fit = new FitAddon();
  terminal.loadAddon(fit);
  terminal.open(host);
  const fitted = () => {
    try {
      fit.fit();
    } catch {
      // not laid out yet, or hidden
    }
  };
  fitted();
  const observer = new ResizeObserver(fitted);
  observer.observe(host);
  return {
    terminal,
    stop: () => {
      observer.disconnect();
      terminal.dispose();
    },
  };
}

export type { Terminal };
