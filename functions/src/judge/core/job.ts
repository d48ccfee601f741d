/**
 * One judge job, VPL's execution model: the files (task config files, files to keep, the learner's files)
 * are written into a fresh sandbox with `vpl_environment.sh`; the run script (`vpl_run.sh`, or the default
 * one for the course's language) or, for an evaluation, `vpl_evaluate.sh` builds `vpl_execution`. A run
 * then starts `vpl_execution` interactively; an evaluation runs it and reads its `Grade :=>>` — or, with the
 * default evaluate script, renames it `vpl_test` and runs the built-in `vpl_evaluate.cases` evaluator: the
 * program is built once and every case runs against it. The sandbox is removed at the end.
 * An SQL job (type 10, `evaluation: 'sql'`) takes none of these steps: `sql.ts` runs and grades it.
 * Nor does a unit-test evaluation (type 9, `evaluation: 'unit-tests'`): `unit-tests/` runs and grades it.
 */
import { evaluateCases, type CaseProcessRunner, type EvaluationParams } from './evaluator';
import { environmentScript, parseEnvironmentScript } from './environment';
import { parseEvaluationOutput } from './output';
import { sqlJob } from './sql';
import { unitTestsJob } from '../unit-tests/unit-tests';
import { defaultRunScript, languageOfJob } from '../languages/run-scripts';
import { Sandbox, type ProcessOutcome, type SandboxProcess } from '../sandbox/sandbox';
import { DEFAULT_BUILD_LIMITS, DEFAULT_RUN_LIMITS, resolveLimits, type SandboxLimits } from '../sandbox/limits';

export interface JudgeFile {
  name: string;
  content: string;
  /** Binary files travel as base64. */
  encoding?: 'base64';
}

export interface JudgeJob {
  kind: 'run' | 'evaluate';
  /** The learner's (or the author's solution) files. */
  submittedFiles: JudgeFile[];
  /** Task data files kept from the course/task (the learner cannot replace them). */
  keepFiles: JudgeFile[];
  /** vpl_run.sh, vpl_evaluate.sh, vpl_evaluate.cases, unit tests, SQL scripts … */
  configFiles: JudgeFile[];
  /** The course's file extension (chooses the default scripts). */
  extension?: string;
  gradeMin?: number;
  gradeMax?: number;
  /** Seconds for the whole evaluation (VPL_MAXTIME). */
  maxTime?: number;
  variation?: string;
  limits?: Partial<SandboxLimits>;
  buildLimits?: Partial<SandboxLimits>;
  /**
   * How the verdict is reached when not by VPL's scripts and cases: 'sql' (type 10) runs the SQL in the
   * trusted driver of `sql.ts`, which grades it; the task's scripts are not used.
   */
  evaluation?: 'unit-tests' | 'sql';
  /**
   * Type 8: whether the report of a failed case shows its input and expected output (VPL's report, the
   * default here); the task's `showHiddenCases` global, absent = false (see build-job).
   */
  showHiddenCases?: boolean;
}

export interface JobEvents {
  /** VPL monitor messages ('message:…', 'compilation:…', 'run:terminal', 'retrieve:', 'close:'). */
  onMonitor?(message: string): void;
  /** Program output of an interactive run, as it comes. */
  onOutput?(text: string): void;
}

export interface JudgeResult {
  compilation: string;
  execution: string;
  /** The last `Grade :=>>` of an evaluation; null for runs or when none was printed. */
  grade: number | null;
  comments: string[];
  interrupted: boolean;
  /** Sandbox mode and limits of the job (for the server log). */
  log: string[];
}

export const COMPILATION_FAILED = 'The compilation or preparation of execution has failed';
export const INTERRUPTED = '----- interrupted by user -----';
const isBlank = (s: string | undefined) => !s || s.trim() === '';

export interface RunningJob {
  /** Sends text to the program's stdin (interactive runs). */
  write(text: string): void;
  /** Stops the job ('----- interrupted by user -----'). */
  stop(): void;
  readonly result: Promise<JudgeResult>;
}

function content(f: JudgeFile): string | Buffer {
  return f.encoding === 'base64' ? Buffer.from(f.content, 'base64') : f.content;
}

const shellLike = (name: string) => name.endsWith('.sh') || name === 'vpl_execution';

export function startJob(job: JudgeJob, events: JobEvents = {}): RunningJob {
  const sandbox = Sandbox.create();
  const runLimits = resolveLimits(DEFAULT_RUN_LIMITS, job.limits);
  const buildLimits = resolveLimits(DEFAULT_BUILD_LIMITS, job.buildLimits);
  const log = [sandbox.env.description, `limits: run ${JSON.stringify(runLimits)}; build ${JSON.stringify(buildLimits)}`];
  let current: SandboxProcess | null = null;
  /** The program of an interactive run; what the learner types before it starts waits for it. */
  let interactive: SandboxProcess | null = null;
  let interrupted = false;
  let pendingInput = '';
  const monitor = (m: string) => events.onMonitor?.(m);

  const run = async (
    argv: string[],
    limits: SandboxLimits,
    extra: { input?: string | null; env?: Record<string, string>; onOutput?: (t: string) => void; terminal?: boolean } = {},
  ) => {
    if (interrupted) return null;
    current = sandbox.run({ argv, limits, input: extra.input, env: extra.env, onOutput: extra.onOutput, terminal: extra.terminal });
    if (extra.input === null) {
      interactive = current;
      if (pendingInput) interactive.write(pendingInput);
      pendingInput = '';
    }
    const outcome = await current.done;
    current = null;
    interactive = null;
    return outcome;
  };

  const describeLimit = (o: ProcessOutcome, limits: SandboxLimits) => {
    if (o.killed) return '';
    if (o.timedOut) return `\nTime limit exceeded (${limits.wallSeconds} s)\n`;
    if (o.cpuExceeded) return `\nCPU time limit exceeded (${limits.cpuSeconds} s)\n`;
    if (o.memoryExceeded) return `\nMemory limit exceeded (${limits.memoryMb} MB)\n`;
    if (o.outputExceeded) return `\nOutput limit exceeded (${limits.outputKb} KB)\n`;
    if (o.signal === 25) return `\nFile size limit exceeded (${limits.fileSizeMb} MB)\n`;
    return '';
  };

  /**
   * The result of a job graded by Lectio's own code (types 9 and 10): the report it wrote, with its grade
   * (or the grade line read back from the report); no grade once the learner stopped the job.
   */
  const verdictOf = (compilation: string, report: string, grade?: number | null): JudgeResult => {
    const execution = report + (interrupted ? `\n${INTERRUPTED}\n` : '');
    const parsed = interrupted || grade === null ? { grade: null, comments: [] } : parseEvaluationOutput(execution);
    return { compilation, execution, grade: interrupted ? null : grade === undefined ? parsed.grade : grade, comments: parsed.comments, interrupted, log };
  };

  const result = (async (): Promise<JudgeResult> => {
    const gradeMin = job.gradeMin ?? 0;
    const gradeMax = job.gradeMax ?? 100;
    const maxTime = job.maxTime ?? runLimits.wallSeconds;
    try {
      monitor('message:compilation');
      if (job.evaluation === 'sql') {
        // type 10: nothing is written to the work directory; the driver gets everything on stdin
        const sql = await sqlJob(job, {
          batch: (argv, input) => run(argv, runLimits, { input, terminal: false }),
          interactive: (argv, firstLine) => {
            pendingInput = firstLine + pendingInput;
            return run(argv, runLimits, { input: null, terminal: false, onOutput: (t) => events.onOutput?.(t) });
          },
          limit: (o) => describeLimit(o, runLimits),
          monitor,
          maxTime,
        });
        return verdictOf('', sql.execution, sql.grade);
      }
      if (job.kind === 'evaluate' && job.evaluation === 'unit-tests') {
        // type 9: Lectio's trusted runner grades, whatever the task's vpl_evaluate.sh holds
        const limitsOf = (phase: 'build' | 'run') => (phase === 'build' ? buildLimits : runLimits);
        const verdict = await unitTestsJob(job, {
          writeFile: (name, data, mode) => sandbox.writeFile(name, data, mode),
          remove: (name) => sandbox.remove(name),
          run: (argv, phase, input, env) => run(argv, limitsOf(phase), { input, env, terminal: false }),
          limit: (o, phase) => describeLimit(o, limitsOf(phase)),
          budgetSeconds: Math.max(1, Math.min(maxTime, runLimits.wallSeconds, runLimits.cpuSeconds) - 1),
        }, gradeMin, gradeMax);
        return verdictOf(verdict.compilation, verdict.execution);
      }
      const configNames = new Set(job.configFiles.map((f) => f.name));
      const keepNames = new Set(job.keepFiles.map((f) => f.name));
      const submitted = job.submittedFiles.filter((f) => !configNames.has(f.name) && !keepNames.has(f.name));
      const config = (name: string) => job.configFiles.find((f) => f.name === name)?.content;
      const customEvaluate = job.kind === 'evaluate' && !isBlank(config('vpl_evaluate.sh'));
      /*
       * Hidden test data: with the built-in evaluator the test cases stay in the worker's memory and are
       * never written where the learner's build or program could read them (a custom vpl_evaluate.sh gets
       * the file, as in VPL).
       */
      const inMemory = job.kind === 'evaluate' && !customEvaluate ? new Set(['vpl_evaluate.cases']) : new Set<string>();
      for (const f of [...job.keepFiles, ...job.configFiles, ...submitted]) {
        if (!inMemory.has(f.name)) sandbox.writeFile(f.name, content(f), shellLike(f.name) ? 0o755 : 0o644);
      }
      const env: Record<string, string> = {
        VPL_LANG: 'en_US.UTF-8',
        VPL_COMPILATIONFAILED: COMPILATION_FAILED,
        VPL_GRADEMIN: String(gradeMin),
        VPL_GRADEMAX: String(gradeMax),
        VPL_MAXTIME: String(maxTime),
        VPL_MAXMEMORY: String(runLimits.memoryMb * 1024 * 1024),
        VPL_MAXFILESIZE: String(runLimits.fileSizeMb * 1024 * 1024),
        VPL_MAXPROCESSES: String(runLimits.processes),
        VPL_VARIATION: job.variation ?? '',
        VPL_SUBFILES: submitted.map((f) => f.name).join('\n'),
      };
      submitted.forEach((f, i) => (env[`VPL_SUBFILE${i}`] = f.name));
      sandbox.writeFile('vpl_environment.sh', environmentScript(env), 0o755);

      const language = languageOfJob(job.extension, submitted.map((f) => f.name));
      if (isBlank(config('vpl_run.sh'))) {
        if (!language) {
          return { compilation: 'I apologize, but I do not find a default action to run the submitted file types.\n', execution: '', grade: null, comments: [], interrupted, log };
        }
        sandbox.writeFile('vpl_run.sh', defaultRunScript(language), 0o755);
      }
      const buildScript = customEvaluate ? 'vpl_evaluate.sh' : 'vpl_run.sh';
      let compilation = '';
      const built = await run(['/bin/bash', `./${buildScript}`, job.kind === 'evaluate' ? 'batch' : 'run'], buildLimits, {
        terminal: false,
        onOutput: (t) => monitor(`compilation:${t}`),
      });
      if (built) compilation = built.output + describeLimit(built, buildLimits);
      const vplEnv = parseEnvironmentScript(sandbox.readFile('vpl_environment.sh') ?? '');
      const hasExecution = sandbox.exists('vpl_execution');

      let execution = '';
      if (interrupted) {
        // stopped while building
      } else if (!hasExecution) {
        execution = job.kind === 'evaluate' ? `\n<|--\n-${COMPILATION_FAILED}\n--|>\n\nGrade :=>>${gradeMin}\n` : '';
      } else if (job.kind === 'run') {
        monitor('run:terminal');
        const ran = await run(['./vpl_execution'], runLimits, { input: null, env: vplEnv, onOutput: (t) => events.onOutput?.(t) });
        if (ran) execution = ran.output + describeLimit(ran, runLimits);
      } else if (customEvaluate) {
        monitor('message:running');
        const ran = await run(['./vpl_execution'], runLimits, { env: vplEnv, input: '' });
        if (ran) execution = ran.output + describeLimit(ran, runLimits);
      } else if (config('vpl_evaluate.cases') === undefined) {
        compilation += "Error: I need the file 'vpl_evaluate.cases' to do the evaluation.\n";
      } else {
        monitor('message:running');
        sandbox.rename('vpl_execution', 'vpl_test');
        const casesText = config('vpl_evaluate.cases') ?? '';
        const params: EvaluationParams = {
          gradeMin: Number(vplEnv.VPL_GRADEMIN ?? gradeMin),
          gradeMax: Number(vplEnv.VPL_GRADEMAX ?? gradeMax),
          maxTime: Math.trunc(Number(vplEnv.VPL_MAXTIME ?? maxTime)),
          variation: vplEnv.VPL_VARIATION ?? '',
          showCaseData: job.showHiddenCases ?? true,
        };
        const runner: CaseProcessRunner = {
          exists: async (command) => command.startsWith('/') || sandbox.exists(command),
          run: async (req) => {
            const command = req.command.includes('/') ? req.command : `./${req.command}`;
            const limits: SandboxLimits = {
              ...runLimits,
              wallSeconds: req.timeoutMs / 1000,
              cpuSeconds: Math.max(1, Math.min(runLimits.cpuSeconds, Math.ceil(req.timeoutMs / 1000))),
              outputKb: Math.ceil(req.maxOutput / 1024),
            };
            const o = await run([command, ...req.args], limits, { input: req.input, env: vplEnv });
            if (!o) return { output: '', exitCode: null, signal: 15, timedOut: false, outputTooLarge: false, bytesRead: 0 };
            const afterInput = o.inputEndOffset === null ? undefined : Buffer.from(o.output, 'utf8').subarray(o.inputEndOffset).toString('utf8');
            return {
              output: o.output,
              afterInput,
              exitCode: o.exitCode,
              signal: o.signal,
              timedOut: o.timedOut || o.cpuExceeded,
              outputTooLarge: o.outputExceeded,
              bytesRead: o.outputBytes,
            };
          },
        };
        execution = await evaluateCases(casesText, params, runner, (t) => monitor(`message:${t.split('\n')[0]}`));
      }
      if (interrupted) execution += `\n${INTERRUPTED}\n`;
      const parsed = job.kind === 'evaluate' && !interrupted ? parseEvaluationOutput(execution) : { grade: null, comments: [] };
      return { compilation, execution, grade: parsed.grade, comments: parsed.comments, interrupted, log };
    } finally {
      await sandbox.dispose();
      monitor('retrieve:');
      monitor('close:');
    }
  })();

  return {
    write(text: string) {
      if (interactive) interactive.write(text);
      else pendingInput += text;
    },
    stop() {
      interrupted = true;
      current?.kill();
    },
    result,
  };
}

/** Runs a job to its end (no interaction). */
export function runJob(job: JudgeJob, events?: JobEvents): Promise<JudgeResult> {
  return startJob(job, events).result;
}
