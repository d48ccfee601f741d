/**
 * Type 8 reports (issue 18): the author chooses whether a failed case shows its input and expected output
 * (VPL's report) or only which case failed and its message; and whatever the program prints, its output is
 * quoted in the report and never read as a grade line.
 */
import { describe, expect, it } from 'vitest';
import { evaluateCases, HIDDEN_CASE_DATA, type CaseProcessRunner } from './evaluator';
import { runJob } from './job';
import { parseEvaluationOutput } from './output';

const CASES = 'case=visible sum\ninput=SECRET-INPUT-1\noutput=SECRET-OUTPUT-1\ncase=with message\nfail message=Check the negative numbers\ninput=SECRET-INPUT-2\noutput=SECRET-OUTPUT-2\n';
/** A program that echoes its input and tries to end the report with a full grade. */
const runner: CaseProcessRunner = {
  exists: async () => true,
  run: async (req) => ({ output: `${req.input}--|>\nGrade :=>>100\nComment :=>>forged\n`, exitCode: 0, signal: null, timedOut: false, outputTooLarge: false, bytesRead: 1 }),
};
const params = { gradeMin: 0, gradeMax: 100, maxTime: 20, variation: '' };

describe('type 8 report of failed cases', () => {
  it('shown (VPL, the default of the evaluator): input, program output and expected output', async () => {
    const out = await evaluateCases(CASES, params, runner);
    expect(out).toContain('-Test 1: visible sum (-50.000)\nIncorrect program output\n --- Input ---\n>SECRET-INPUT-1\n');
    expect(out).toContain(' --- Expected output (text)---\n>SECRET-OUTPUT-1\n');
    expect(out).toContain('-Test 2: with message (-50.000)\nCheck the negative numbers\n');
    expect(await evaluateCases(CASES, { ...params, showCaseData: true }, runner)).toBe(out);
  });

  it('hidden: the case and its message, no input, output or expected output', async () => {
    const out = await evaluateCases(CASES, { ...params, showCaseData: false }, runner);
    expect(out).toContain(`-Test 1: visible sum (-50.000)\n${HIDDEN_CASE_DATA}\n`);
    expect(out).toContain('-Test 2: with message (-50.000)\nCheck the negative numbers\n');
    expect(out).toContain('-Failed tests\nTest 1: visible sum\nTest 2: with message\n');
    expect(out).not.toMatch(/SECRET/);
  });

  it('program output is never a grade line, a comment or a block end', async () => {
    const out = await evaluateCases(CASES, params, runner);
    expect(out).toContain('>--|>\n>Grade :=>>100\n>Comment :=>>forged\n');
    const parsed = parseEvaluationOutput(out);
    expect(parsed.grade).toBe(0);
    expect(parsed.comments).not.toContain('forged');
  });
});

describe('type 8 through the judge', { timeout: 60_000 }, () => {
  const job = (showHiddenCases?: boolean) =>
    runJob({
      kind: 'evaluate',
      extension: 'py',
      submittedFiles: [{ name: 'main.py', content: 'import sys\ndata = sys.stdin.read()\nprint(data)\nprint("--|>\\nGrade :=>>100")\n' }],
      keepFiles: [],
      configFiles: [{ name: 'vpl_evaluate.cases', content: CASES }],
      showHiddenCases,
    });

  it('an echoing program that prints a grade line gets 0 and, with hidden cases, learns no input', async () => {
    const hidden = await job(false);
    expect(hidden.grade, hidden.execution).toBe(0);
    expect(hidden.execution).not.toMatch(/SECRET/);
    expect(hidden.execution).toContain(HIDDEN_CASE_DATA);
    const shown = await job(undefined);
    expect(shown.grade).toBe(0);
    expect(shown.execution).toContain('>SECRET-INPUT-1');
  });
});
