import { describe, expect, it } from 'vitest';
import { cFixed, parseNumber, removeCRs, splitLines } from './ctext';
import { ExactTextOutput, NumbersOutput, outputChecker, posixToJs, RegularExpressionOutput, TextOutput } from './checkers';
import { parseCases, splitArgs } from './cases-file';
import { evaluateCases, formatGrade, type CaseProcessRunner } from './evaluator';
import { environmentScript, parseEnvironmentScript } from './environment';
import { gradePercent, parseEvaluationOutput } from './output';

describe('C text behaviour', () => {
  it('formats like printf, ties to even', () => {
    expect(cFixed(3.125, 2)).toBe('3.12');
    expect(cFixed(3.375, 2)).toBe('3.38');
    expect(cFixed(-2.5, 3)).toBe('-2.500');
    expect(formatGrade(10)).toBe('10');
    expect(formatGrade(3.5)).toBe(' 3.50');
    expect(formatGrade(0)).toBe(' 0');
    expect(formatGrade(73.5)).toBe('73.50');
    expect(formatGrade(100)).toBe('100');
  });
  it('reads numbers as iostream does', () => {
    expect(parseNumber('42')).toMatchObject({ isInteger: true, integer: 42n });
    expect(parseNumber('5.5')).toMatchObject({ isInteger: false, scientific: 5.5 });
    expect(parseNumber('-')).toMatchObject({ isInteger: true, integer: 0n });
    expect(parseNumber('1.2.3')).toBeNull();
    expect(parseNumber('.')).toBeNull();
    expect(parseNumber('5.49e1')).toMatchObject({ scientific: 54.9 });
  });
  it('handles line ends', () => {
    expect(removeCRs('a\r\nb\r\n')).toBe('a\nb\n');
    expect(removeCRs('a\rb')).toBe('a\nb');
    expect(splitLines('a\r\nb\nc')).toEqual(['a', 'b', 'c']);
  });
});

describe('output checkers', () => {
  it('chooses exact, regex, numbers, text in that order', () => {
    expect(outputChecker('"x"', 'c')).toBeInstanceOf(ExactTextOutput);
    expect(outputChecker('/x/i', 'c')).toBeInstanceOf(RegularExpressionOutput);
    expect(outputChecker('1 2.5', 'c')).toBeInstanceOf(NumbersOutput);
    expect(outputChecker('one 2', 'c')).toBeInstanceOf(TextOutput);
  });
  it('numbers: relative tolerance 0.0001, integers exact, * compares the end', () => {
    expect(new NumbersOutput('3.14159').match('pi is 3.141592')).toBe(true);
    expect(new NumbersOutput('3.14').match('3.15')).toBe(false);
    expect(new NumbersOutput('3').match('3.0')).toBe(false);
    expect(new NumbersOutput('* 7').match('Enter 2 numbers: 7')).toBe(true);
    expect(new NumbersOutput('7').match('Enter 2 numbers: 7')).toBe(false);
  });
  it('text: the expected tokens end the output, case-insensitive', () => {
    expect(new TextOutput('Hello World').match('Say: hello, world!')).toBe(true);
    expect(new TextOutput('Hello World').match('hello world again')).toBe(false);
    expect(new TextOutput('čaj').match('ČAJ')).toBe(false);
    expect(new TextOutput('čaj').match('x čaj')).toBe(true);
  });
  it('exact text ignores only a final NL; *"…" compares the end', () => {
    expect(new ExactTextOutput('"ab"').match('ab\n')).toBe(true);
    expect(new ExactTextOutput('"ab"').match('ab ')).toBe(false);
    expect(new ExactTextOutput('*"b"').match('ab\n')).toBe(true);
  });
  it('regular expressions are POSIX extended', () => {
    expect(posixToJs('[[:digit:]]+', false)).toBe('[0-9]+');
    expect(new RegularExpressionOutput('/^a.b$/', 'c').match('a\nb')).toBe(true);
    expect(new RegularExpressionOutput('/^a.b$/m', 'c').match('a\nb')).toBe(false);
    expect(new RegularExpressionOutput('/^B$/mi', 'c').match('a\nb\nc')).toBe(true);
    expect(() => new RegularExpressionOutput('/x/g', 'Case 1')).toThrow(/invalid flag in regex output Case 1, found a g/);
  });
});

describe('vpl_evaluate.cases reader', () => {
  it('reads statements, multi-line texts, end markers and reductions', () => {
    const { cases, errors } = parseCases(
      [
        'Case = First',
        'input = 1',
        '2',
        'output = 3',
        '4',
        'Grade reduction = 25%',
        'case = Second',
        'input end = END',
        'input = a',
        'bEND',
        'Fail message = wrong',
        'program to run = other',
        'program arguments = x "y z"',
        'expected exit code = 3',
        'output = ok',
        'case = Third',
        'bogus = 1',
        'variation = v2',
        'output = x',
        'x = 1 is output text, not a statement',
      ].join('\n'),
      { variation: 'V1', gradeRange: 100 },
    );
    expect(errors).toEqual(['Syntax error: unexpected line 17 ']);
    expect(cases).toHaveLength(2);
    expect(cases[0]).toMatchObject({ id: 1, description: 'First', input: ' 1\n2\n', outputs: [' 3\n4'], gradeReduction: 25 });
    expect(cases[1]).toMatchObject({ input: ' a\nb', failMessage: 'wrong', programToRun: 'other', programArgs: 'x "y z"', expectedExitCode: 3 });
  });
  it('splits program arguments like VPL', () => {
    expect(splitArgs(`a 'b c' "d" ''`)).toEqual(['a', 'b c', 'd', '']);
  });
});

describe('evaluation report', () => {
  const runner = (outputs: Record<string, string>): CaseProcessRunner => ({
    exists: async () => true,
    run: async (req) => ({ output: outputs[req.input] ?? '', exitCode: 0, signal: null, timedOut: false, outputTooLarge: false, bytesRead: 1 }),
  });
  it('prints failures, the summary and the grade', async () => {
    const out = await evaluateCases(
      'case=A\ninput=1\noutput=2\ncase=B\ninput=2\noutput=4\n',
      { gradeMin: 0, gradeMax: 100, maxTime: 20, variation: '' },
      runner({ '1\n': '2\n', '2\n': '5\n' }),
    );
    expect(out).toContain('Testing 1/2 : A\nTesting 2/2 : B\n');
    expect(out).toContain('-Test 2: B (-50.000)\nIncorrect program output\n --- Input ---\n>2\n\n --- Program output ---\n>5\n\n --- Expected output (numbers)---\n>4\n');
    expect(out).toContain('>|  2 tests run/ 1  test passed |');
    expect(parseEvaluationOutput(out).grade).toBe(50);
  });
  it('ends with Global timeout when a case would get one second or less', async () => {
    const out = await evaluateCases('case=A\noutput=1\ncase=B\noutput=1\n', { gradeMin: 0, gradeMax: 10, maxTime: 3, variation: '' }, runner({}));
    expect(out).toContain('-Global timeout (-10.00)\n');
    expect(out).toMatch(/Grade :=>> 0\n$/);
  });
});

describe('evaluation output and environment', () => {
  it('takes the last grade, comments and blocks', () => {
    const parsed = parseEvaluationOutput('Grade :=>>10\nComment :=>>hi\n<|--\n-Title\n>x\n--|>\nGrade :=>> 7.50\n');
    expect(parsed).toEqual({ grade: 7.5, comments: ['hi', '-Title\n>x'] });
    expect(gradePercent(7.5, 0, 10)).toBe(75);
  });
  it('round-trips exports, later lines win', () => {
    const text = environmentScript({ A: "it's", B: 'x y' }) + 'export B=2\nexport C="q \\"r\\""\n';
    expect(parseEnvironmentScript(text)).toEqual({ A: "it's", B: '2', C: 'q "r"' });
  });
});
