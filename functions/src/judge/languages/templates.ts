/**
 * Ready-made config files for the task types that bring their own evaluation:
 * - type 9 (unit tests): Python `unittest` and a JUnit-style Java runner without JUnit. The author adds test
 *   files (`test*.py`; `*Test.java` using LectioTests' assertions). New tasks still store these scripts,
 *   but since issue 18 a type 9 evaluation is run and graded by Lectio's trusted runner (`unit-tests/`),
 *   whatever the task's `vpl_evaluate.sh` or `LectioTests.java` holds; the scripts below only serve a job
 *   without `evaluation: 'unit-tests'` (the old, untrusted way: the learner's code shares the runner's
 *   process and output).
 * - type 10 (SQL): the task's files are createTables.sql, showResult.sql, correctAnswer.sql and
 *   dataset1.sql … datasetN.sql (dataset 1 is public: Run uses it). Lectio runs and grades type 10 itself
 *   (`core/sql.ts`, issue 18): the answer runs on each dataset in the trusted SQL driver, never in the
 *   sqlite3 shell, and is compared with correctAnswer.sql's result computed before it; no task file is in
 *   the work directory. The stored `vpl_run.sh` and `vpl_evaluate.sh` of an SQL task (the note of
 *   `sqlDefaultConfigFiles` in shared, or whatever an old task holds) play no part in running or grading it.
 */

const PYTHON_UNITTEST_RUNNER = `import glob, io, os, shutil, sys, traceback, types, unittest

gmin = float(os.environ.get("VPL_GRADEMIN", "0"))
gmax = float(os.environ.get("VPL_GRADEMAX", "100"))
sys.dont_write_bytecode = True
sys.path.insert(0, os.getcwd())
# hidden tests: read into memory and removed from disk before any of the learner's code runs
sources = []
for name in sorted(glob.glob("test*.py")):
    with open(name, encoding="utf-8") as f:
        sources.append((name, f.read()))
    os.remove(name)
shutil.rmtree("__pycache__", ignore_errors=True)
suite = unittest.TestSuite()
for name, source in sources:
    module = types.ModuleType(name[:-3])
    module.__file__ = os.path.join(os.getcwd(), name)
    sys.modules[module.__name__] = module
    try:
        exec(compile(source, name, "exec"), module.__dict__)
        suite.addTests(unittest.defaultTestLoader.loadTestsFromModule(module))
    except BaseException as error:
        def failed_import(error=error):
            raise error
        suite.addTest(unittest.FunctionTestCase(failed_import, description=module.__name__))
sources = source = None
failed = []

class Collect(unittest.TextTestResult):
    def addFailure(self, test, err):
        super().addFailure(test, err)
        failed.append((test, "".join(traceback.format_exception_only(err[0], err[1])).strip()))
    def addError(self, test, err):
        super().addError(test, err)
        failed.append((test, "".join(traceback.format_exception_only(err[0], err[1])).strip()))

result = unittest.TextTestRunner(stream=io.StringIO(), resultclass=Collect, verbosity=0).run(suite)
total = result.testsRun
passed = total - len(failed)
if failed:
    print("<|--")
    for test, message in failed:
        print("-" + (test.shortDescription() or test.id()))
        for line in message.splitlines():
            print(">" + line)
    print("--|>")
print("<|--")
print("-Summary of tests")
print(">%d tests run/%d tests passed" % (total, passed))
print("--|>")
grade = gmin + (gmax - gmin) * (passed / total if total else 0)
print("Grade :=>>%s" % (("%.2f" % grade).rstrip("0").rstrip(".")))
`;

/** Type 9, Python: runs every test*.py with unittest. */
export const PYTHON_UNITTEST_EVALUATE = `#!/bin/bash
. ./vpl_environment.sh
# a syntax error in the learner's files is shown as a build error (parsed only: no bytecode of the tests on disk)
/usr/bin/python3 -B -c 'import ast,sys
for f in sys.argv[1:]:
    try:
        ast.parse(open(f, encoding="utf-8").read(), f)
    except SyntaxError as e:
        print(f"{e.filename}:{e.lineno}:{e.offset}: SyntaxError: {e.msg}"); print(e.text or ""); sys.exit(1)' *.py || exit 0
{
  echo '#!/usr/bin/python3 -B'
  cat <<'LECTIO_RUNNER'
${PYTHON_UNITTEST_RUNNER}LECTIO_RUNNER
} > vpl_execution
chmod +x vpl_execution
`;

/**
 * Type 9, Java: `LectioTests.java` holds the assertions; every class whose name ends in "Test" has its
 * public no-argument methods starting with "test" run in name order.
 */
export const JAVA_TEST_SUPPORT = `import java.lang.reflect.*;
import java.util.*;

/** JUnit-style assertions and the test runner of Lectio's type 9 Java tasks. */
public class LectioTests {
    public static void assertTrue(boolean c, String m) { if (!c) throw new AssertionError(m); }
    public static void assertTrue(boolean c) { assertTrue(c, "expected true"); }
    public static void assertFalse(boolean c) { assertTrue(!c, "expected false"); }
    public static void assertEquals(Object e, Object a) {
        if (!Objects.equals(e, a)) throw new AssertionError("expected <" + e + "> but was <" + a + ">");
    }
    public static void assertEquals(long e, long a) { if (e != a) throw new AssertionError("expected <" + e + "> but was <" + a + ">"); }
    public static void assertEquals(double e, double a, double d) {
        if (Math.abs(e - a) > d) throw new AssertionError("expected <" + e + "> but was <" + a + ">");
    }
    public static void fail(String m) { throw new AssertionError(m); }

    public static void main(String[] args) throws Exception {
        double gmin = Double.parseDouble(System.getenv().getOrDefault("VPL_GRADEMIN", "0"));
        double gmax = Double.parseDouble(System.getenv().getOrDefault("VPL_GRADEMAX", "100"));
        // hidden tests: every test class is loaded (not run) before any learner code runs, then its files go
        ClassLoader loader = LectioTests.class.getClassLoader();
        java.io.File dir = new java.io.File(".");
        List<java.io.File> testFiles = new ArrayList<>();
        for (String name : args) {
            Class.forName(name, false, loader);
            testFiles.add(new java.io.File(name + ".class"));
            String[] nested = dir.list((d, f) -> f.startsWith(name + "$") && f.endsWith(".class"));
            if (nested != null) for (String f : nested) {
                Class.forName(f.substring(0, f.length() - 6), false, loader);
                testFiles.add(new java.io.File(f));
            }
        }
        for (java.io.File f : testFiles) f.delete();
        int total = 0, passed = 0;
        StringBuilder failures = new StringBuilder();
        for (String name : args) {
            Class<?> c = Class.forName(name);
            Method[] methods = c.getDeclaredMethods();
            Arrays.sort(methods, Comparator.comparing(Method::getName));
            for (Method m : methods) {
                if (!m.getName().startsWith("test") || m.getParameterCount() != 0 || !Modifier.isPublic(m.getModifiers())) continue;
                total++;
                try {
                    Object target = Modifier.isStatic(m.getModifiers()) ? null : c.getDeclaredConstructor().newInstance();
                    m.invoke(target);
                    passed++;
                } catch (InvocationTargetException e) {
                    Throwable t = e.getCause();
                    failures.append("-").append(name).append(".").append(m.getName()).append("\\n>")
                        .append(t instanceof AssertionError ? t.getMessage() : t.toString()).append("\\n");
                }
            }
        }
        if (failures.length() > 0) System.out.print("<|--\\n" + failures + "--|>\\n");
        System.out.println("<|--\\n-Summary of tests\\n>" + total + " tests run/" + passed + " tests passed\\n--|>");
        double grade = gmin + (gmax - gmin) * (total == 0 ? 0 : (double) passed / total);
        String g = String.format(Locale.ROOT, "%.2f", grade).replaceAll("\\\\.?0+$", "");
        System.out.println("Grade :=>>" + g);
    }
}
`;

export const JAVA_TEST_EVALUATE = `#!/bin/bash
. ./vpl_environment.sh
/usr/bin/javac -J-Xmx512m -J-XX:+UseSerialGC -J-XX:TieredStopAtLevel=1 -J-XX:-UsePerfData -proc:none -encoding UTF-8 -nowarn -d . *.java || exit 0
TESTS=$(for f in *Test.java; do [ -f "$f" ] && basename "$f" .java; done)
# hidden tests: no source left for the learner's code (the classes go once the runner has loaded them)
rm -f *Test.java
printf '#!/bin/bash\\nexec /usr/bin/java -Xmx256m -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -XX:-UsePerfData -cp . LectioTests %s\\n' "$(echo $TESTS)" > vpl_execution
chmod +x vpl_execution
`;
