/**
 * How a notebook's code cells run, whatever runs them (spec/3 "Notebook cells and kernels"; issue 25):
 * a live Jupyter kernel reached through Lectio (`web/src/lib/kernel-client.ts`) or Python in the
 * browser (`web/src/lib/pyodide/`). The notebook view and its toolbar (run all, delete results,
 * interrupt, restart, delete kernel, the status line) speak only this interface.
 */

/** One output of a code cell as notebook content stores it (spec/3 §3 Notebook cell `outputs`). */
export interface CellOutput {
  atype: 'text' | 'png';
  /** Text as printed (streams, results, tracebacks without ANSI colours); png as base64 without a data: prefix. */
  output: string;
  /** Image width in per cent, 10-500 (default 100). */
  width?: number;
}

/** The status line follows the runner (kernel messages: starting, idle, busy; restarting; dead). */
export type RunnerStatus = 'starting' | 'idle' | 'busy' | 'restarting' | 'dead' | 'disconnected';

export interface CellRunHandlers {
  onOutput(output: CellOutput): void;
  /** The code asked for input (`input()`); resolves with the line the learner sent with Enter. */
  onInput(prompt: string, password: boolean): Promise<string>;
}

export interface CellRunResult {
  status: 'ok' | 'error' | 'aborted';
  executionCount: number | null;
}

export interface CellRunner {
  readonly kind: 'kernel' | 'browser';
  /** Runs one cell; a kernel is created first when missing or dead. */
  run(code: string, handlers: CellRunHandlers): Promise<CellRunResult>;
  interrupt(): Promise<void>;
  restart(): Promise<void>;
  /** Deletes the kernel (the browser runner drops its worker). */
  shutdown(): Promise<void>;
  /** Subscribes to status changes; `text` is the translated-ready detail (may be ''). Returns the unsubscribe. */
  onStatus(listener: (status: RunnerStatus, text: string) => void): () => void;
}
