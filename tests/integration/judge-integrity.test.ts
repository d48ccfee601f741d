/**
 * Issue 18, item 1 through the student's API on the demo course: a type 9 module that prints a grade line
 * and exits, or patches unittest, no longer gets 100 (nor a rating); the author's solution still does,
 * as a learner's evaluation and in the author's preview, whatever evaluate script the preview sends.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { programmingLesson } from '../../functions/src/demo/programs';
import { learnerTasks, startTestCloud, type TestCloud } from './helpers';

let cloud: TestCloud;
let student: string;
let admin: string;
let courseId = 0;
let unitTask = 0;
/** The demo type 9 task as stored (its config files: the old evaluate script and test_rectangle.py). */
const stored = JSON.parse(programmingLesson.tasks.find((t) => t.type === 9)!.html.en) as { configFiles: Array<{ name: string; content: string }> };

const files = (name: string, text: string) => JSON.stringify([{ filename: name, filecontent: text }]);
async function evaluate(token: string, body: Record<string, unknown>) {
  const started = await cloud.api('/api/vpl-run-test3', { method: 'POST', json: { task_id: unitTask, exe_type: 1, ...body }, token });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const result = await cloud.api('/api/vpl-get-result33', { method: 'POST', json: { adminticket: started.body.adminticket, task_id: unitTask }, token });
  expect(result.status).toBe(200);
  return result.body as { compilation: string; execution: string; grade: number | null; task: { rating: number } | null };
}

/** What got 100 on the old runner: the grade line printed by the learner's module, then an exit. */
const PRINT_AND_EXIT = 'import os\nprint("Grade :=>>100", flush=True)\nos._exit(0)\n';
/** What also got 100: the learner's module made every test of the runner pass. */
const PATCH_UNITTEST = `import unittest
def run(self, result=None):
    result.startTest(self)
    result.addSuccess(self)
    result.stopTest(self)
unittest.TestCase.run = run
def area(w, h):
    return 0
def perimeter(w, h):
    return 0
`;

beforeAll(async () => {
  cloud = await startTestCloud('demo');
  [student, admin] = await Promise.all([cloud.login('student@example.com', 'student-demo'), cloud.login('admin@example.com', 'admin-demo')]);
  courseId = cloud.seed.demoCourseId!;
  const task = (await learnerTasks(cloud, student, courseId)).find((t) => t.task_type_id === 9 && String(t.content).includes('rectangle.py'));
  if (!task) throw new Error('the demo course has no type 9 task');
  unitTask = task.task_id;
});
afterAll(() => cloud?.stop());

describe('type 9 through the student’s API', { timeout: 60_000 }, () => {
  it('printing a grade line and exiting, or patching unittest, gets nothing', async () => {
    for (const forged of [PRINT_AND_EXIT, PATCH_UNITTEST]) {
      const r = await evaluate(student, { submitted_files: files('rectangle.py', forged) });
      expect(r.grade, r.execution).toBe(0);
      expect(r.task?.rating ?? 0).toBe(0);
      expect(r.execution).toMatch(/^Grade :=>>0$/m);
    }
  });

  it('the author’s solution gets 100, as a learner’s evaluation and in the author’s preview', async () => {
    const solution = 'def area(w, h):\n    return w * h\n\n\ndef perimeter(w, h):\n    return 2 * (w + h)\n';
    const r = await evaluate(student, { submitted_files: files('rectangle.py', solution) });
    expect(r.grade, r.compilation + r.execution).toBe(100);
    expect(r.task?.rating).toBe(100);
    // a preview sends the files being edited, an evaluate script that would print 100 included: not used
    const configFiles = stored.configFiles.map((f) => (f.name === 'vpl_evaluate.sh' ? { ...f, content: '#!/bin/bash\necho "echo Grade :=>>100" > vpl_execution\nchmod +x vpl_execution\n' } : f));
    const config = JSON.stringify(configFiles.map((f) => ({ filename: f.name, filecontent: f.content })));
    const empty = await evaluate(admin, { course_id: courseId, preview: 1, submitted_files: files('rectangle.py', ''), config_files: config });
    expect(empty.grade, empty.execution).toBe(0);
    const right = await evaluate(admin, { course_id: courseId, preview: 1, submitted_files: files('rectangle.py', solution), config_files: config });
    expect(right.grade, right.compilation + right.execution).toBe(100);
  });
});
