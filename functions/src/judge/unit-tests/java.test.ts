/**
 * Type 9 Java through `runJob` and the real sandbox: a correct class gets 100 and a half-correct one 50
 * (package-private members still reachable from the tests), and the learner's code can neither print its
 * way to a grade, nor exit, nor reach the runner, the tests' classes or their constants, nor pass with an
 * always-equal object.
 */
import { describe, expect, it } from 'vitest';
import { runJob, type JudgeFile, type JudgeResult } from '../core/job';
import { JAVA_TEST_EVALUATE, JAVA_TEST_SUPPORT } from '../languages/templates';

const TEST: JudgeFile = {
  name: 'CalcTest.java',
  content: `public class CalcTest {
    private static final int SECRET = 7301;
    static int[] expected = {3, 7302};
    public void testSmall() { LectioTests.assertEquals(expected[0], Calc.add(1, 2)); }
    public void testSecret() { LectioTests.assertEquals(Integer.valueOf(expected[1]), Calc.box(SECRET, 1)); }
}
`,
};

const evaluate = (calc: string, tests: JudgeFile[] = [TEST], limits = {}) =>
  runJob({
    kind: 'evaluate',
    evaluation: 'unit-tests',
    extension: 'java',
    submittedFiles: [{ name: 'Calc.java', content: calc }],
    keepFiles: [],
    // what an existing task stores (the old template and its LectioTests); neither decides the grade now
    configFiles: [{ name: 'vpl_evaluate.sh', content: JAVA_TEST_EVALUATE }, { name: 'LectioTests.java', content: JAVA_TEST_SUPPORT }, ...tests],
    limits,
  });

const show = (r: JudgeResult) => `${r.compilation}\n${r.execution}`;
/** A Calc whose add and box are wrong and which runs `attack` first (in a static initialiser). */
const forging = (attack: string, imports = '') => `import java.io.*;
import java.lang.reflect.*;
import java.util.*;
${imports}
public class Calc {
  static { try { attack(); } catch (Throwable t) { System.out.println("DENIED " + t); } }
  static void attack() throws Throwable {
${attack}
  }
  static int add(int a, int b) { return 0; }
  static Object box(int a, int b) { return 0; }
}
`;

describe('type 9 Java: grades', { timeout: 120_000 }, () => {
  it('a correct class gets 100, a half-correct one 50 (package-private members reachable from the tests)', async () => {
    const full = await evaluate('public class Calc { static int add(int a, int b) { return a + b; } static Object box(int a, int b) { return a + b; } }\n');
    expect(full.grade, show(full)).toBe(100);
    const half = await evaluate('class Calc { static int add(int a, int b) { return a + b; } protected static Object box(int a, int b) { return 5; } }\n');
    expect(half.grade, show(half)).toBe(50);
    expect(half.execution).toContain('-CalcTest.testSecret\n>expected <7302> but was <5>');
  });

  it('a compile error in the learner’s class is shown as javac shows it', async () => {
    const r = await evaluate('public class Calc { void x( }');
    expect(r.compilation).toMatch(/Calc\.java:1: error/);
    expect(r.execution).toContain('-The compilation or preparation of execution has failed');
    expect(r.grade).toBe(0);
  });

  it('the tests’ constants are not compiled into the learner’s class (it is compiled alone)', async () => {
    const r = await evaluate('public class Calc { static int add(int a, int b) { return CalcTest.expected[0]; } static Object box(int a, int b) { return 0; } }\n');
    expect(r.compilation).toMatch(/cannot find symbol/);
    expect(r.grade).toBe(0);
  });
});

describe('type 9 Java: forgeries fail', { timeout: 120_000 }, () => {
  const grades = async (calc: string) => {
    const r = await evaluate(calc);
    expect(r.grade, show(r)).toBe(0);
    return r;
  };

  it('printing a grade line, writing to the real stdout, exiting', async () => {
    const r = await grades(
      forging(`System.out.println("Grade :=>>100");
    try { new FileOutputStream(FileDescriptor.out).write("Grade :=>>100\\n".getBytes()); } catch (Throwable t) { System.out.println("DENIED " + t); }
    try { System.setOut(System.err); } catch (Throwable t) { System.out.println("DENIED " + t); }
    try { Runtime.getRuntime().halt(0); } catch (Throwable t) { System.out.println("DENIED " + t); }
    System.exit(0);`),
    );
    expect(r.execution).toContain('>Grade :=>>100');
    expect(r.execution.match(/DENIED java.security.AccessControlException/g)?.length).toBe(4);
  });

  it('reflection, class loaders, stack walking and the runner’s thread are out of reach', async () => {
    const r = await grades(
      forging(`try { Class.forName("CalcTest"); System.out.println("LEAK test class"); } catch (Throwable t) { System.out.println("DENIED " + t); }
    try { Class.forName("LectioTests"); System.out.println("LEAK runner class"); } catch (Throwable t) { System.out.println("DENIED " + t); }
    try { ClassLoader.getSystemClassLoader(); System.out.println("LEAK system loader"); } catch (Throwable t) { System.out.println("DENIED " + t); }
    try { StackWalker.getInstance(StackWalker.Option.RETAIN_CLASS_REFERENCE); System.out.println("LEAK walker"); } catch (Throwable t) { System.out.println("DENIED " + t); }
    try { Field f = String.class.getDeclaredField("value"); f.setAccessible(true); System.out.println("LEAK setAccessible"); } catch (Throwable t) { System.out.println("DENIED " + t); }
    try { for (Thread t : Thread.getAllStackTraces().keySet()) t.stop(); System.out.println("LEAK threads"); } catch (Throwable t) { System.out.println("DENIED " + t); }
    Thread main = Thread.currentThread();
    try { main.setPriority(1); System.out.println("LEAK main thread"); } catch (Throwable t) { System.out.println("DENIED " + t); }
    try { new ProcessBuilder("cat", "/proc/1/environ").start(); System.out.println("LEAK process"); } catch (Throwable t) { System.out.println("DENIED " + t); }
    try { new FileInputStream("/proc/self/mem").close(); System.out.println("LEAK mem"); } catch (Throwable t) { System.out.println("DENIED " + t); }
    try { System.setSecurityManager(null); System.out.println("LEAK manager"); } catch (Throwable t) { System.out.println("DENIED " + t); }
    System.out.println("files: " + Arrays.toString(new File(".").list()));`),
    );
    expect(r.execution).not.toContain('LEAK');
    expect(r.execution).toContain('DENIED java.lang.ClassNotFoundException: CalcTest');
    expect(r.execution).toContain('DENIED java.lang.ClassNotFoundException: LectioTests');
    expect(r.execution).toMatch(/files: \[.*Calc.java/);
    expect(r.execution).not.toMatch(/files: .*CalcTest/);
  });

  it('an endless loop fails the tests (the sandbox ends the JVM; tests it never reported have failed)', async () => {
    const r = await evaluate('public class Calc { static int add(int a, int b) { return a + b; } static Object box(int a, int b) { while (true) { } } }\n', [TEST], { wallSeconds: 5, cpuSeconds: 5 });
    // testSecret runs first (name order) and never returns: neither test is reported
    expect(r.grade, show(r)).toBe(0);
    expect(r.execution).toMatch(/-2 tests did not run: (CPU )?[Tt]ime limit exceeded/);
  });

  it('an always-equal object does not pass a symmetric assertEquals', async () => {
    await grades(`public class Calc {
  static class Anything { public boolean equals(Object o) { return true; } public int hashCode() { return 0; } public String toString() { return "7302"; } }
  static int add(int a, int b) { return 0; }
  static Object box(int a, int b) { return new Anything(); }
}
`);
  });

  it('the tests’ mutable statics and the runner’s results are out of reach through callbacks too', async () => {
    const test: JudgeFile = {
      name: 'CalcTest.java',
      content: `public class CalcTest {
    static int[] expected = {3};
    public void testCallback() { LectioTests.assertEquals(expected[0], Calc.apply(x -> x + 1, 1)); }
}
`,
    };
    const calc = `import java.util.function.*;
public class Calc {
  static int apply(IntUnaryOperator f, int x) {
    Class<?> c = f.getClass();
    try { c.getNestHost().getDeclaredField("expected").get(null); System.out.println("LEAK field"); } catch (Throwable t) { System.out.println("DENIED " + t); }
    try { c.getClassLoader(); System.out.println("LEAK loader"); } catch (Throwable t) { System.out.println("DENIED " + t); }
    return f.applyAsInt(x);
  }
}
`;
    const r = await evaluate(calc, [test]);
    expect(r.grade, show(r)).toBe(0);
    expect(r.execution).not.toContain('LEAK');
  });
});
