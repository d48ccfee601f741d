/// <reference lib="webworker" />
/**
 * The Web Worker of in-browser Python (issue 25 item 4): Pyodide loaded from Lectio's own origin (the
 * build copies the `pyodide` package beside the app, web/build.mjs; nothing from a CDN). Runs one cell at
 * a time; prints and the value of a cell's last expression are outputs; `input()` asks the page for a
 * line and waits for it (JSPI, `pyodide.ffi.run_sync`); a traceback is an error output.
 */
import type { FromWorker, ToWorker } from './protocol';

interface PyProxyLike {
  toString(): string;
  destroy?: () => void;
}
interface Pyodide {
  runPythonAsync(code: string): Promise<unknown>;
  setStdout(options: { batched: (text: string) => void }): void;
  setStderr(options: { batched: (text: string) => void }): void;
  globals: { set(name: string, value: unknown): void };
}

const scope = self as unknown as DedicatedWorkerGlobalScope;
const post = (message: FromWorker) => scope.postMessage(message);

let pyodide: Promise<Pyodide> | null = null;
let current = 0;
let count = 0;
const waiting = new Map<number, (value: string) => void>();

const INPUT_SETUP = `
import builtins
from pyodide.ffi import run_sync
def _lectio_input(prompt=''):
    return run_sync(_lectio_ask(str(prompt), False))
builtins.input = _lectio_input
`;

async function load(indexURL: string): Promise<Pyodide> {
  post({ type: 'status', status: 'starting', stage: 'download' });
  const module = (await import(/* @vite-ignore */ `${indexURL}pyodide.mjs`)) as { loadPyodide(options: { indexURL: string }): Promise<Pyodide> };
  const py = await module.loadPyodide({ indexURL });
  post({ type: 'status', status: 'starting', stage: 'start' });
  py.setStdout({ batched: (text) => post({ type: 'output', id: current, output: { atype: 'text', output: `${text}\n` } }) });
  py.setStderr({ batched: (text) => post({ type: 'output', id: current, output: { atype: 'text', output: `${text}\n` } }) });
  py.globals.set('_lectio_ask', (prompt: string, password: boolean) => {
    const id = current;
    post({ type: 'input', id, prompt, password });
    return new Promise<string>((resolve) => waiting.set(id, resolve));
  });
  await py.runPythonAsync(INPUT_SETUP);
  post({ type: 'status', status: 'idle', stage: 'ready' });
  return py;
}

async function run(id: number, code: string) {
  const py = await pyodide!;
  current = id;
  count += 1;
  post({ type: 'status', status: 'busy' });
  let status: 'ok' | 'error' = 'ok';
  try {
    const value = await py.runPythonAsync(code);
    if (value !== undefined && value !== null) {
      const proxy = value as PyProxyLike;
      post({ type: 'output', id, output: { atype: 'text', output: String(typeof value === 'object' ? proxy.toString() : value) } });
      proxy.destroy?.();
    }
  } catch (error) {
    status = 'error';
    post({ type: 'output', id, output: { atype: 'text', output: error instanceof Error ? error.message : String(error) } });
  }
  post({ type: 'status', status: 'idle' });
  post({ type: 'done', id, status, executionCount: count });
}

let queue: Promise<unknown> = Promise.resolve();
scope.onmessage = (event: MessageEvent<ToWorker>) => {
  const message = event.data;
  if (message.type === 'init') {
    pyodide ??= load(message.indexURL);
    pyodide.catch((error: unknown) => post({ type: 'status', status: 'dead', detail: error instanceof Error ? error.message : String(error) }));
  } else if (message.type === 'run') {
    queue = queue.then(() => run(message.id, message.code)).catch(() => undefined);
  } else {
    waiting.get(message.id)?.(message.value);
    waiting.delete(message.id);
  }
};
