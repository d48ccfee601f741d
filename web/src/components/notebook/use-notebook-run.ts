/**
 * Running a notebook's code cells through a `CellRunner` (issue 25): outputs and execution counts per
 * cell, the status line following the runner, run all, delete results, interrupt, restart, delete
 * kernel, and the input prompt (`input()`) answered with Enter.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { NotebookCell, NotebookOutput } from '@lectio/shared';
import type { CellRunner, RunnerStatus } from '@/lib/cell-runner';

export interface InputPrompt {
  index: number;
  prompt: string;
  password: boolean;
  answer: (value: string) => void;
}

/**
 * A runner's `onInput` that asks below cell `index`: it sets `prompt`, and the answer (Enter) clears it,
 * tells `answered` (if given) and resolves the code's `input()`.
 */
export const askBelowCell =
  (setPrompt: (prompt: InputPrompt | null) => void, index: number, answered?: (text: string, password: boolean, value: string) => void) =>
  (text: string, password: boolean) =>
    new Promise<string>((resolve) =>
      setPrompt({
        index,
        prompt: text,
        password,
        answer: (value) => {
          setPrompt(null);
          answered?.(text, password, value);
          resolve(value);
        },
      }),
    );

export interface NotebookRun {
  status: RunnerStatus | null;
  /** The runner's detail (a load stage of in-browser Python, an error). */
  detail: string;
  kind: CellRunner['kind'] | null;
  outputs: Record<number, NotebookOutput[]>;
  counts: Record<number, number | null>;
  running: number | null;
  prompt: InputPrompt | null;
  run(index: number, code: string): Promise<void>;
  runAll(codes: Array<{ index: number; code: string }>): Promise<void>;
  clear(): void;
  interrupt(): void;
  restart(): void;
  shutdown(): void;
  setWidth(index: number, output: number, width: number): void;
}

/** `runner` is created on first use; `initial` are the cells' stored outputs. */
export function useNotebookRun(makeRunner: () => Promise<CellRunner>, cells: NotebookCell[]): NotebookRun {
  const runnerRef = useRef<Promise<CellRunner> | null>(null);
  const [kind, setKind] = useState<CellRunner['kind'] | null>(null);
  const [status, setStatus] = useState<RunnerStatus | null>(null);
  const [detail, setDetail] = useState('');
  const [outputs, setOutputs] = useState<Record<number, NotebookOutput[]>>(() => Object.fromEntries(cells.map((c, i) => [i, c.outputs ?? []])));
  const [counts, setCounts] = useState<Record<number, number | null>>(() => Object.fromEntries(cells.map((c, i) => [i, c.execution_count ?? null])));
  const [running, setRunning] = useState<number | null>(null);
  const [prompt, setPrompt] = useState<InputPrompt | null>(null);
  const unsubscribe = useRef<(() => void) | null>(null);

  const runner = useCallback(() => {
    runnerRef.current ??= makeRunner().then((r) => {
      setKind(r.kind);
      unsubscribe.current = r.onStatus((s, text) => {
        setStatus(s);
        setDetail(text);
      });
      return r;
    });
    return runnerRef.current;
  }, [makeRunner]);

  useEffect(
    () => () => {
      unsubscribe.current?.();
      void runnerRef.current?.then((r) => r.shutdown());
    },
    [],
  );

  const run = useCallback(
    async (index: number, code: string) => {
      const r = await runner();
      setRunning(index);
      setOutputs((o) => ({ ...o, [index]: [] }));
      try {
        const result = await r.run(code, {
          onOutput: (output) => setOutputs((o) => ({ ...o, [index]: [...(o[index] ?? []), { ...output, width: output.atype === 'png' ? (output.width ?? 100) : undefined }] })),
          onInput: askBelowCell(setPrompt, index, (text, password, value) =>
            setOutputs((o) => ({ ...o, [index]: [...(o[index] ?? []), { atype: 'text', output: `${text}${password ? '' : value}\n` }] })),
          ),
        });
        setCounts((c) => ({ ...c, [index]: result.executionCount }));
      } finally {
        setPrompt(null);
        setRunning(null);
      }
    },
    [runner],
  );

  return {
    status,
    detail,
    kind,
    outputs,
    counts,
    running,
    prompt,
    run,
    runAll: async (codes) => {
      for (const { index, code } of codes) await run(index, code);
    },
    clear: () => {
      // Every cell's results, the stored ones included.
      setOutputs(Object.fromEntries(cells.map((_, i) => [i, []])));
      setCounts(Object.fromEntries(cells.map((_, i) => [i, null])));
    },
    interrupt: () => void runner().then((r) => r.interrupt()),
    restart: () => void runner().then((r) => r.restart()),
    shutdown: () => {
      const current = runnerRef.current;
      runnerRef.current = null;
      unsubscribe.current?.();
      void current?.then((r) => r.shutdown());
      setStatus(null);
      setDetail('');
    },
    setWidth: (index, output, width) =>
      setOutputs((o) => ({ ...o, [index]: (o[index] ?? []).map((out, i) => (i === output ? { ...out, width } : out)) })),
  };
}
