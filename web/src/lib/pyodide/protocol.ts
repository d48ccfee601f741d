/** Messages between the in-browser Python runner and its Web Worker (issue 25 item 4). */
import type { CellOutput, RunnerStatus } from '../cell-runner';

export type ToWorker = { type: 'init'; indexURL: string } | { type: 'run'; id: number; code: string } | { type: 'input'; id: number; value: string };

/** `stage` names the step of the first load (the status line shows it as progress). */
export type LoadStage = 'download' | 'start' | 'ready';

export type FromWorker =
  | { type: 'status'; status: RunnerStatus; stage?: LoadStage; detail?: string }
  | { type: 'output'; id: number; output: CellOutput }
  | { type: 'input'; id: number; prompt: string; password: boolean }
  | { type: 'done'; id: number; status: 'ok' | 'error'; executionCount: number };
