/**
 * Hidden test data during a learner's evaluation: a learner program (or build) that looks for the test
 * cases (type 8), the unit test files (type 9) or the correct SQL answer (type 10) finds nothing, and the
 * evaluation still grades as before.
 */
import { describe, expect, it } from 'vitest';
import { runJob, type JudgeFile } from '../core/job';
import { JAVA_TEST_EVALUATE, JAVA_TEST_SUPPORT, PYTHON_UNITTEST_EVALUATE } from '../languages/templates';
import { sqlDefaultConfigFiles } from '@lectio/shared';

const evaluate = (extension: string, submittedFiles: JudgeFile[], configFiles: JudgeFile[]) => runJob({ kind: 'evaluate', submittedFiles, keepFiles: [], configFiles, extension });

/**
 * Python that lists every file of the work directory (recursively) and /tmp containing `marker` (written
 * in two halves, so the learner's own file does not match).
 */
const SNOOP_PY = (marker: string) => `import os
MARKER = b"${marker.slice(0, 4)}" + b"${marker.slice(4)}"
def snoop():
    found = []
    for top in (".", "/tmp"):
        for root, dirs, files in os.walk(top):
            for f in files:
                try:
                    data = open(os.path.join(root, f), "rb").read()
                except OSError:
                    continue
                if MARKER in data:
                    found.append(os.path.join(root, f) + ": " + data.decode("utf-8", "replace").replace("\\n", " | "))
    return found
`;

describe('hidden test data is out of the learner program’s reach', { timeout: 90_000 }, () => {
  it('type 8: the test cases never reach the work directory (program or compiler)', async () => {
    const cases: JudgeFile = { name: 'vpl_evaluate.cases', content: 'case=echo\ninput=HIDDEN-CASE-8\noutput=HIDDEN-CASE-8\n' };
    const program = `${SNOOP_PY('HIDDEN-CASE-8')}
line = input()
found = snoop()
print("LEAKED " + " ; ".join(found) if found else line)
`;
    const r = await evaluate('py', [{ name: 'main.py', content: program }], [cases]);
    expect(r.grade, r.execution).toBe(100);
    expect(r.execution).not.toContain('LEAKED');
    // a build that includes the file at compile time gets no such file, not its text
    const c = await evaluate('c', [{ name: 'main.c', content: '#include "vpl_evaluate.cases"\nint main(){return 0;}\n' }], [cases]);
    expect(c.compilation).toMatch(/vpl_evaluate\.cases: No such file/);
    expect(c.compilation + c.execution).not.toContain('case=echo');
  });

  it('type 9 (Python): the test files are gone before the learner’s module is imported', async () => {
    const test: JudgeFile = {
      name: 'test_calc.py',
      content: '# HIDDEN-TEST-9\nimport unittest\nfrom calc import add\nclass T(unittest.TestCase):\n    def test_a(self): self.assertEqual(add(1, 2), 3)\n',
    };
    const calc = `${SNOOP_PY('HIDDEN-TEST-9')}
for hit in snoop():
    print("LEAKED " + hit)
import glob
print("test files seen:", glob.glob("test*.py"), glob.glob("__pycache__/*"))
def add(a, b): return a + b
`;
    const r = await evaluate('py', [{ name: 'calc.py', content: calc }], [{ name: 'vpl_evaluate.sh', content: PYTHON_UNITTEST_EVALUATE }, test]);
    expect(r.grade, r.compilation + r.execution).toBe(100);
    expect(r.execution).not.toContain('LEAKED');
    expect(r.execution).not.toContain('HIDDEN-TEST-9');
    expect(r.execution).toContain('test files seen: [] []');
  });

  it('type 9 (Java): no test source or class file is left when the learner’s code runs', async () => {
    const config = [
      { name: 'vpl_evaluate.sh', content: JAVA_TEST_EVALUATE },
      { name: 'LectioTests.java', content: JAVA_TEST_SUPPORT },
      { name: 'CalcTest.java', content: 'public class CalcTest { /* HIDDEN-TEST-9J */ public void testAdd() { LectioTests.assertEquals(3, Calc.add(1, 2)); Runnable r = new Runnable() { public void run() {} }; r.run(); } }\n' },
    ];
    const calc = `import java.io.*;
public class Calc {
  static { for (String f : new File(".").list()) if (f.startsWith("CalcTest")) System.out.println("LEAKED " + f); }
  static int add(int a, int b) { return a + b; }
}
`;
    const r = await evaluate('java', [{ name: 'Calc.java', content: calc }], config);
    expect(r.grade, r.compilation + r.execution).toBe(100);
    expect(r.execution).not.toContain('LEAKED');
  });

  it('type 10: no task file is in reach and the learner’s SQL cannot reach files or a shell', async () => {
    const config = sqlDefaultConfigFiles().map((f) => (f.name === 'correctAnswer.sql' ? { ...f, content: 'SELECT name /* HIDDEN-SQL-10 */ FROM person WHERE age >= 18 ORDER BY name;\n' } : f));
    const sql = (answer: string) => runJob({ kind: 'evaluate', evaluation: 'sql', extension: 'sql', submittedFiles: [{ name: 'answer.sql', content: answer }], keepFiles: [], configFiles: config });
    const attempts = [
      '.read correctAnswer.sql',
      '.shell cat correctAnswer.sql expected1.txt',
      '.system cat correctAnswer.sql',
      "SELECT readfile('correctAnswer.sql');",
      "SELECT name, data FROM fsdir('.');",
      "ATTACH 'correct1.db' AS c;",
      '.import correctAnswer.sql person',
    ];
    for (const attempt of attempts) {
      const r = await sql(attempt);
      expect(r.execution, attempt).not.toContain('HIDDEN-SQL-10');
      expect(r.grade, attempt).toBe(0);
    }
    // the task still grades a right answer
    const right = await sql('SELECT name FROM person WHERE age > 17 ORDER BY name');
    expect(right.grade, right.execution).toBe(100);
  });
});
