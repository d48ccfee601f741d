/**
 * Type 9 (unit tests) judge figures: one graded job at a time (Python: the demo rectangle task's 4 tests;
 * Java: 2 tests on a Calc class), then throughput on a pool of 2 workers. Part of `npm run bench judge`;
 * alone: `npm run bench judge-unit`.
 */
import { runJob, type JudgeJob } from '../../functions/src/judge/core/job';
import { JAVA_TEST_EVALUATE, JAVA_TEST_SUPPORT, PYTHON_UNITTEST_EVALUATE } from '../../functions/src/judge/languages/templates';
import { useSpareBoxes } from '../../functions/src/judge/sandbox/sandbox';
import type { Bench } from './run';
import { report } from './stats';

const PY_TESTS = `import unittest
from rectangle import area, perimeter

class TestRectangle(unittest.TestCase):
    def test_area_square(self):
        self.assertEqual(area(3, 3), 9)
    def test_area_rectangle(self):
        self.assertEqual(area(2, 5), 10)
    def test_perimeter_square(self):
        self.assertEqual(perimeter(3, 3), 12)
    def test_perimeter_rectangle(self):
        self.assertEqual(perimeter(2, 5), 14)
`;
const JAVA_TESTS =
  'public class CalcTest { public void testAdd() { LectioTests.assertEquals(3, Calc.add(1, 2)); } public void testNeg() { LectioTests.assertEquals(-3, Calc.add(-1, -2)); } }\n';

const JOBS = {
  python: (): JudgeJob => ({
    kind: 'evaluate',
    extension: 'py',
    evaluation: 'unit-tests',
    submittedFiles: [{ name: 'rectangle.py', content: 'def area(w, h):\n    return w * h\n\n\ndef perimeter(w, h):\n    return 2 * (w + h)\n' }],
    keepFiles: [],
    configFiles: [
      { name: 'vpl_evaluate.sh', content: PYTHON_UNITTEST_EVALUATE },
      { name: 'test_rectangle.py', content: PY_TESTS },
    ],
  }),
  java: (): JudgeJob => ({
    kind: 'evaluate',
    extension: 'java',
    evaluation: 'unit-tests',
    submittedFiles: [{ name: 'Calc.java', content: 'public class Calc { static int add(int a, int b) { return a + b; } }\n' }],
    keepFiles: [],
    configFiles: [
      { name: 'vpl_evaluate.sh', content: JAVA_TEST_EVALUATE },
      { name: 'LectioTests.java', content: JAVA_TEST_SUPPORT },
      { name: 'CalcTest.java', content: JAVA_TESTS },
    ],
  }),
};

async function graded(lang: keyof typeof JOBS) {
  const r = await runJob(JOBS[lang]());
  if (r.grade !== 100) throw new Error(`type 9 ${lang}: grade ${r.grade}\n${r.compilation}\n${r.execution}`);
}

/** Type 9: `n` graded jobs one at a time (after 3 warm-ups), then `jobs` on a pool of `workers`. */
export async function unitTestJobs(lang: keyof typeof JOBS, n: number, jobs: number, workers = 2) {
  const one: number[] = [];
  for (let i = 0; i < n + 3; i++) {
    const t = performance.now();
    await graded(lang);
    if (i >= 3) one.push(performance.now() - t);
  }
  report(`graded type 9 ${lang} job, judged`, one);
  let next = 0;
  const t = performance.now();
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (next < jobs) {
        next++;
        await graded(lang);
      }
    }),
  );
  console.log(`throughput type 9 ${lang.padEnd(6)} ${jobs} graded jobs on ${workers} workers: ${(jobs / ((performance.now() - t) / 1000)).toFixed(2)} jobs/s`);
}

export async function unitTestFigures() {
  await unitTestJobs('python', 25, 40);
  await unitTestJobs('java', 10, 12);
}

/** Only the type 9 figures: `npm run bench judge-unit`. */
export const judgeUnit: Bench = { name: 'judge-unit', run: async () => (useSpareBoxes(2), unitTestFigures()) };
