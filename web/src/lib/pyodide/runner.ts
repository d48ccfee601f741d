/**
 * In-browser Python as a `CellRunner` (issue 25 item 4; web/src/lib/cell-runner.ts): Pyodide in a Web
 * Worker, its files served from Lectio's own origin (`PYODIDE_BASE`, copied there by web/build.mjs). The
 * worker loads on the first run (or `start()`); interrupt, restart and shutdown end the worker (Python in
 * a worker cannot be interrupted without cross-origin isolation), restart starts a fresh one.
 */
import type { CellOutput, CellRunHandlers, CellRunResult, CellRunner, RunnerStatus } from '../cell-runner';
import type { FromWorker, LoadStage, ToWorker } from './protocol';

/** Where the build puts the pyodide package's files (web/build.mjs; versioned, so cached for good). */
export const PYODIDE_BASE = `/assets/pyodide-${typeof __PYODIDE_VERSION__ === 'string' ? __PYODIDE_VERSION__ : 'dev'}/`;

export interface BrowserRunner extends CellRunner {
  /** Loads Python now (the first run would). */
  start(): void;
  /** The step of the first load: the status line shows it as progress. */
  readonly stage: LoadStage | null;
}

interface Pending {
  handlers: CellRunHandlers;
  resolve: (result: CellRunResult) => void;
}

export function createBrowserRunner(options: { indexURL?: string; makeWorker?: () => Worker } = {}): BrowserRunner {
  const indexURL = options.indexURL ?? PYODIDE_BASE;
  const makeWorker = options.makeWorker ?? (() => new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name: 'python' }));
  const listeners = new Set<(status: RunnerStatus, text: string) => void>();
  const pending = new Map<number, Pending>();
  let worker: Worker | null = null;
  let nextId = 1;
  let stage: LoadStage | null = null;

  const emit = (status: RunnerStatus, text = '') => listeners.forEach((l) => l(status, text));

  const abortAll = () => {
    pending.forEach((p) => p.resolve({ status: 'aborted', executionCount: null }));
    pending.clear();
  };

  const onMessage = (event: MessageEvent<FromWorker>) => {
    const m = event.data;
    if (m.type === 'status') {
      if (m.stage) stage = m.stage;
      emit(m.status, m.stage ?? m.detail ?? '');
      if (m.status === 'dead') abortAll();
    } else if (m.type === 'output') {
      pending.get(m.id)?.handlers.onOutput(m.output as CellOutput);
    } else if (m.type === 'input') {
      const p = pending.get(m.id);
      if (!p) return;
      p.handlers.onInput(m.prompt, m.password).then(
        (value) => worker?.postMessage({ type: 'input', id: m.id, value } satisfies ToWorker),
        () => worker?.postMessage({ type: 'input', id: m.id, value: '' } satisfies ToWorker),
      );
    } else {
      const p = pending.get(m.id);
      pending.delete(m.id);
      p?.resolve({ status: m.status, executionCount: m.executionCount });
    }
  };

  const ensure = (): Worker => {
    if (worker) return worker;
    worker = makeWorker();
    worker.onmessage = onMessage;
    worker.onerror = (e) => {
      emit('dead', e.message);
      abortAll();
    };
    worker.postMessage({ type: 'init', indexURL } satisfies ToWorker);
    return worker;
  };

  const stop = () => {
    worker?.terminate();
    worker = null;
    stage = null;
    abortAll();
  };

  return {
    kind: 'browser',
    get stage() {
      return stage;
    },
    start: () => void ensure(),
    run(code, handlers) {
      const w = ensure();
      const id = nextId++;
      return new Promise<CellRunResult>((resolve) => {
        pending.set(id, { handlers, resolve });
        w.postMessage({ type: 'run', id, code } satisfies ToWorker);
      });
    },
    async interrupt() {
      // A worker's Python stops only with the worker: the state is lost, as after a restart.
      stop();
      emit('restarting');
      ensure();
    },
    async restart() {
      stop();
      emit('restarting');
      ensure();
    },
    async shutdown() {
      stop();
      emit('disconnected');
    },
    onStatus(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
