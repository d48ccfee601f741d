/**
 * The default scripts per language and the type 9/10 templates, end to end through the sandbox: a correct
 * solution gets 100, a partly wrong one a partial grade, a broken one a build error and the minimum.
 */
import { describe, expect, it } from 'vitest';
import { runJob, startJob, type JudgeFile } from '../core/job';
import { languageOfJob } from './run-scripts';
import { JAVA_TEST_EVALUATE, JAVA_TEST_SUPPORT, PYTHON_UNITTEST_EVALUATE } from './templates';
import { sqlDefaultConfigFiles, defaultProgramFiles } from '@lectio/shared';

const SUM_CASES = 'case=small\ninput=1 2\noutput=3\ncase=negative\ninput=-5 2\noutput=-3\ncase=big\ninput=1000000 2000000\noutput=3000000\n';
const cases = (content = SUM_CASES): JudgeFile => ({ name: 'vpl_evaluate.cases', content });
const evaluate = (extension: string, submittedFiles: JudgeFile[], configFiles: JudgeFile[] = [cases()]) =>
  runJob({ kind: 'evaluate', submittedFiles, keepFiles: [], configFiles, extension });

const SOLUTIONS: Record<string, JudgeFile[]> = {
  py: [{ name: 'main.py', content: 'a, b = map(int, input().split())\nprint(a + b)\n' }],
  java: [{ name: 'Main.java', content: 'import java.util.*;\npublic class Main { public static void main(String[] a) { Scanner s = new Scanner(System.in); System.out.println(s.nextLong() + s.nextLong()); } }\n' }],
  c: [{ name: 'main.c', content: '#include <stdio.h>\nint main(){ long a,b; scanf("%ld %ld",&a,&b); printf("%ld\\n",a+b); return 0; }\n' }],
  cpp: [{ name: 'main.cpp', content: '#include <iostream>\nint main(){ long a,b; std::cin>>a>>b; std::cout<<a+b<<std::endl; }\n' }],
  js: [{ name: 'main.js', content: "const [a, b] = require('fs').readFileSync(0, 'utf8').trim().split(/\\s+/).map(Number);\nconsole.log(a + b);\n" }],
  sh: [{ name: 'main.sh', content: 'read a b\necho $((a + b))\n' }],
};

describe('default scripts per language', { timeout: 60_000 }, () => {
  it.each(Object.keys(SOLUTIONS))('%s: a correct solution gets 100', async (ext) => {
    const r = await evaluate(ext, SOLUTIONS[ext]!);
    expect(r.grade, `${r.compilation}\n${r.execution}`).toBe(100);
    expect(r.execution).toContain('>|  3 tests run/ 3 tests passed |');
  });

  it('python: a partly wrong solution gets a partial grade with VPL’s report', async () => {
    const r = await evaluate('py', [{ name: 'main.py', content: 'a, b = map(int, input().split())\nprint(abs(a + b))\n' }]);
    expect(r.grade).toBe(66.67);
    expect(r.execution).toContain('-Test 2: negative (-33.333)');
  });

  it('java: a compile error is shown and gives the minimum', async () => {
    const r = await evaluate('java', [{ name: 'Main.java', content: 'public class Main { void x( }' }]);
    expect(r.compilation).toMatch(/error/);
    expect(r.execution).toContain('-The compilation or preparation of execution has failed');
    expect(r.grade).toBe(0);
  });

  it('sql: the submitted query runs on the course database', async () => {
    const r = await runJob({
      kind: 'evaluate',
      extension: 'sql',
      submittedFiles: [{ name: 'answer.sql', content: 'SELECT count(*) FROM t;' }],
      keepFiles: [{ name: 'data.sql', content: 'CREATE TABLE t (x); INSERT INTO t VALUES (1), (2);' }],
      configFiles: [cases('case=count\noutput=2\n')],
    });
    expect(r.grade, r.compilation + r.execution).toBe(100);
  });

  it('an interactive run streams output and takes stdin', async () => {
    let seen = '';
    const job = startJob(
      { kind: 'run', extension: 'py', submittedFiles: [{ name: 'main.py', content: 'name = input("Name? ")\nprint("Hello", name)\n' }], keepFiles: [], configFiles: [] },
      { onOutput: (t) => (seen += t) },
    );
    job.write('Ada\n');
    const r = await job.result;
    expect(seen).toContain('Name? ');
    expect(seen).toContain('Hello Ada');
    expect(r.grade).toBeNull();
  });

  it('stop ends a running program: ----- interrupted by user -----', async () => {
    const monitor: string[] = [];
    const job = startJob(
      { kind: 'run', extension: 'py', submittedFiles: [{ name: 'main.py', content: 'import time\nwhile True: time.sleep(1)\n' }], keepFiles: [], configFiles: [] },
      { onMonitor: (m) => monitor.push(m) },
    );
    while (!monitor.includes('run:terminal')) await new Promise((r) => setTimeout(r, 20));
    job.stop();
    const r = await job.result;
    expect(r.interrupted).toBe(true);
    expect(r.execution).toContain('----- interrupted by user -----');
    expect(monitor.slice(-2)).toEqual(['retrieve:', 'close:']);
  });
});

describe('type 9 and 10 templates', { timeout: 60_000 }, () => {
  it('python unittest: grade is the share of passed tests', async () => {
    const test = { name: 'test_calc.py', content: 'import unittest\nfrom calc import add\nclass T(unittest.TestCase):\n    def test_a(self): self.assertEqual(add(1, 2), 3)\n    def test_b(self): self.assertEqual(add(-1, 1), 0)\n' };
    const full = await evaluate('py', [{ name: 'calc.py', content: 'def add(a, b): return a + b\n' }], [{ name: 'vpl_evaluate.sh', content: PYTHON_UNITTEST_EVALUATE }, test]);
    expect(full.grade, full.compilation + full.execution).toBe(100);
    const half = await evaluate('py', [{ name: 'calc.py', content: 'def add(a, b): return abs(a + b) if a > 0 else 5\n' }], [{ name: 'vpl_evaluate.sh', content: PYTHON_UNITTEST_EVALUATE }, test]);
    expect(half.grade).toBe(50);
    expect(half.execution).toMatch(/AssertionError/);
  });

  it('java test runner without JUnit', async () => {
    const config = [
      { name: 'vpl_evaluate.sh', content: JAVA_TEST_EVALUATE },
      { name: 'LectioTests.java', content: JAVA_TEST_SUPPORT },
      { name: 'CalcTest.java', content: 'public class CalcTest { public void testAdd() { LectioTests.assertEquals(3, Calc.add(1, 2)); } public void testNeg() { LectioTests.assertEquals(-3, Calc.add(-1, -2)); } }\n' },
    ];
    const full = await evaluate('java', [{ name: 'Calc.java', content: 'public class Calc { static int add(int a, int b) { return a + b; } }\n' }], config);
    expect(full.grade, full.compilation + full.execution).toBe(100);
    const half = await evaluate('java', [{ name: 'Calc.java', content: 'public class Calc { static int add(int a, int b) { return Math.abs(a + b); } }\n' }], config);
    expect(half.grade).toBe(50);
    expect(half.execution).toContain('-CalcTest.testNeg');
  });

  it('sql type 10: the answer is compared with the correct answer on every dataset; the semicolon is added', async () => {
    const sql = (content: string) => runJob({ kind: 'evaluate', evaluation: 'sql', extension: 'sql', submittedFiles: [{ name: 'answer.sql', content }], keepFiles: [], configFiles: sqlDefaultConfigFiles() });
    const right = await sql('SELECT name FROM person WHERE age > 17 ORDER BY name');
    expect(right.grade, right.compilation + right.execution).toBe(100);
    const wrong = await sql('SELECT name FROM person WHERE age > 18 ORDER BY name;');
    expect(wrong.grade).toBe(66.67);
    expect(wrong.execution).toContain('-Dataset 2: the result differs');
  });

  it('a new type 10 task, as the editor makes it, gives the author\'s starting solution 100 % without any file touched', async () => {
    // Prepare: the defaults of spec/2 §9 the editor starts a new SQL task with
    const fresh = defaultProgramFiles(10, 'sql');
    // Act
    const result = await runJob({
      kind: 'evaluate',
      evaluation: 'sql',
      extension: 'sql',
      submittedFiles: fresh.files.map((f) => ({ name: f.name, content: f.solution })),
      keepFiles: fresh.filesToKeep,
      configFiles: fresh.configFiles,
    });
    // Assess
    expect(result.grade, result.compilation + result.execution).toBe(100);
  });
});

describe('language of a job', () => {
  it('is the course extension unless the task’s files are all of another known language', () => {
    expect(languageOfJob('py', ['sum.py'])).toBe('python');
    expect(languageOfJob('py', ['Main.java'])).toBe('java');
    expect(languageOfJob('py', ['notes.txt'])).toBe('python');
    expect(languageOfJob('java', ['Main.java', 'helper.py'])).toBe('java');
    expect(languageOfJob(undefined, ['a.c'])).toBe('c');
    expect(languageOfJob('', [])).toBeNull();
  });
});
