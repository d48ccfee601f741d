/**
 * Type 9 (unit tests) judge figures: one graded job at a time (Python: the demo rectangle task's 4 tests;
 * Java: 2 tests on a Calc class), the trusted runner (`evaluation: 'unit-tests'`, what type 9 tasks use)
 * interleaved with the old template's untrusted path (the task's vpl_evaluate.sh) as the reference, then
 * throughput of each on a pool of 2 workers. Part of `npm run bench judge`; alone: `npm run bench judge-unit`.
 */
import { runJob, type JudgeJob } from '../../functions/src/judge/core/job';
import { JAVA_TEST_EVALUATE, JAVA_TEST_SUPPORT, PYTHON_UNITTEST_EVALUATE } from '../../functions/src/judge/languages/templates';
import { useSpareBoxes } from '../../functions/src/judge/sandbox/sandbox';
import type { Bench } from './run';
import { gradedPool } from './graded-pool';
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

type Path = 'trusted' | 'template';
const JOBS = {
  python: (path: Path): JudgeJob => ({
    kind: 'evaluate',
    extension: 'py',
    evaluation: path === 'trusted' ? 'unit-tests' : undefined,
    submittedFiles: [{ name: 'rectangle.py', content: 'def area(w, h):\n    return w * h\n\n\ndef perimeter(w, h):\n    return 2 * (w + h)\n' }],
    keepFiles: [],
    configFiles: [
      { name: 'vpl_evaluate.sh', content: PYTHON_UNITTEST_EVALUATE },
      { name: 'test_rectangle.py', content: PY_TESTS },
    ],
  }),
  java: (path: Path): JudgeJob => ({
    kind: 'evaluate',
    extension: 'java',
    evaluation: path === 'trusted' ? 'unit-tests' : undefined,
    submittedFiles: [{ name: 'Calc.java', content: 'public class Calc { static int add(int a, int b) { return a + b; } }\n' }],
    keepFiles: [],
    configFiles: [
      { name: 'vpl_evaluate.sh', content: JAVA_TEST_EVALUATE },
      { name: 'LectioTests.java', content: JAVA_TEST_SUPPORT },
      { name: 'CalcTest.java', content: JAVA_TESTS },
    ],
  }),
};

async function graded(lang: keyof typeof JOBS, path: Path) {
  const r = await runJob(JOBS[lang](path));
  if (r.grade !== 100) throw new Error(`type 9 ${lang} (${path}): grade ${r.grade}\n${r.compilation}\n${r.execution}`);
}

async function throughput(lang: keyof typeof JOBS, path: Path, jobs: number, workers: number) {
  const rate = await gradedPool(() => JOBS[lang](path), jobs, workers);
  console.log(`throughput type 9 ${lang.padEnd(6)} ${path.padEnd(8)} ${jobs} graded jobs on ${workers} workers: ${rate.toFixed(2)} jobs/s`);
}

/** Type 9: `n` graded jobs of each path one at a time, interleaved (after warm-ups), then throughput. */
export async function unitTestJobs(lang: keyof typeof JOBS, n: number, jobs: number, workers = 2) {
  const times: Record<Path, number[]> = { trusted: [], template: [] };
  for (let i = 0; i < n + 3; i++) {
    for (const path of ['template', 'trusted'] as const) {
      const t = performance.now();
      await graded(lang, path);
      if (i >= 3) times[path].push(performance.now() - t);
    }
  }
  const old = report(`graded type 9 ${lang} job, old template`, times.template);
  const now = report(`graded type 9 ${lang} job, trusted runner`, times.trusted);
  console.log(`type 9 ${lang}: trusted / old template p50 ${(now.p50 / old.p50).toFixed(2)}×  (budget ≤ 1.10×)`);
  await throughput(lang, 'template', jobs, workers);
  await throughput(lang, 'trusted', jobs, workers);
}

export async function unitTestFigures() {
  await unitTestJobs('python', 25, 40);
  await unitTestJobs('java', 10, 12);
}

/** Only the type 9 figures: `npm run bench judge-unit`. */
export const judgeUnit: Bench = { name: 'judge-unit', run: async () => (useSpareBoxes(2), unitTestFigures()) };
