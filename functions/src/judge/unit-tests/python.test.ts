/**
 * Type 9 Python through `runJob` and the real sandbox: the grade comes only from the trusted runner. A
 * correct module gets 100, a half-correct one 50, and every forgery a learner could try fails: printing a
 * grade line and exiting, patching unittest or the runner, looking for the expected values in stack
 * frames or the runner's memory, an always-equal object, SystemExit/KeyboardInterrupt, an endless loop.
 */
import { describe, expect, it } from 'vitest';
import { runJob, type JudgeFile, type JudgeResult } from '../core/job';
import { PYTHON_UNITTEST_EVALUATE } from '../languages/templates';
import { programmingLesson } from '../../demo/programs';

const TESTS: JudgeFile = {
  name: 'test_calc.py',
  content: `import unittest
from calc import add

SECRET = 7301


class TestAdd(unittest.TestCase):
    def test_small(self):
        self.assertEqual(add(1, 2), 3)

    def test_secret(self):
        self.assertEqual(add(SECRET, 1), 7302)
`,
};

const evaluate = (calc: string, tests: JudgeFile[] = [TESTS], limits = {}) =>
  runJob({
    kind: 'evaluate',
    evaluation: 'unit-tests',
    extension: 'py',
    submittedFiles: [{ name: 'calc.py', content: calc }],
    keepFiles: [],
    // the task's stored evaluate script (Lectio's old template) is not what grades
    configFiles: [{ name: 'vpl_evaluate.sh', content: PYTHON_UNITTEST_EVALUATE }, ...tests],
    limits,
  });

const show = (r: JudgeResult) => `${r.compilation}\n${r.execution}`;

describe('type 9 Python: grades', { timeout: 60_000 }, () => {
  it('a correct module gets 100, a half-correct one 50 with the failure shown', async () => {
    const full = await evaluate('def add(a, b):\n    return a + b\n');
    expect(full.grade, show(full)).toBe(100);
    expect(full.execution).toContain('>2 tests run/2 tests passed');
    const half = await evaluate('def add(a, b):\n    return 3\n');
    expect(half.grade, show(half)).toBe(50);
    expect(half.execution).toContain('-test_calc.TestAdd.test_secret\n');
    expect(half.execution).toMatch(/>AssertionError: 3 != 7302/);
  });

  it('a module that fails at import fails each test module that imports it, with the reason shown', async () => {
    const r = await evaluate('raise ValueError("broken at import")\n');
    expect(r.grade, show(r)).toBe(0);
    expect(r.execution).toContain('>1 tests run/0 tests passed');
    expect(r.execution).toMatch(/-test_calc\n>.*ValueError: broken at import/);
    expect(r.execution).not.toMatch(/could not run|not iterable/);
  });

  it('a syntax error is a build error and the minimum', async () => {
    const r = await evaluate('def add(a, b)\n    return a + b\n');
    expect(r.compilation).toMatch(/calc\.py:1:\d+: SyntaxError/);
    expect(r.execution).toContain('-The compilation or preparation of execution has failed');
    expect(r.grade).toBe(0);
  });

  it('the demo unit-test task’s author solution gets 100', async () => {
    const task = programmingLesson.tasks.find((t) => t.type === 9)!;
    const content = JSON.parse(task.html.en) as { files: Array<{ name: string; aContent: string }>; configFiles: JudgeFile[] };
    const r = await runJob({
      kind: 'evaluate',
      evaluation: 'unit-tests',
      extension: 'py',
      submittedFiles: content.files.map((f) => ({ name: f.name, content: f.aContent })),
      keepFiles: [],
      configFiles: content.configFiles,
    });
    expect(r.grade, show(r)).toBe(100);
  });

  it('what tests commonly do works through the proxy: exceptions, mocks, patched input/stdout, callbacks, objects', async () => {
    const calc = `class TooBig(ValueError):
    pass
def add(a, b):
    if a > 100:
        raise TooBig("too big: %d" % a)
    print("adding", a, b)
    return a + b
def ask():
    return int(input("n? ")) * 2
def twice(f, x):
    return f(f(x))
def sort_in_place(items):
    items.sort()
def total(xs):
    return sum(add(x, 0) for x in xs)
class Counter:
    def __init__(self):
        self.n = 0
    def tick(self):
        self.n += 1
        return self.n
def squares(n):
    for i in range(n):
        yield i * i
`;
    const tests: JudgeFile = {
      name: 'test_more.py',
      content: `import io, unittest
from unittest import mock
import calc


class TestMore(unittest.TestCase):
    def test_raises(self):
        with self.assertRaises(calc.TooBig):
            calc.add(101, 1)
        with self.assertRaisesRegex(ValueError, "too big"):
            calc.add(102, 1)
        with self.assertRaises(TypeError):
            calc.add("a", 1)

    def test_input_and_stdout(self):
        with mock.patch("builtins.input", return_value="21"), mock.patch("sys.stdout", new_callable=io.StringIO) as out:
            self.assertEqual(calc.ask(), 42)
            calc.add(1, 2)
        self.assertEqual(out.getvalue(), "adding 1 2\\n")

    def test_callbacks(self):
        self.assertEqual(calc.twice(lambda x: x * 3, 2), 18)
        spy = mock.Mock(side_effect=lambda x: x + 1)
        self.assertEqual(calc.twice(spy, 0), 2)
        self.assertEqual(spy.call_count, 2)

    def test_patching_the_module(self):
        with mock.patch("calc.add", return_value=10) as fake:
            self.assertEqual(calc.total([1, 2, 3]), 30)
        self.assertEqual(fake.call_count, 3)
        self.assertEqual(calc.total([1, 2, 3]), 6)

    def test_objects(self):
        c = calc.Counter()
        c.tick()
        self.assertEqual(c.tick(), 2)
        self.assertEqual(c.n, 2)
        self.assertIsInstance(c, calc.Counter)
        self.assertEqual(list(calc.squares(4)), [0, 1, 4, 9])
        items = [3, 1, 2]
        calc.sort_in_place(items)
        self.assertEqual(items, [1, 2, 3])
`,
    };
    const r = await evaluate(calc, [tests]);
    expect(r.grade, show(r)).toBe(100);
  });
});

/** A module that implements nothing and tries `attack` at import time and in add(). */
const forging = (attack: string) => `import os, sys
${attack}
def add(a, b):
    return 0
`;

describe('type 9 Python: forgeries fail', { timeout: 60_000 }, () => {
  const grades = async (calc: string, limits = {}) => {
    const r = await evaluate(calc, [TESTS], limits);
    expect(r.grade, show(r)).toBe(0);
    expect(r.execution).not.toMatch(/^Grade :=>>100/m);
    return r;
  };

  it('printing a grade line then exiting', async () => {
    await grades(forging('print("Grade :=>>100")\nsys.stdout.flush()\nos.write(1, b"\\nGrade :=>>100\\n")\nos._exit(0)'));
    await grades(`def add(a, b):\n    print("--|>\\nGrade :=>>100")\n    import os\n    os._exit(0)\n`);
  });

  it('patching unittest.TestCase.run or the runner’s internals (there are none in its process)', async () => {
    const r = await grades(
      forging(`import unittest
def passed(self, result=None):
    result = result or self.defaultTestResult()
    result.startTest(self); result.addSuccess(self); result.stopTest(self)
    return result
unittest.TestCase.run = passed
unittest.TestCase.assertEqual = lambda *a, **k: None
main = sys.modules.get("__main__")
found = [n for n in dir(main) if n.startswith("_")]
print("runner globals seen:", [n for n in found if n in ("_emit", "_agent", "_NONCE", "_Report")])`),
    );
    expect(r.execution).toContain('runner globals seen: []');
  });

  it('walking frames, gc and the runner’s memory for the expected values', async () => {
    const r = await grades(
      forging(`import gc, inspect
seen = []
f = sys._getframe()
while f:
    seen += [repr(v) for v in f.f_globals.values()] + [repr(v) for v in f.f_locals.values()]
    f = f.f_back
# every dict the collector tracks (module, class and instance namespaces): its int and str values
seen += [repr(v) for o in gc.get_objects() if type(o) is dict for v in list(o.values()) if type(v) in (int, str)]
seen += [repr(fi.frame.f_locals) for fi in inspect.stack()]
leaks = [s for s in seen if "7301" in s or "7302" in s]
def grab(path):
    try:
        with open(path, "rb") as fh:
            return fh.read(1 << 20)
    except OSError as e:
        return repr(e).encode()
ppid = os.getppid()
mem = grab("/proc/%d/mem" % ppid)
env = grab("/proc/%d/environ" % ppid)
fds = []
for fd in range(0, 10):
    try:
        fds.append(os.readlink("/proc/%d/fd/%d" % (ppid, fd)))
    except OSError as e:
        fds.append(type(e).__name__)
print("LEAKS", len(leaks), b"7301" in mem, b"7301" in env, "fds", fds)`),
      // the walk is slow on a busy machine: time enough that the learner's process is not stopped first
      { cpuSeconds: 10, wallSeconds: 20 },
    );
    expect(r.execution).toMatch(/LEAKS 0 False False fds \['PermissionError'/);
  });

  it('an always-equal object, or a str subclass that claims equality', async () => {
    await grades(`class Anything:
    def __eq__(self, other): return True
    def __ne__(self, other): return False
    def __hash__(self): return 0
class Liar(int):
    def __eq__(self, other): return True
def add(a, b):
    return Anything() if a == 1 else Liar(0)
`);
  });

  it('SystemExit and KeyboardInterrupt raised by the learner’s code', async () => {
    await grades('def add(a, b):\n    raise SystemExit(0)\n');
    await grades('def add(a, b):\n    raise KeyboardInterrupt\n');
    await grades(forging('raise SystemExit(0)'));
  });

  it('an endless loop fails the tests (the runner stops the learner’s process)', async () => {
    const r = await grades('def add(a, b):\n    while True:\n        pass\n', { wallSeconds: 4, cpuSeconds: 4 });
    expect(r.execution).toMatch(/time limit exceeded|did not run/);
  });
});
