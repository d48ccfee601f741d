/**
 * Type 10 (SQL) jobs, graded by trusted code (issue 18): the learner's `answer.sql` never runs in the
 * sqlite3 shell and no task file is ever written to the work directory. Everything goes to the trusted
 * Python driver (`sql-driver.ts`) on stdin, and its answer comes back on stdout as data.
 *
 * An evaluation has two phases, each driver process in the job's sandbox with the job's limits:
 * 1. no learner SQL: one process runs the correct answer (+ showResult.sql) on every dataset, each in a
 *    fresh in-memory database; the expected results stay in the worker's memory;
 * 2. another process runs the learner's answer (+ showResult.sql) on every dataset in turn, each in a fresh
 *    in-memory database (nothing of one dataset's run reaches the next: SQL reaches no process state). It
 *    never holds an expected result. (One process per dataset, a python3 start each, measured 0.9-1.4x the
 *    sqlite3-shell template's time per graded job on a loaded machine; this design 0.5-0.75x.)
 * The learner's answer has VPL_MAXTIME (the job's maxTime) for all datasets together, an equal share each.
 * The worker compares the results (columns, rows rendered as the shell renders them, errors) and writes
 * VPL's report and `Grade :=>>` itself. The report shows the learner's own result only for dataset 1 (the
 * public one, also used by Run); for a hidden dataset it says that the result differs, without data.
 * A run shows the answer's result on dataset 1 and then a `sqlite> ` prompt, through the same driver.
 * The task's `vpl_run.sh` / `vpl_evaluate.sh` play no part in a type 10 job.
 */
import type { ProcessOutcome } from '../sandbox/sandbox';
import type { JudgeJob } from './job';
import { SQL_DRIVER } from './sql-driver';

/** One result set of a statement, or its error. */
export type SqlSet = { columns: string[]; rows: string[][]; count: number } | { error: string; line: number };
export interface SqlRunResult {
  setupError?: string;
  sets: SqlSet[];
}

export interface SqlBox {
  /** Runs the driver in the job's sandbox with all of `input` on stdin; null when the job was stopped. */
  batch(argv: string[], input: string): Promise<ProcessOutcome | null>;
  /** Runs the driver interactively: `firstLine` goes to stdin before what the learner types. */
  interactive(argv: string[], firstLine: string): Promise<ProcessOutcome | null>;
  /** The text of a limit the process reached ('' when none). */
  limit(outcome: ProcessOutcome): string;
  monitor(message: string): void;
  /** Seconds for the correct answers together, and for the learner's answer on all datasets together. */
  maxTime: number;
}

export interface SqlJobResult {
  execution: string;
  /** The grade (evaluations); null for runs and stopped jobs. */
  grade: number | null;
}

export const driverArgv = (mode: 'batch' | 'run') => ['/usr/bin/python3', '-I', '-S', '-c', SQL_DRIVER, mode];

/** The answer with trailing blanks cut and, when missing, a final ';' (on its own line: after a `--` comment too). */
export function withSemicolon(sql: string): string {
  const text = sql.trimEnd();
  return text === '' || text.endsWith(';') ? `${text}\n` : `${text}\n;\n`;
}

/** Whether an answer holds no statement at all (blanks and comments only). */
export const isEmptySql = (sql: string) => sql.replace(/\/\*[\s\S]*?(\*\/|$)/g, ' ').replace(/--[^\n]*/g, ' ').replace(/;/g, ' ').trim() === '';

interface SqlTask {
  createTables: string;
  showResult: string;
  correctAnswer: string;
  /** dataset{n}.sql by number; dataset 1 is the public one. */
  datasets: Array<{ n: number; sql: string }>;
  answer: string;
}

function sqlTask(job: JudgeJob): SqlTask {
  const config = (name: string) => job.configFiles.find((f) => f.name === name)?.content ?? '';
  const answerFile = job.submittedFiles.find((f) => f.name === 'answer.sql') ?? job.submittedFiles.find((f) => f.name.endsWith('.sql'));
  const datasets = job.configFiles
    .map((f) => ({ n: Number(/^dataset(\d+)\.sql$/.exec(f.name)?.[1] ?? NaN), sql: f.content }))
    .filter((d) => Number.isInteger(d.n))
    .sort((a, b) => a.n - b.n);
  return { createTables: config('createTables.sql'), showResult: config('showResult.sql'), correctAnswer: config('correctAnswer.sql'), datasets, answer: answerFile?.content ?? '' };
}

/** Reads the driver's JSON answer; a process that did not answer gives its limit or a short failure text. */
function driverRuns(outcome: ProcessOutcome, box: SqlBox): SqlRunResult[] | string {
  try {
    const parsed = JSON.parse(outcome.output) as { runs: SqlRunResult[] };
    if (Array.isArray(parsed.runs)) return parsed.runs;
  } catch {
    // below
  }
  return box.limit(outcome).trim() || `The SQL driver failed (exit ${outcome.exitCode ?? `signal ${outcome.signal}`})`;
}

/** Learner text inside a report block: every line starts with '>' (never a grade line or a block end). */
const quoted = (text: string) =>
  text
    .split(/\r\n|\r|\n/)
    .map((l) => `>${l}\n`)
    .join('');

/** A result as `sqlite3 -batch -header` prints it (list mode), errors as the shell reports them. */
export function renderSets(sets: SqlSet[]): string {
  const lines: string[] = [];
  for (const s of sets) {
    if ('error' in s) lines.push(`Error: near line ${s.line}: ${s.error}`);
    else if (s.rows.length > 0) {
      lines.push(s.columns.join('|'), ...s.rows.map((r) => r.join('|')));
      if (s.count > s.rows.length) lines.push(`… ${s.count - s.rows.length} more rows`);
    }
  }
  return lines.join('\n');
}

const REPORT_LINES = 20;

function report(blocks: string[], total: number, passed: number, gradeMin: number, gradeMax: number): SqlJobResult {
  const grade = Math.round((total > 0 ? gradeMin + ((gradeMax - gradeMin) * passed) / total : gradeMin) * 100) / 100;
  let out = blocks.length ? `<|--\n${blocks.join('')}--|>\n` : '';
  out += `<|--\n-Summary of tests\n>${total} datasets/${passed} correct\n--|>\n`;
  out += `Grade :=>>${grade}\n`;
  return { execution: out, grade };
}

const failed = (message: string, gradeMin: number): SqlJobResult => ({ execution: `<|--\n-${message}\n--|>\nGrade :=>>${gradeMin}\n`, grade: gradeMin });

const sameSets = (a: SqlSet[], b: SqlSet[]) => JSON.stringify(a) === JSON.stringify(b);

export async function sqlEvaluate(job: JudgeJob, box: SqlBox): Promise<SqlJobResult> {
  const gradeMin = job.gradeMin ?? 0;
  const gradeMax = job.gradeMax ?? 100;
  const task = sqlTask(job);
  if (isEmptySql(task.answer)) return failed('Your answer is empty: write an SQL statement in answer.sql', gradeMin);
  if (task.datasets.length === 0) return failed('Configuration error: the task has no dataset (dataset1.sql …)', gradeMin);
  const share = Math.max(1, box.maxTime / task.datasets.length);
  /** One driver process: `answer` + showResult.sql on every dataset in turn, each in a fresh database. */
  const onEveryDataset = (answer: string) =>
    box.batch(driverArgv('batch'), JSON.stringify({ runs: task.datasets.map((d) => ({ setup: [task.createTables, d.sql], script: withSemicolon(answer) + task.showResult, seconds: share })) }));

  // phase 1: the expected results, before any learner SQL runs (they never leave the worker's memory)
  const correct = await onEveryDataset(task.correctAnswer);
  if (!correct) return { execution: '', grade: null };
  const expected = driverRuns(correct, box);
  if (typeof expected === 'string') return failed(`Configuration error: the correct answer could not be run (${expected})`, gradeMin);
  const broken = task.datasets.findIndex((_, i) => expected[i]?.setupError !== undefined || expected[i]?.sets.some((s) => 'error' in s));
  if (broken >= 0 || expected.length !== task.datasets.length) {
    return failed(`Configuration error: the correct answer fails on dataset ${task.datasets[Math.max(0, broken)]!.n}`, gradeMin);
  }

  // phase 2: the learner's answer on each dataset in turn, each in a fresh database, in a process that
  // never holds an expected result
  box.monitor('message:running');
  const ran = await onEveryDataset(task.answer);
  if (!ran) return { execution: '', grade: null };
  const got = driverRuns(ran, box);
  const blocks: string[] = [];
  let passed = 0;
  for (const [i, dataset] of task.datasets.entries()) {
    const sets = typeof got === 'string' ? null : got[i]?.sets;
    if (sets && sameSets(sets, expected[i]!.sets)) {
      passed++;
      continue;
    }
    const why = typeof got === 'string' ? ` (${got})` : '';
    blocks.push(`-Dataset ${dataset.n}: the result differs${why}\n`);
    if (dataset.n === 1 && sets) blocks.push(quoted(renderSets(sets).split('\n').slice(0, REPORT_LINES).join('\n')));
  }
  return report(blocks, task.datasets.length, passed, gradeMin, gradeMax);
}

/** A run: the answer on dataset 1 (columns with headers), then the `sqlite> ` prompt. */
export async function sqlRun(job: JudgeJob, box: SqlBox): Promise<SqlJobResult> {
  const task = sqlTask(job);
  const dataset = task.datasets.find((d) => d.n === 1);
  box.monitor('run:terminal');
  const ran = await box.interactive(driverArgv('run'), `${JSON.stringify({ setup: [task.createTables, dataset?.sql ?? ''], script: withSemicolon(task.answer) })}\n`);
  return { execution: ran ? ran.output + box.limit(ran) : '', grade: null };
}

export const sqlJob = (job: JudgeJob, box: SqlBox) => (job.kind === 'evaluate' ? sqlEvaluate(job, box) : sqlRun(job, box));
