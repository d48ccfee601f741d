/**
 * Issue 18, items 2 and 6 (type 8 report) through the student's API on the demo course: an SQL answer
 * that reads the expected results through the sqlite3 shell's `fsdir()` no longer gets 100, no report
 * shows a hidden dataset row or an expected result, file functions are closed in Run too, and the author's
 * solution still gets 100. Type 8: the demo task hides the input and expected output of failed cases, and
 * a program printing a grade line gets nothing for it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestCloud, type TestCloud } from './helpers';

let cloud: TestCloud;
let student: string;
let sqlTask = 0;
let pyTask = 0;

const post = (path: string, json: unknown) => cloud.api(`/api${path}`, { method: 'POST', json, token: student });
const files = (name: string, content: string) => JSON.stringify([{ filename: name, filecontent: content }]);
async function evaluate(task: number, name: string, content: string) {
  const started = await post('/vpl-run-test3', { task_id: task, exe_type: 1, submitted_files: files(name, content) });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const result = await post('/vpl-get-result33', { adminticket: started.body.adminticket, task_id: task });
  expect(result.status).toBe(200);
  return result.body as { compilation: string; execution: string; grade: number | null; task: { rating: number } | null };
}

/** With the sqlite3 shell: the expected result of the dataset being graded (100 on every dataset). */
const FORGED_QUERY = "SELECT CAST(data AS TEXT) FROM fsdir('.') WHERE name = './expected' || substr((SELECT file FROM pragma_database_list WHERE name = 'main'), -4, 1) || '.txt';";
/** With the sqlite3 shell: every dataset and expected result, in the report of dataset 1. */
const LEAK_QUERY = "SELECT name, CAST(data AS TEXT) FROM fsdir('.') WHERE name LIKE '%.txt' OR name LIKE '%.sql';";
/** The demo task's hidden datasets (2: Tim, Ken; 3: Zoe, Adam, Eva) and their expected results. */
const HIDDEN_ROWS = /\b(Tim|Ken|Zoe|Adam|Eva)\b/;

beforeAll(async () => {
  cloud = await startTestCloud('demo');
  student = await cloud.login('student@example.com', 'student-demo');
  const courseId = cloud.seed.demoCourseId!;
  const chapters = await cloud.api(`/api/get-active-chapters2/${courseId}`, { token: student });
  for (const chapter of chapters.body.chapter_list) {
    const lessons = await cloud.api(`/api/get-active-lessons2/${chapter.chapter_id}`, { token: student });
    for (const lesson of lessons.body.lesson_list ?? []) {
      const list = await cloud.api(`/api/get-active-tasks2/${courseId}/${chapter.chapter_id}/${lesson.lesson_id}`, { token: student });
      for (const t of (list.body.task_list ?? []) as Array<{ task_id: number; task_type_id: number; content: string }>) {
        if (t.task_type_id === 10) sqlTask ||= t.task_id;
        if (t.task_type_id === 8 && String(t.content).includes('total.py')) pyTask ||= t.task_id;
      }
    }
  }
  if (!sqlTask || !pyTask) throw new Error(`demo tasks not found: sql ${sqlTask}, python ${pyTask}`);
});
afterAll(() => cloud?.stop());

describe('type 10 through the student’s API', { timeout: 60_000 }, () => {
  it('reading the expected result of the current dataset with fsdir() no longer gets 100', async () => {
    // with the sqlite3 shell this printed expected<i>.txt of the dataset being graded: 100 on every dataset
    const forged = ['.headers off', FORGED_QUERY].join('\n');
    const r = await evaluate(sqlTask, 'answer.sql', forged);
    expect(r.grade, r.execution).toBe(0);
    expect(r.compilation + r.execution).not.toMatch(HIDDEN_ROWS);
    // and the one that printed every dataset and expected result into the report
    const leak = await evaluate(sqlTask, 'answer.sql', LEAK_QUERY);
    expect(leak.grade).toBe(0);
    expect(leak.execution).not.toMatch(HIDDEN_ROWS);
    expect(leak.execution).not.toContain('correctAnswer');
  });

  it('file functions, ATTACH and extensions give 0 and no data; a wrong answer shows only dataset 1', async () => {
    for (const attack of ["SELECT * FROM fsdir('/');", "SELECT readfile('/etc/passwd');", "ATTACH '/tmp/x.db' AS x;", "SELECT load_extension('x');", "VACUUM INTO '/tmp/x.db';"]) {
      const r = await evaluate(sqlTask, 'answer.sql', attack);
      expect(r.grade, `${attack}\n${r.execution}`).toBe(0);
      expect(r.execution, attack).not.toMatch(HIDDEN_ROWS);
    }
    const wrong = await evaluate(sqlTask, 'answer.sql', 'SELECT name, age FROM person ORDER BY name');
    expect(wrong.grade).toBe(0);
    expect(wrong.execution).toContain('>Ada|36');
    expect(wrong.execution).not.toMatch(HIDDEN_ROWS);
    expect(wrong.execution).toContain('-Dataset 2: the result differs\n-Dataset 3: the result differs');
  });

  it('the author’s solution gets 100, recorded as the task’s rating', async () => {
    const r = await evaluate(sqlTask, 'answer.sql', 'SELECT name FROM person WHERE age >= 18 ORDER BY name');
    expect(r.grade, r.execution).toBe(100);
    expect(r.task?.rating).toBe(100);
  });

  it('Run shows the answer on dataset 1 and the prompt; fsdir() is closed there too', async () => {
    const started = await post('/vpl-run-test3', { task_id: sqlTask, exe_type: 0, submitted_files: files('answer.sql', "SELECT name FROM person ORDER BY name;\nSELECT count(*) FROM fsdir('/');") });
    expect(started.status).toBe(200);
    await new Promise((r) => setTimeout(r, 1500));
    await post('/vpl-stop', { adminticket: started.body.adminticket });
    const r = await post('/vpl-get-result', { adminticket: started.body.adminticket });
    expect(r.body.execution).toContain('name \n-----\nAda  \nGrace\nLinus\n');
    expect(r.body.execution).toContain('no such table: fsdir');
    expect(r.body.execution).toContain('sqlite> ');
  });
});

describe('type 8 report through the student’s API', { timeout: 60_000 }, () => {
  it('the demo task hides the input and expected output of failed cases; a printed grade line counts for nothing', async () => {
    const r = await evaluate(pyTask, 'total.py', 'import sys\nprint(sys.stdin.read())\nprint("Grade :=>>100")\n');
    expect(r.grade).toBe(0);
    expect(r.execution).toContain('-Test 1: three');
    expect(r.execution).not.toContain(' --- Input ---');
    expect(r.execution).not.toContain(' --- Expected output');
    expect(r.execution).not.toMatch(/^Grade :=>>100$/m);
  });
});
