/**
 * Type 9 evaluations (`evaluation: 'unit-tests'`): the grade comes only from trusted code. Whatever the
 * task's `vpl_evaluate.sh` holds, the author's tests run in Lectio's own runner, which the learner's code
 * cannot reach, and the verdict is counted and formatted here (`report.ts`).
 * - Python (`python/runner.py`): the runner holds the tests (sent on stdin from the worker's memory, never
 *   written to the work directory) and runs unittest; the learner's modules live in a separate process
 *   (`python/agent.py`) behind proxy modules, calls and values crossing a pipe as data or handles.
 * - Java (`java/`): the learner's classes and the tests are compiled apart (the tests' class bytes go to the
 *   worker's memory, never to the work directory), and the runner defines the tests in its own class loader
 *   with all permissions while the learner's classes get none but the work directory (security manager).
 * The judge's README says what authors may write in a test and what a learner can still observe.
 */
import { randomBytes } from 'node:crypto';
import type { JudgeFile, JudgeJob } from '../core/job';
import { languageOfJob } from '../languages/run-scripts';
import type { ProcessOutcome } from '../sandbox/sandbox';
import { javaUnitTests, JAVA_TEST_FILES } from './java';
import { pythonUnitTests, PYTHON_TEST_FILES } from './python';
import { parseRunnerOutput, unitTestReport, type RunnerResults } from './report';

/** What a type 9 evaluation needs of its job's sandbox. */
export interface UnitTestBox {
  writeFile(name: string, content: string | Buffer, mode?: number): void;
  remove(name: string): void;
  /** Runs a trusted program of the evaluation in the box, stdin `input`; null when the job was stopped. */
  run(argv: string[], phase: 'build' | 'run', input: string, env?: Record<string, string>): Promise<ProcessOutcome | null>;
  /** Why a process ended early (a limit), '' otherwise. */
  limit(outcome: ProcessOutcome, phase: 'build' | 'run'): string;
  /** Seconds the tests may take in all (the runner stops the learner's code before the sandbox's limit). */
  budgetSeconds: number;
}

/** The job's files by role; tests and the test support of the task never reach the work directory. */
export interface UnitTestFiles {
  language: 'python' | 'java';
  /** The learner's files and the task's files to keep: the learner's side. */
  learner: JudgeFile[];
  /** The author's tests and their support files (runner side, in memory only). */
  tests: JudgeFile[];
  /** Other config files (scripts, data): written as before. */
  other: JudgeFile[];
}

const RUNNER_SIDE = { python: PYTHON_TEST_FILES, java: JAVA_TEST_FILES };
const EXTENSION = { python: '.py', java: '.java' };

export function unitTestFiles(job: JudgeJob, language: 'python' | 'java'): UnitTestFiles {
  const configNames = new Set(job.configFiles.map((f) => f.name));
  const keep = job.keepFiles.filter((f) => !configNames.has(f.name));
  const keepNames = new Set(keep.map((f) => f.name));
  const submitted = job.submittedFiles.filter((f) => !configNames.has(f.name) && !keepNames.has(f.name));
  const tests = job.configFiles.filter((f) => f.name.endsWith(EXTENSION[language]) && !f.name.includes('/'));
  return {
    language,
    learner: [...keep, ...submitted],
    tests: tests.filter((f) => RUNNER_SIDE[language].test(f.name)),
    other: job.configFiles.filter((f) => !tests.includes(f)),
  };
}

function content(f: JudgeFile): string | Buffer {
  return f.encoding === 'base64' ? Buffer.from(f.content, 'base64') : f.content;
}

export interface UnitTestVerdict {
  compilation: string;
  execution: string;
}

/** Runs a type 9 evaluation in `box` and writes its verdict (VPL's report and grade line). */
export async function evaluateUnitTests(files: UnitTestFiles, box: UnitTestBox, gradeMin: number, gradeMax: number): Promise<UnitTestVerdict> {
  for (const f of [...files.other, ...files.learner]) box.writeFile(f.name, content(f), f.name.endsWith('.sh') ? 0o755 : 0o644);
  const nonce = randomBytes(16).toString('hex');
  const run: RunTrusted = async (argv, phase, input) => {
    const outcome = await box.run(argv, phase, input);
    if (!outcome) return null;
    return { results: parseRunnerOutput(outcome.output, nonce), stopped: box.limit(outcome, phase), output: outcome.output };
  };
  const ran = files.language === 'python' ? await pythonUnitTests(files, box, nonce, run) : await javaUnitTests(files, box, nonce, run);
  if (!ran) return { compilation: '', execution: '' };
  if (ran.results.compilation !== null) {
    return { compilation: ran.results.compilation, execution: `\n<|--\n-${COMPILATION_FAILED_TEXT}\n--|>\n\nGrade :=>>${gradeMin}\n` };
  }
  return { compilation: ran.compilation ?? '', execution: unitTestReport(ran.results, gradeMin, gradeMax, ran.stopped) };
}

/** Evaluates a type 9 job (Python or Java; any other language is refused: no trusted runner for it). */
export async function unitTestsJob(job: JudgeJob, box: UnitTestBox, gradeMin: number, gradeMax: number): Promise<UnitTestVerdict> {
  const language = languageOfJob(job.extension, job.submittedFiles.map((f) => f.name));
  if (language !== 'python' && language !== 'java') {
    return { compilation: 'Unit-test tasks (type 9) are evaluated for Python and Java only.\n', execution: `\n<|--\n-${COMPILATION_FAILED_TEXT}\n--|>\n\nGrade :=>>${gradeMin}\n` };
  }
  return evaluateUnitTests(unitTestFiles(job, language), box, gradeMin, gradeMax);
}

/** VPL's message (the same as the job's COMPILATION_FAILED; repeated here so the modules do not cycle). */
const COMPILATION_FAILED_TEXT = 'The compilation or preparation of execution has failed';

/** Runs a trusted program of the evaluation: its results (nonce lines), why it stopped early, all its output. */
export type RunTrusted = (argv: string[], phase: 'build' | 'run', input: string) => Promise<{ results: RunnerResults; stopped: string; output: string } | null>;
export type LanguageRun = { results: RunnerResults; stopped: string; compilation?: string } | null;
