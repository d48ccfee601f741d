/**
 * The `vpl_evaluate.cases` evaluator: runs every case against the already built program and prints VPL's
 * report (Testing lines, the failed tests, one comment per failure, the summary and `Grade :=>>`), with
 * VPL's grading rules: each failed case takes its reduction (default: the range divided by the number of
 * cases) from the maximum; each case gets an equal share of the maximum time, and when that share is one
 * second or less, or the time is up, the evaluation ends with 'Global timeout'.
 * Processes are started through a `CaseProcessRunner`, so this module knows nothing of the sandbox.
 */
import { caseFormat, cFixed, cFixedWidth, cInt, f32, removeCRs } from './ctext';
import { CasesFatalError, outputChecker, type OutputChecker } from './checkers';
import { parseCases, splitArgs, type CaseSpec } from './cases-file';

export const MAX_COMMENTS = 20;
const MAX_COMMENT_LENGTH = 100 * 1024;
const MAX_TITLE_LENGTH = 1024;
/** Output kept per case (VPL keeps the last 256 KiB and fails the case). */
export const MAX_CASE_OUTPUT = 256 * 1024;
export const DEFAULT_PROGRAM = './vpl_test';

export interface CaseProcessRequest {
  command: string;
  /** argv[1..]. */
  args: string[];
  input: string;
  timeoutMs: number;
  maxOutput: number;
}

export interface CaseProcessResult {
  /** stdout and stderr as the program wrote them (one stream). */
  output: string;
  /** The part of `output` that came after the last input line was sent (VPL matches it alone too). */
  afterInput?: string;
  /** Exit status when the program ended by itself. */
  exitCode: number | null;
  /** Signal number when a signal ended it. */
  signal: number | null;
  timedOut: boolean;
  outputTooLarge: boolean;
  bytesRead: number;
}

export interface CaseProcessRunner {
  /** Whether `command` (relative to the work directory) is a file the program can run. */
  exists(command: string): Promise<boolean>;
  run(request: CaseProcessRequest): Promise<CaseProcessResult>;
}

export interface EvaluationParams {
  gradeMin: number;
  gradeMax: number;
  /** Seconds for all cases (VPL_MAXTIME). */
  maxTime: number;
  variation: string;
  /**
   * Whether the report of a failed case shows its input, the program's output and the expected output
   * (VPL's report; the default). When false it names the case and gives its message only: the author's
   * choice for hidden cases (the program's output is hidden too, as it could echo the input).
   */
  showCaseData?: boolean;
}

/** The comment of a failed case whose data the author hides. */
export const HIDDEN_CASE_DATA = "Incorrect program output (this test's input and output are not shown)";

const SIGNAL_NAMES: Record<number, string> = {
  1: 'Hangup',
  2: 'Interrupt',
  3: 'Quit',
  4: 'Illegal instruction',
  5: 'Trace/breakpoint trap',
  6: 'Aborted',
  7: 'Bus error',
  8: 'Floating point exception',
  9: 'Killed',
  10: 'User defined signal 1',
  11: 'Segmentation fault',
  12: 'User defined signal 2',
  13: 'Broken pipe',
  14: 'Alarm clock',
  15: 'Terminated',
  24: 'CPU time limit exceeded',
  25: 'File size limit exceeded',
  31: 'Bad system call',
};
export const signalName = (n: number) => SIGNAL_NAMES[n] ?? `Unknown signal ${n}`;

class TestCase {
  readonly checkers: OutputChecker[];
  correctOutput = false;
  correctExitCode = false;
  outputTooLarge = false;
  programTimeout = false;
  executionError = '';
  exitCode: number | null = null;
  output = '';
  bytesRead = 0;
  reductionApplied = 0;

  constructor(readonly spec: CaseSpec) {
    this.checkers = spec.outputs.map((o) => outputChecker(o, spec.description));
  }

  get exitCodeTested() {
    return this.spec.expectedExitCode !== undefined;
  }

  get correct() {
    const ok = this.correctOutput && !this.programTimeout && !this.outputTooLarge && !this.executionError;
    return ok || (this.exitCodeTested && this.correctExitCode);
  }

  title(withReduction = false): string {
    let t = `Test ${this.spec.id}`;
    if (this.spec.description) t += `: ${this.spec.description}`;
    if (withReduction && this.reductionApplied > 0) t += ` (${cFixed(-this.reductionApplied, 3)})`;
    return t + '\n';
  }

  comment(showData: boolean): string {
    if (this.correct) return '';
    let c = '';
    if (this.checkers.length === 0) c += 'Configuration error in the test case: the output is not defined\n';
    if (this.programTimeout) c += 'Program timeout\n';
    if (this.outputTooLarge) c += `Program output too large (${Math.floor(this.bytesRead / 1024)}Kb)\n`;
    if (this.executionError) c += this.executionError + '\n';
    if (this.exitCodeTested && !this.correctExitCode) {
      c += `Incorrect exit code. Expected ${this.spec.expectedExitCode}, found ${this.exitCode ?? -2147483648}\n`;
    }
    if (!this.correctOutput) {
      if (this.spec.failMessage) c += this.spec.failMessage + '\n';
      else if (!showData) c += HIDDEN_CASE_DATA + '\n';
      else {
        c += 'Incorrect program output\n --- Input ---\n' + caseFormat(this.spec.input);
        c += '\n --- Program output ---\n' + caseFormat(this.output);
        const first = this.checkers[0];
        if (first) c += `\n --- Expected output (${first.type})---\n` + caseFormat(first.shown);
      }
    }
    return c;
  }

  async run(runner: CaseProcessRunner, timeoutSeconds: number): Promise<void> {
    const toRun = this.spec.programToRun;
    const command = toRun && toRun.length < 512 ? toRun : DEFAULT_PROGRAM;
    if (!(await runner.exists(command))) {
      this.executionError = `Execution file not found '${command}'`;
      return;
    }
    const result = await runner.run({
      command,
      args: this.spec.programArgs ? splitArgs(this.spec.programArgs) : [],
      input: this.spec.input,
      timeoutMs: timeoutSeconds * 1000,
      maxOutput: MAX_CASE_OUTPUT,
    });
    this.bytesRead = result.bytesRead;
    this.outputTooLarge = result.outputTooLarge;
    this.programTimeout = result.timedOut;
    if (result.timedOut) {
      // VPL's evaluator ends a late program with TERM and reports it so
      this.executionError = 'Program terminated due to "Terminated" (15)';
    } else if (result.signal !== null) {
      this.executionError = `Program terminated due to "${signalName(result.signal)}" (${result.signal})`;
    } else this.exitCode = result.exitCode;
    this.output = removeCRs(result.output);
    const after = result.afterInput === undefined ? this.output : removeCRs(result.afterInput);
    this.correctExitCode = this.exitCodeTested && this.spec.expectedExitCode === this.exitCode;
    this.correctOutput = this.checkers.some((c) => c.match(after)) || this.checkers.some((c) => c.match(this.output));
  }
}

class FatalStop extends Error {}

class Evaluation {
  private readonly titles: string[] = [];
  private readonly titlesGR: string[] = [];
  private readonly comments: string[] = [];
  private grade = 0;
  private nerrors = 0;
  private nruns = 0;
  private readonly testCases: TestCase[] = [];
  private readonly noGrade: boolean;
  private readonly started = Date.now();
  out = '';

  constructor(
    private readonly p: EvaluationParams,
    private readonly onOutput?: (text: string) => void,
  ) {
    this.noGrade = p.gradeMin >= p.gradeMax;
  }

  private print(text: string) {
    this.out += text;
    this.onOutput?.(text);
  }

  private elapsed() {
    return Math.floor((Date.now() - this.started) / 1000);
  }

  addFatalError(message: string) {
    const reduction = f32(this.p.gradeMax - this.p.gradeMin);
    let at = this.titles.length;
    if (at >= MAX_COMMENTS) at = MAX_COMMENTS - 1;
    this.titles[at] = message.slice(0, MAX_TITLE_LENGTH - 1);
    this.titlesGR[at] = `${message} (${cFixed(-reduction, 2)})`.slice(0, MAX_TITLE_LENGTH - 1);
    this.comments[at] = '';
    this.titles.length = this.titlesGR.length = this.comments.length = at + 1;
    this.grade = this.p.gradeMin;
  }

  load(casesText: string) {
    const parsed = parseCases(casesText, { variation: this.p.variation, gradeRange: f32(this.p.gradeMax - this.p.gradeMin) });
    for (const item of parsed.sequence) {
      if ('error' in item) this.addFatalError(item.error);
      else {
        try {
          this.testCases.push(new TestCase(item.case));
        } catch (e) {
          if (!(e instanceof CasesFatalError)) throw e;
          this.addFatalError(e.message);
          throw new FatalStop();
        }
      }
    }
  }

  async runTests(runner: CaseProcessRunner) {
    const n = this.testCases.length;
    if (n === 0) return;
    const { maxTime, gradeMin, gradeMax } = this.p;
    if (maxTime < 0) {
      this.addFatalError('Global timeout');
      return;
    }
    this.nerrors = 0;
    this.nruns = 0;
    this.grade = f32(gradeMax);
    const defaultReduction = f32(f32(gradeMax - gradeMin) / n);
    let timeout = Math.trunc(maxTime / n);
    for (const [i, testCase] of this.testCases.entries()) {
      this.print(`Testing ${i + 1}/${n} : ${testCase.spec.description}\n`);
      if (timeout <= 1 || this.elapsed() >= maxTime) {
        this.grade = gradeMin;
        this.addFatalError('Global timeout');
        return;
      }
      if (maxTime - this.elapsed() < timeout) timeout = maxTime - this.elapsed();
      try {
        await testCase.run(runner, timeout);
      } catch (e) {
        if (!(e instanceof CasesFatalError)) throw e;
        this.addFatalError(e.message);
        throw new FatalStop();
      }
      this.nruns++;
      if (!testCase.correct) {
        testCase.reductionApplied = testCase.spec.gradeReduction ?? defaultReduction;
        this.grade = f32(this.grade - testCase.reductionApplied);
        if (this.grade < gradeMin) this.grade = gradeMin;
        this.nerrors++;
        if (this.titles.length < MAX_COMMENTS) {
          this.titles.push(testCase.title().slice(0, MAX_TITLE_LENGTH));
          this.titlesGR.push(testCase.title(true).slice(0, MAX_TITLE_LENGTH));
          this.comments.push(testCase.comment(this.p.showCaseData ?? true).slice(0, MAX_COMMENT_LENGTH));
        }
      }
    }
  }

  report() {
    let r = '';
    if (this.testCases.length === 0) r += '<|--\n-No test case found\n--|>\n';
    if (this.titles.length > 1) r += '\n<|--\n-Failed tests\n' + this.titles.join('') + '--|>\n';
    if (this.titles.length > 0) {
      r += '\n<|--\n';
      for (let i = 0; i < this.titles.length; i++) r += `-${this.titlesGR[i]}${this.comments[i]}\n`;
      r += '--|>\n';
    }
    if (this.nruns > 0) {
      const passed = this.nruns - this.nerrors;
      const word = (k: number) => (k === 1 ? ' test' : 'tests');
      r += '\n<|--\n-Summary of tests\n>+------------------------------+\n';
      r += `>| ${cInt(this.nruns, 2)} ${word(this.nruns)} run/${cInt(passed, 2)} ${word(passed)} passed |\n`;
      r += '>+------------------------------+\n\n--|>\n';
    }
    if (!this.noGrade) r += `\nGrade :=>>${formatGrade(this.grade)}\n`;
    this.print(r);
  }
}

/** VPL's grade text: printf("%5.2f") without a trailing ".00" (so " 3.50", "10", " 6"). */
export function formatGrade(grade: number): string {
  const text = cFixedWidth(grade, 5, 2);
  return text.length > 3 && text.endsWith('.00') ? text.slice(0, -3) : text;
}

/**
 * Evaluates `casesText` and returns the whole evaluation output (what VPL's evaluator prints).
 * `onOutput` receives the same text as it is produced, for live progress.
 */
export async function evaluateCases(
  casesText: string,
  params: EvaluationParams,
  runner: CaseProcessRunner,
  onOutput?: (text: string) => void,
): Promise<string> {
  const evaluation = new Evaluation(params, onOutput);
  try {
    evaluation.load(casesText);
    await evaluation.runTests(runner);
  } catch (e) {
    if (!(e instanceof FatalStop)) throw e;
  }
  evaluation.report();
  return evaluation.out;
}
