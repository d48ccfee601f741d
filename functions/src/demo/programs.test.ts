/**
 * Every demo program task (issue 12 item 6) works: the author solution gets 100 through the real judge
 * (sandbox, default scripts by language, the type 9/10 templates), a typical mistake a partial grade.
 */
import { describe, expect, it } from 'vitest';
import { parseContent } from '@lectio/shared';
import { runJob, type JudgeFile } from '../judge/core/job';
import { programmingLesson } from './programs';

interface Stored {
  files: Array<{ name: string; rContent: string; aContent: string }>;
  testCases: string;
  configFiles: Array<{ name: string; content: string }>;
  filesToKeep: Array<{ name: string; content: string }>;
}

function evaluate(index: number, code?: string) {
  const task = programmingLesson.tasks[index]!;
  const c = parseContent(task.type, task.html.en) as Stored;
  const configFiles: JudgeFile[] = c.configFiles.map((f) => ({ name: f.name, content: f.content }));
  if (c.testCases.trim()) configFiles.push({ name: 'vpl_evaluate.cases', content: c.testCases });
  const submittedFiles = c.files.map((f) => ({ name: f.name, content: code ?? f.aContent }));
  // as build-job marks them: type 10 is graded by the judge's SQL driver
  const sql = task.type === 10 ? { evaluation: 'sql' as const } : {};
  return runJob({ kind: 'evaluate', extension: task.type === 10 ? 'sql' : 'py', submittedFiles, keepFiles: c.filesToKeep, configFiles, ...sql });
}

describe('demo programming lesson', { timeout: 120_000 }, () => {
  it('has a Python and a Java type 8, a type 9 and a type 10 task', () => {
    expect(programmingLesson.tasks.map((t) => t.type)).toEqual([8, 8, 9, 10]);
  });
  it('Python type 8: the solution gets 100, an off-by-one loop a third', async () => {
    expect((await evaluate(0)).grade).toBe(100);
    expect((await evaluate(0, 'n = int(input())\nprint(sum(range(n)))\n')).grade).toBeCloseTo(33.33, 1);
  });
  it('Java type 8 in a Python course: the solution gets 100, a maximum started at 0 two thirds', async () => {
    expect((await evaluate(1)).grade).toBe(100);
    const wrong = 'import java.util.*;\npublic class Main { public static void main(String[] a) { Scanner s = new Scanner(System.in); int m = 0; for (int i = 0; i < 3; i++) m = Math.max(m, s.nextInt()); System.out.println(m); } }\n';
    expect((await evaluate(1, wrong)).grade).toBeCloseTo(66.67, 1);
  });
  it('type 9 unit tests: the solution gets 100, the starting code 0, half right 50', async () => {
    expect((await evaluate(2)).grade).toBe(100);
    expect((await evaluate(2, 'def area(w, h):\n    return w * h\n\ndef perimeter(w, h):\n    return w + h\n')).grade).toBe(50);
  });
  it('type 10 SQL: the solution gets 100 on every dataset, a wrong comparison a third (two datasets have an 18-year-old)', async () => {
    expect((await evaluate(3)).grade).toBe(100);
    expect((await evaluate(3, 'SELECT name FROM person WHERE age > 18 ORDER BY name')).grade).toBeCloseTo(33.33, 1);
  });
});
