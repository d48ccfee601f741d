/**
 * The verdict of a type 9 evaluation, computed here from the trusted runner's structured results (never
 * from a `Grade :=>>` line anyone printed): each runner line starts with the job's nonce, which only the
 * worker and the runner know. A test the runner never reported has failed; the plan line gives the total.
 * VPL's report and grade line are written here, with every learner-influenced text (failure messages,
 * program output) inside a block behind `>` so it can neither end the block nor start a grade line.
 */
import { formatGrade } from '../core/evaluator';

export interface TestOutcome {
  name: string;
  passed: boolean;
  message: string;
}

export interface RunnerResults {
  /** Build errors (syntax errors, javac); the tests did not run. */
  compilation: string | null;
  /** Tests the runner said it would run; null when it never got that far. */
  total: number | null;
  tests: TestOutcome[];
  /** What the learner's code and the tests printed (the runner's default stdout). */
  output: string;
  /** The runner's own failure (e.g. the tests could not be loaded). */
  error: string | null;
  done: boolean;
}

/** Reads the runner's lines `<nonce> <kind> <json>`; anything else in the output is ignored. */
export function parseRunnerOutput(output: string, nonce: string): RunnerResults {
  const results: RunnerResults = { compilation: null, total: null, tests: [], output: '', error: null, done: false };
  for (const line of output.split('\n')) {
    if (!line.startsWith(`${nonce} `)) continue;
    const rest = line.slice(nonce.length + 1);
    const space = rest.indexOf(' ');
    let value: Record<string, unknown>;
    try {
      value = JSON.parse(rest.slice(space + 1)) as Record<string, unknown>;
    } catch {
      continue;
    }
    const text = (v: unknown) => (typeof v === 'string' ? v : '');
    switch (rest.slice(0, space)) {
      case 'compilation':
        results.compilation = (results.compilation ?? '') + text(value);
        break;
      case 'plan':
        results.total = Number(value.total) || 0;
        break;
      case 'test':
        results.tests.push({ name: text(value.name), passed: value.passed === true, message: text(value.message) });
        break;
      case 'output':
        results.output += text(value.text);
        break;
      case 'error':
        results.error = text(value.message);
        break;
      case 'done':
        results.done = true;
        break;
    }
  }
  return results;
}

const oneLine = (text: string) => text.replace(/[\r\n]+/g, ' ').trim();
/** Lines of learner-influenced text inside a block: each behind '>', so none is `--|>` or a grade line. */
const quoted = (text: string) =>
  text
    .replace(/\r/g, '')
    .split('\n')
    .map((l) => `>${l}`)
    .join('\n');

/**
 * VPL's report and grade: failed tests (title and message), tests that never ran, the program's output,
 * the summary and `Grade :=>>` (gradeMin + share of passed tests × range). `stopped` says why the runner
 * ended early (a limit), when it did.
 */
export function unitTestReport(results: RunnerResults, gradeMin: number, gradeMax: number, stopped = ''): string {
  const reported = results.tests.length;
  const total = Math.max(results.total ?? 0, reported);
  const passed = results.tests.filter((t) => t.passed).length;
  const blocks: string[] = [];
  const failed = results.tests.filter((t) => !t.passed);
  if (failed.length) blocks.push(failed.map((t) => `-${oneLine(t.name) || 'test'}\n${quoted(t.message)}`).join('\n'));
  const missing = results.total === null ? 0 : total - reported;
  const why = oneLine(stopped || results.error || (results.done ? '' : 'the test runner stopped'));
  if (missing > 0 || results.total === null) {
    const what = results.total === null ? 'The tests could not run' : `${missing} test${missing === 1 ? '' : 's'} did not run`;
    blocks.push(`-${what}${why ? `: ${why}` : ''}`);
  } else if (results.error) blocks.push(`-Error\n${quoted(results.error)}`);
  if (results.output.trim()) blocks.push(`-Output\n${quoted(results.output.replace(/\n$/, ''))}`);
  blocks.push(`-Summary of tests\n>${total} tests run/${passed} tests passed`);
  const grade = gradeMin + (gradeMax - gradeMin) * (total ? passed / total : 0);
  return `${blocks.map((b) => `<|--\n${b}\n--|>\n`).join('')}\nGrade :=>>${formatGrade(Math.round(grade * 100) / 100).trim()}\n`;
}
