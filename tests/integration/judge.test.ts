/**
 * The judge service on the local cloud: tickets at once, VPL monitor messages on `judge:{ticket}` (only
 * for the ticket's owner), the result with the grade recorded as the task's rating (score only rises, XP
 * once), interactive input over the WebSocket, stop, one run per learner at a time, the author's preview,
 * bad input and callers who may not.
 */
import WebSocket from 'ws';
import { judgeOutputInOrder } from '@lectio/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { learnerTasks, startTestCloud, type LearnerTask, type TestCloud } from './helpers';

let cloud: TestCloud;
let student: string;
let teacher: string;
let admin: string;
let taskId: number;
let courseId: number;
/** Every task the student's lists showed (for the leak check of program tasks). */
let shownTasks: LearnerTask[] = [];

const post = (path: string, json: unknown, token?: string) => cloud.api(`/api${path}`, { method: 'POST', json, token });
const files = (name: string, content: string) => JSON.stringify([{ filename: name, filecontent: content }]);
const SOLUTION = 'a = int(input())\nb = int(input())\nprint(a + b)\n';
/** What a terminal shows of a connection's `judge.output` messages, put in order by their offsets. */
const shown = (messages: Array<Record<string, unknown>>) => {
  const inOrder = judgeOutputInOrder();
  return messages
    .filter((m) => m.type === 'judge.output')
    .map((m) => inOrder(String(m.text), m.at as number | undefined))
    .join('');
};

interface Socket {
  ws: WebSocket;
  messages: Array<Record<string, unknown>>;
  next: (pred: (m: Record<string, unknown>) => boolean, ms?: number) => Promise<Record<string, unknown>>;
  send: (m: unknown) => void;
}

async function socket(token: string): Promise<Socket> {
  const ws = new WebSocket(`${cloud.url.replace('http', 'ws')}/ws?token=${token}`);
  const messages: Array<Record<string, unknown>> = [];
  const waiters: Array<{ pred: (m: Record<string, unknown>) => boolean; resolve: (m: Record<string, unknown>) => void }> = [];
  ws.on('message', (raw) => {
    const m = JSON.parse(String(raw)) as Record<string, unknown>;
    messages.push(m);
    for (const w of [...waiters]) {
      if (w.pred(m)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(m);
      }
    }
  });
  await new Promise((r, j) => {
    ws.once('open', r);
    ws.once('error', j);
  });
  return {
    ws,
    messages,
    send: (m) => ws.send(JSON.stringify(m)),
    next: (pred, ms = 15_000) => {
      const found = messages.find(pred);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        waiters.push({ pred, resolve });
        setTimeout(() => reject(new Error(`no message within ${ms} ms; got ${JSON.stringify(messages).slice(0, 2000)}`)), ms);
      });
    },
  };
}

beforeAll(async () => {
  cloud = await startTestCloud('demo');
  [student, teacher, admin] = await Promise.all([
    cloud.login('student@example.com', 'student-demo'),
    cloud.login('teacher@example.com', 'teacher-demo'),
    cloud.login('admin@example.com', 'admin-demo'),
  ]);
  courseId = cloud.seed.demoCourseId!;
  // the demo course's Python task "Sum of two numbers" (sum.py)
  shownTasks = await learnerTasks(cloud, student, courseId);
  taskId = shownTasks.find((t) => t.task_type_id === 8)?.task_id ?? 0;
  if (!taskId) throw new Error('the demo course has no sum.py program task');
});
afterAll(() => cloud?.stop());

describe('judge service', { timeout: 60_000 }, () => {
  it('evaluates: tickets at once, monitor messages to the owner, partial then full grade recorded with XP once', async () => {
    const ws = await socket(student);
    const before = (await cloud.api('/api/get-full-user-parameters', { token: student })).body;
    const wrong = await post('/vpl-run-test3', { task_id: taskId, exe_type: 1, submitted_files: files('sum.py', 'print(0)\n') }, student);
    expect(wrong.status, JSON.stringify(wrong.body) + ' task ' + taskId).toBe(200);
    const ticket = wrong.body.adminticket as string;
    expect(ticket).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(wrong.body).toMatchObject({ message: 'OK', monitorticket: ticket, executionticket: ticket });
    ws.send({ action: 'subscribe', topic: `judge:${ticket}` });
    await ws.next((m) => m.type === 'judge.monitor' && m.message === 'close:');
    const monitor = ws.messages.filter((m) => m.type === 'judge.monitor').map((m) => m.message);
    expect(monitor.slice(-2)).toEqual(['retrieve:', 'close:']);
    const r0 = await post('/vpl-get-result33', { adminticket: ticket, task_id: taskId, task_type_id: 8 }, student);
    expect(r0.status).toBe(200);
    expect(r0.body.execution).toMatch(/Grade :=>> 0\n/);
    expect(r0.body.grade).toBe(0);

    const right = await post('/vpl-run-test3', { task_id: taskId, exe_type: 1, submitted_files: files('sum.py', SOLUTION) }, student);
    const r1 = await post('/vpl-get-result33', { adminticket: right.body.adminticket, task_id: taskId, task_type_id: 8 }, student);
    expect(r1.body.grade).toBe(100);
    expect(r1.body.task).toMatchObject({ rating: 100, passed: 1 });
    expect(r1.body.user.performance.xp).toBeGreaterThan(before.performance?.xp ?? before.xp ?? 0);
    const xpAfter = r1.body.user.performance.xp;
    // the same full grade again gives no more XP
    const again = await post('/vpl-run-test3', { task_id: taskId, exe_type: 1, submitted_files: files('sum.py', SOLUTION) }, student);
    const r2 = await post('/vpl-get-result33', { adminticket: again.body.adminticket }, student);
    expect(r2.body.user.performance.xp).toBe(xpAfter);
    ws.ws.close();
  });

  it('keeps every graded solution for its owner only ("My solutions"), newest first', async () => {
    const mine = await cloud.api(`/api/get-my-solutions/${taskId}`, { token: student });
    expect(mine.status).toBe(200);
    expect(mine.body.list.map((x: { grade: number }) => x.grade)).toEqual([100, 100, 0]);
    const oldest = JSON.parse(mine.body.list[2].code);
    expect(oldest).toEqual([{ filename: 'sum.py', filecontent: 'print(0)\n' }]);
    expect(JSON.parse(mine.body.list[0].code)[0].filecontent).toBe(SOLUTION);
    expect(mine.body.list[0].time_stamp >= mine.body.list[2].time_stamp).toBe(true);
    // nobody else sees them; an interactive run is not a graded solution
    expect((await cloud.api(`/api/get-my-solutions/${taskId}`, { token: teacher })).body).toEqual({ list: [] });
    expect((await cloud.api('/api/get-my-solutions/99999999', { token: student })).status).toBe(404);
    expect((await cloud.api('/api/get-my-solutions/abc', { token: student })).status).toBe(400);
    expect((await cloud.api(`/api/get-my-solutions/${taskId}`)).status).toBe(401);
  });

  it('runs interactively: typed input over the WebSocket reaches the program, output streams back', async () => {
    const ws = await socket(student);
    const res = await post('/vpl-run-test3', { task_id: taskId, exe_type: 0, submitted_files: files('sum.py', SOLUTION) }, student);
    const ticket = res.body.adminticket as string;
    ws.send({ action: 'subscribe', topic: `judge:${ticket}` });
    await ws.next((m) => m.type === 'subscribed');
    ws.send({ action: 'judge.input', ticket, text: '20\n22\n' });
    await ws.next((m) => m.type === 'judge.monitor' && m.message === 'close:');
    const output = ws.messages.filter((m) => m.type === 'judge.output').map((m) => m.text).join('');
    expect(output).toContain('42');
    const result = await post('/vpl-get-result', { adminticket: ticket }, student);
    expect(result.body.execution).toContain('42');
    ws.ws.close();
  });

  it('a connection subscribing after the program printed gets run:terminal and the output so far, each character once', async () => {
    const early = await socket(student);
    const program = "name = input('name? ')\nprint('hello', name)\n";
    const res = await post('/vpl-run-test3', { task_id: taskId, exe_type: 0, submitted_files: files('sum.py', program) }, student);
    const ticket = res.body.adminticket as string;
    early.send({ action: 'subscribe', topic: `judge:${ticket}` });
    await early.next((m) => m.type === 'judge.output' && String(m.text).includes('name? '));
    // the prompt is out: a second connection of the owner subscribes now
    const late = await socket(student);
    late.send({ action: 'subscribe', topic: `judge:${ticket}` });
    await late.next((m) => m.type === 'judge.monitor' && m.message === 'run:terminal');
    const caughtUp = await late.next((m) => m.type === 'judge.output');
    expect(caughtUp).toMatchObject({ at: 0, text: expect.stringContaining('name? ') });
    late.send({ action: 'judge.input', ticket, text: 'Ada\n' });
    await late.next((m) => m.type === 'judge.monitor' && m.message === 'close:');
    await early.next((m) => m.type === 'judge.monitor' && m.message === 'close:');
    expect(shown(late.messages)).toBe('name? hello Ada\r\n');
    expect(shown(early.messages)).toBe('name? hello Ada\r\n');
    early.ws.close();
    late.ws.close();
  });

  it('stops a run: ----- interrupted by user -----', async () => {
    const res = await post('/vpl-run-test3', { task_id: taskId, exe_type: 0, submitted_files: files('sum.py', 'import time\nwhile True: time.sleep(1)\n') }, student);
    await new Promise((r) => setTimeout(r, 300));
    expect((await post('/vpl-stop', { adminticket: res.body.adminticket }, student)).status).toBe(200);
    const result = await post('/vpl-get-result', { adminticket: res.body.adminticket }, student);
    expect(result.body.execution).toContain('----- interrupted by user -----');
  });

  it('a second run of the same learner waits until the first has its grade', async () => {
    const slow = await post('/vpl-run-test3', { task_id: taskId, exe_type: 1, submitted_files: files('sum.py', 'import time\ntime.sleep(1)\n' + SOLUTION) }, student);
    const fast = await post('/vpl-run-test3', { task_id: taskId, exe_type: 1, submitted_files: files('sum.py', SOLUTION) }, student);
    const order: string[] = [];
    await Promise.all([
      post('/vpl-get-result33', { adminticket: slow.body.adminticket }, student).then(() => order.push('slow')),
      post('/vpl-get-result33', { adminticket: fast.body.adminticket }, student).then(() => order.push('fast')),
    ]);
    expect(order).toEqual(['slow', 'fast']);
  });

  it('tickets belong to their owner: nobody else may read, stop or subscribe (not even an admin)', async () => {
    const res = await post('/vpl-run-test3', { task_id: taskId, exe_type: 1, submitted_files: files('sum.py', SOLUTION) }, student);
    const ticket = res.body.adminticket;
    for (const token of [teacher, admin]) {
      expect((await post('/vpl-get-result33', { adminticket: ticket }, token)).status).toBe(404);
      expect((await post('/vpl-get-result', { adminticket: ticket }, token)).status).toBe(404);
      expect((await post('/vpl-stop', { adminticket: ticket }, token)).status).toBe(404);
      const ws = await socket(token);
      ws.send({ action: 'subscribe', topic: `judge:${ticket}` });
      expect(await ws.next((m) => m.type === 'error')).toMatchObject({ message: 'Forbidden topic.' });
      ws.send({ action: 'judge.input', ticket, text: 'x\n' });
      expect(await ws.next((m) => m.type === 'error' && m.message === 'Unknown ticket.')).toBeTruthy();
      ws.ws.close();
    }
    await post('/vpl-get-result33', { adminticket: ticket }, student);
  });

  it('refuses other topics unless a rule allows them', async () => {
    const ws = await socket(student);
    ws.send({ action: 'subscribe', topic: 'user:999999' });
    expect(await ws.next((m) => m.type === 'error')).toMatchObject({ message: 'Forbidden topic.' });
    ws.ws.close();
  });

  it('preview: the author runs the solution being edited; a learner may not preview', async () => {
    const body = { task_id: taskId, course_id: courseId, exe_type: 1, preview: 1, submitted_files: files('sum.py', SOLUTION), testCases: 'case=a\ninput=1\n2\noutput=3\ncase=b\ninput=5\n5\noutput=10\n' };
    const res = await post('/vpl-run-test3', body, admin);
    expect(res.status).toBe(200);
    const result = await post('/vpl-get-result', { adminticket: res.body.adminticket }, admin);
    expect(result.body.execution).toMatch(/Grade :=>>100\n/);
    expect((await post('/vpl-run-test3', body, student)).status).toBe(403);
  });

  it('validates input and needs a login', async () => {
    expect((await post('/vpl-run-test3', { task_id: taskId, exe_type: 2, submitted_files: '[]' }, student)).status).toBe(400);
    expect((await post('/vpl-run-test3', { task_id: taskId, exe_type: 1, submitted_files: 'not json' }, student)).status).toBe(400);
    expect((await post('/vpl-get-result33', { adminticket: 'short' }, student)).status).toBe(400);
    expect((await post('/vpl-get-result33', { adminticket: 'A'.repeat(24) }, student)).status).toBe(404);
    expect((await post('/vpl-run-test3', { task_id: taskId, exe_type: 1, submitted_files: '[]' })).status).toBe(401);
  });

  it('load-program3 / save-program3: the learner’s requested files only, per learner, bounded, and only for playable program tasks', async () => {
    const total = shownTasks.find((t) => t.task_type_id === 8 && JSON.parse(t.content).files[0]?.name === 'total.py')!;
    expect(total, 'demo task total.py').toBeTruthy();
    expect((await post(`/load-program3/${total.task_id}`, { activity_type: 1 }, student)).body).toEqual({ message: 'OK', code: '' });
    const saved = await post('/save-program3', { task_id: total.task_id, activity_type: 1, files: JSON.stringify([{ filename: 'total.py', filecontent: 'print(1)\n' }, { filename: 'vpl_evaluate.sh', filecontent: 'echo planted' }]) }, student);
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ message: 'OK' });
    const loaded = await post(`/load-program3/${total.task_id}`, {}, student);
    expect(JSON.parse(loaded.body.code)).toEqual([{ filename: 'total.py', filecontent: 'print(1)\n' }]);
    // another user sees their own (nothing)
    expect((await post(`/load-program3/${total.task_id}`, {}, admin)).body.code).toBe('');
    // bad input, too large, not a program, no login
    expect((await post('/save-program3', { task_id: total.task_id, files: 'not json' }, student)).status).toBe(400);
    expect((await post('/save-program3', { task_id: total.task_id }, student)).status).toBe(400);
    const big = JSON.stringify([{ filename: 'total.py', filecontent: 'x'.repeat(400_000) }]);
    expect((await post('/save-program3', { task_id: total.task_id, files: big }, student)).status).toBe(400);
    const question = shownTasks.find((t) => t.task_type_id === 3)!;
    expect((await post(`/load-program3/${question.task_id}`, {}, student)).body).toMatchObject({ message: 'This task is not a program.' });
    expect((await post(`/load-program3/${total.task_id}`, {})).status).toBe(401);
    expect((await post('/save-program3', { task_id: 99_999_999, files: '[]' }, student)).status).toBe(404);
  });

  it('a learner may not load or save code of a task in a locked chapter', async () => {
    const preview = await cloud.api(`/api/course-preview/${courseId}`, { token: admin });
    const lessons = preview.body.info.chapterlist.flatMap((c: { lessons: Array<{ lesson_id: number }> }) => c.lessons);
    let locked = 0;
    for (const l of lessons) {
      const list = await post(`/get-tasks-in-lesson/${l.lesson_id}`, {}, admin);
      const p = (list.body.task_list ?? []).find((t: { task_type_id: number; task_id: number }) => t.task_type_id === 8 && !shownTasks.some((x) => x.task_id === t.task_id));
      if (p) locked = p.task_id;
    }
    expect(locked).toBeGreaterThan(0);
    expect((await post(`/load-program3/${locked}`, {}, student)).status).toBe(403);
    expect((await post('/save-program3', { task_id: locked, files: '[]' }, student)).status).toBe(403);
  });

  it('never sends a learner the author solution, test cases, config or keep files of a program task', async () => {
    const programs = shownTasks.filter((t) => t.task_type_id >= 8 && t.task_type_id <= 10);
    expect(programs.length).toBeGreaterThanOrEqual(5);
    for (const t of programs) {
      const view = JSON.parse(t.content);
      expect(Object.keys(view).sort()).toEqual(['assignment', 'files', 'help', 'title']);
      for (const f of view.files) expect(Object.keys(f).sort()).toEqual(['name', 'rContent']);
      expect(t.content).not.toMatch(/aContent|testCases|configFiles|filesToKeep|Grade :=>>|correctAnswer|SELECT name FROM person WHERE age >= 18|sum\(range\(1, n \+ 1\)\)|assertEqual/);
      expect(view.help).toBe('');
    }
  });

  it('get-vpl-course-info: the course extension and editor mode; unknown course 404; needs a login', async () => {
    const info = await cloud.api(`/api/get-vpl-course-info/${courseId}`, { token: student });
    expect(info.body).toEqual({ extension: 'py', editorType: 'text/x-python' });
    expect((await cloud.api('/api/get-vpl-course-info/99999999', { token: student })).status).toBe(404);
    expect((await cloud.api('/api/get-vpl-course-info/abc', { token: student })).status).toBe(400);
    expect((await cloud.api(`/api/get-vpl-course-info/${courseId}`, {})).status).toBe(401);
  });
});
