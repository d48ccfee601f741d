/**
 * The learner's player on DynamoDB Local (spec/3 §3-§9): lesson list and tasks, server-side
 * scoring of types 2-7 (right, half right, wrong), score that only rises, XP and coins, help and
 * answer purchases (one transaction, never negative, never twice), content passed on viewing,
 * error reports, the activity log's rate limit, and who may play what. One test walks every
 * learner-facing response and finds no answer, rating, feedback or help that was not earned.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoCatalogue } from '../../functions/src/demo/content';
import { allQuestionTypesLesson } from '../../functions/src/demo/questions';
import { programmingLesson } from '../../functions/src/demo/programs';
import { eventually, startTestCloud, type TestCloud } from './helpers';

let cloud: TestCloud;
let student: string;
let teacher: string;
let admin: string;
let courseId: number;
let chapterId: number;
let lessonId: number;
let tasks: Array<{ task_id: number; task_type_id: number; content: string; max_score: number; status: string; help: string }>;

const get = (path: string, token: string) => cloud.api(`/api${path}`, { token });
const post = (path: string, json: unknown, token: string) => cloud.api(`/api${path}`, { method: 'POST', json, token });

/** Every learner-facing body is recorded here for the leak walk. */
const learnerBodies: Array<{ route: string; body: unknown }> = [];
const seen = async (route: string, res: ReturnType<TestCloud['api']>) => {
  const r = await res;
  learnerBodies.push({ route, body: r.body });
  return r;
};

beforeAll(async () => {
  cloud = await startTestCloud('demo');
  [student, teacher, admin] = await Promise.all([
    cloud.login('student@example.com', 'student-demo'),
    cloud.login('teacher@example.com', 'teacher-demo'),
    cloud.login('admin@example.com', 'admin-demo'),
  ]);
  courseId = cloud.seed.demoCourseId!;
  const page = await get(`/get-active-chapters2/${courseId}`, student);
  chapterId = page.body.chapter_list[1].chapter_id;
  const lessons = await seen('get-active-lessons2', get(`/get-active-lessons2/${chapterId}`, student));
  lessonId = lessons.body.lesson_list.find((l: { lesson_name: string }) => l.lesson_name === 'All question types').lesson_id;
  const list = await seen('get-active-tasks2', get(`/get-active-tasks2/${courseId}/${chapterId}/${lessonId}`, student));
  tasks = list.body.task_list;
});
afterAll(() => cloud?.stop());

const ofType = (type: number) => tasks.filter((t) => t.task_type_id === type);
const view = (t: { content: string }) => JSON.parse(t.content);
const indexOf = (t: { content: string }, answer: string) => view(t).answer_list.findIndex((a: { answer: string }) => a.answer === answer);
const evaluate = (task: { task_id: number; task_type_id: number }, answer: unknown[]) =>
  seen('task-evaluate2', post('/task-evaluate2', { task_id: task.task_id, task_type_id: task.task_type_id, time_length: 12, answer_list: JSON.stringify(answer), activity_type: 1 }, student));
const me = async () => (await get('/get-full-user-parameters', student)).body;

describe('lesson list and tasks', () => {
  it('lists the chapter\u2019s lessons with the learner\u2019s unfinished counts and the breadcrumbs', async () => {
    const res = await get(`/get-active-lessons2/${chapterId}`, student);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: 'OK', course: { id: courseId, name: 'Python basics' }, chapter: { id: chapterId, name: 'Variables and types' } });
    expect(Number.isInteger(res.body.user_course_id)).toBe(true);
    const lesson = res.body.lesson_list.find((l: { lesson_id: number }) => l.lesson_id === lessonId);
    expect(lesson).toMatchObject({ tasks_nonfinished: 12, max_tasks: 12, programs_nonfinished: 0, max_programs: 0, max_contents: 2 });
  });

  it('serves every task of the lesson with the spec\u2019s fields, in order, blank and first_time', () => {
    expect(tasks.map((t) => t.task_type_id)).toEqual(allQuestionTypesLesson.tasks.map((t) => t.type));
    for (const t of tasks) {
      expect(t).toMatchObject({ course_id: courseId, score: 0, passed: 0, first_time: 1, help_showed: 0, answer_showed: 0, help: '', status: 'blank', attempt_list: [] });
      expect(t).toHaveProperty('data.content', t.content);
    }
    expect(ofType(3)[0]!.max_score).toBe(10);
  });

  it('refuses a course not started, a locked chapter and a competition', async () => {
    expect((await get(`/get-active-tasks2/${courseId}/${chapterId}/${lessonId}`, teacher)).status).toBe(403);
    const page = await get(`/get-active-chapters2/${courseId}`, student);
    const locked = page.body.chapter_list.find((c: { active: boolean }) => !c.active);
    const res = await get(`/get-active-lessons2/${locked.chapter_id}`, student);
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(/locked/);
    expect((await get('/get-active-lessons2/99999', student)).status).toBe(404);
    // An administrator previews without starting the course.
    expect((await get(`/get-active-tasks2/${courseId}/${chapterId}/${lessonId}`, admin)).status).toBe(200);
  });
});

describe('scoring on the server', () => {
  it('short answer (2): right, half (a lower-rated answer), wrong; feedback of the matched answer', async () => {
    const [first, second] = ofType(2);
    const wrong = await evaluate(first!, ['echo']);
    expect(wrong.body.result).toEqual({ rating: 0, answers: [{ answer: 'echo', feedback: 'echo is a shell command, not Python.', rating: 0 }] });
    expect(wrong.body.task).toMatchObject({ first_time: 0, passed: 0, status: 'failed' });
    const right = await evaluate(first!, ['print']);
    expect(right.body.result.rating).toBe(100);
    expect(right.body.task).toMatchObject({ score: 10, passed: 1, status: 'passed' });
    const half = await evaluate(second!, [' 3.5 ']);
    expect(half.body.result.rating).toBe(20);
    expect((await evaluate(second!, ['3'])).body.result.rating).toBe(100);
  });

  it("an author's change of the answers reaches the next evaluation (the player's task cache follows the stream)", async () => {
    const { findTask } = await import('../../functions/src/catalogue/task-items');
    const { db, table } = await import('../../functions/src/platform/db/client');
    const { PutCommand } = await import('@aws-sdk/lib-dynamodb');
    const [first] = ofType(2);
    expect((await evaluate(first!, ['print'])).body.result.rating).toBe(100); // the task is in the cache now
    const stored = (await findTask(first!.task_id))!;
    const content = JSON.parse(stored.contents['1']!);
    content.answer_list[0].answer = 'output';
    await db.send(new PutCommand({ TableName: table(), Item: { ...stored, contents: { ...stored.contents, 1: JSON.stringify(content) } } }));
    try {
      await cloud.drain();
      expect((await evaluate(first!, ['output'])).body.result.rating).toBe(100);
      expect((await evaluate(first!, ['print'])).body.result.rating).toBe(0);
    } finally {
      await db.send(new PutCommand({ TableName: table(), Item: stored as unknown as Record<string, unknown> }));
      await cloud.drain();
    }
  });

  it('single choice (3): the learner\u2019s option order is not the stored one; right and wrong', async () => {
    const [first] = ofType(3);
    const options = view(first!).answer_list.map((a: { answer: string }) => a.answer);
    expect([...options].sort()).toEqual(['"42"', '4.2', '42']);
    const wrong = await evaluate(first!, [indexOf(first!, '42')]);
    expect(wrong.body.result).toEqual({ rating: 0, answers: [{ answer: '42', feedback: 'This is an int.', rating: 0 }] });
    const right = await evaluate(first!, [indexOf(first!, '"42"')]);
    expect(right.body.result.rating).toBe(100);
  });

  it('multiple choice (4): the sum of the selected ratings, rounded, never below 0', async () => {
    const [keywords, ints] = ofType(4);
    expect((await evaluate(keywords!, [indexOf(keywords!, 'print')])).body.result.rating).toBe(0);
    expect((await evaluate(keywords!, [indexOf(keywords!, 'if')])).body.result.rating).toBe(50);
    expect((await evaluate(keywords!, [indexOf(keywords!, 'if'), indexOf(keywords!, 'while')])).body.result.rating).toBe(100);
    expect((await evaluate(ints!, ['7', '-3', '0'].map((a) => indexOf(ints!, a)))).body.result.rating).toBe(100);
  });

  it('gaps (5) and drag and drop (6): per gap, ignoreSpaces on', async () => {
    const [printGap, condition] = ofType(5);
    expect(view(printGap!)).toMatchObject({ gaps: 1 });
    expect(view(printGap!).content).toContain('<span data-gap="0"></span>');
    expect((await evaluate(printGap!, ['pri nt'])).body.result.rating).toBe(100);
    const half = await evaluate(condition!, ['if', 'elif']);
    expect(half.body.result).toMatchObject({ rating: 50, answers: [{ answer: 'if', rating: 100 }, { answer: 'elif', rating: 0 }] });
    const [drag] = ofType(6);
    expect([...view(drag!).options].sort()).toEqual(['float', 'input', 'int', 'read', 'str']);
    expect((await evaluate(drag!, ['str', 'read'])).body.result.rating).toBe(0);
    expect((await evaluate(drag!, ['int', 'input'])).body.result.rating).toBe(100);
  });

  it('reorder (7): by line order in the learner\u2019s list', async () => {
    const [greet] = ofType(7);
    const lines: string[] = view(greet!).codes;
    const order = ['name = input()', 'greeting = "Hello, " + name', 'print(greeting)'].map((l) => lines.findIndex((c) => c.includes(l.replace(/"/g, '"'))));
    expect(order.every((i) => i >= 0)).toBe(true);
    expect((await evaluate(greet!, [order[1], order[0], order[2]])).body.result.rating).toBe(33.33);
    expect((await evaluate(greet!, order)).body.result.rating).toBe(100);
  });

  it('a score only rises; XP and coins follow the best score once; first_time is cleared', async () => {
    const [, ints] = ofType(4);
    const before = await me();
    const lower = await evaluate(ints!, [indexOf(ints!, '7')]);
    expect(lower.body.result.rating).toBe(33);
    expect(lower.body.task).toMatchObject({ score: 10, rating: 100 });
    expect(lower.body.user.performance).toMatchObject({ xp: before.performance.xp, coins: before.performance.coins });
    const [, secondMulti] = ofType(3);
    const right = await evaluate(secondMulti!, [indexOf(secondMulti!, '==')]);
    expect(right.body.user.performance).toMatchObject({ xp: before.performance.xp + 100, coins: before.performance.coins + 10 });
    expect((await me()).performance).toMatchObject({ xp: before.performance.xp + 100, coins: before.performance.coins + 10 });
    const again = await evaluate(secondMulti!, [indexOf(secondMulti!, '==')]);
    expect(again.body.user.performance.xp).toBe(before.performance.xp + 100);
  });

  it('refuses a wrong type, a non-question and bad input', async () => {
    const [first] = ofType(3);
    expect((await post('/task-evaluate2', { task_id: first!.task_id, task_type_id: 4, answer_list: '[0]' }, student)).status).toBe(400);
    const content = ofType(1)[0]!;
    expect((await post('/task-evaluate2', { task_id: content.task_id, task_type_id: 1, answer_list: '[]' }, student)).status).toBe(400);
    expect((await post('/task-evaluate2', { task_id: first!.task_id, task_type_id: 3 }, student)).status).toBe(400);
    expect((await post('/task-evaluate2', { task_id: 999999, task_type_id: 3, answer_list: '[0]' }, student)).status).toBe(404);
    expect((await post('/task-evaluate2', { task_id: first!.task_id, task_type_id: 3, answer_list: '[0]' }, teacher)).status).toBe(403);
  });

  it('keeps the lesson, chapter and course progress on write (stream projection)', async () => {
    const passedTasks = (list: { body: { task_list: Array<{ task_type_id: number; passed: number }> } }) =>
      list.body.task_list.filter((t) => t.task_type_id !== 1 && t.passed === 1).length;
    // The aggregates follow the progress items through the stream: wait until the projection caught up.
    const { lessons, list } = await eventually(
      async () => ({
        lessons: await get(`/get-active-lessons2/${chapterId}`, student),
        list: await get(`/get-active-tasks2/${courseId}/${chapterId}/${lessonId}`, student),
      }),
      ({ lessons, list }) =>
        lessons.body.lesson_list.find((l: { lesson_id: number }) => l.lesson_id === lessonId).tasks_nonfinished === 12 - passedTasks(list),
    );
    const lesson = lessons.body.lesson_list.find((l: { lesson_id: number }) => l.lesson_id === lessonId);
    const passed = passedTasks(list);
    expect(passed).toBeGreaterThan(0);
    expect(lesson.tasks_nonfinished).toBe(12 - passed);
    const page = await get(`/get-active-chapters2/${courseId}`, student);
    expect(page.body.detail_score.task_passed).toBe(passed);
    const score = list.body.task_list.reduce((s: number, t: { score: number }) => s + t.score, 0);
    expect(page.body.detail_score.score_task).toBeCloseTo(score, 2);
    const attempts = await seen('get-my-answers', post('/get-my-answers', { task_id: ofType(2)[0]!.task_id }, student));
    await eventually(() => post('/get-my-answers', { task_id: ofType(2)[0]!.task_id }, student), (r) => r.body.list.length === 2);
    expect(attempts.status).toBe(200);
  });

  it('content passes on viewing', async () => {
    const content = ofType(1)[0]!;
    const uc = (await get(`/get-active-lessons2/${chapterId}`, student)).body.user_course_id;
    expect((await seen('set-passed', post('/set-passed-tasks-content2', { user_course_id: uc, task_id: content.task_id }, student))).body.message).toBe('OK');
    const list = await get(`/get-active-tasks2/${courseId}/${chapterId}/${lessonId}`, student);
    expect(list.body.task_list.find((t: { task_id: number }) => t.task_id === content.task_id)).toMatchObject({ passed: 1, status: 'passed' });
  });
});

describe('help and answer purchases', () => {
  it('help costs max_score once; the answer 2 × max_score, passes the task, charged once', async () => {
    const task = ofType(7)[1]!;
    const before = (await me()).performance.coins;
    const help = await seen('get-my-help', get(`/get-my-help/${task.task_id}`, student));
    expect(help.body).toMatchObject({ help: '<p>The loop comes first, the condition inside it.</p>', user: { performance: { coins: before - 10 } } });
    expect((await get(`/get-my-help/${task.task_id}`, student)).body.user.performance.coins).toBe(before - 10);
    const answer = await seen('get-my-answer', get(`/get-my-answer/${task.task_id}`, student));
    expect(answer.body.answers.map((a: { answer: string }) => a.answer)).toEqual(['<pre>for i in range(6):</pre>', '<pre>    if i % 2 == 0:</pre>', '<pre>        print(i)</pre>']);
    expect(answer.body.user.performance.coins).toBe(before - 30);
    expect((await get(`/get-my-answer/${task.task_id}`, student)).body.user.performance.coins).toBe(before - 30);
    const list = await seen('get-active-tasks2', get(`/get-active-tasks2/${courseId}/${chapterId}/${lessonId}`, student));
    expect(list.body.task_list.find((t: { task_id: number }) => t.task_id === task.task_id)).toMatchObject({
      help_showed: 1, answer_showed: 1, passed: 1, help: '<p>The loop comes first, the condition inside it.</p>',
    });
  });

  it("refuses with 'Not enough coins for this operation.' and never goes negative: 50 parallel purchases", async () => {
    const coins = (await me()).performance.coins;
    // Buy help on every task until the coins run out, 50 requests at once (each task 10 coins).
    const targets = tasks.filter((t) => t.task_type_id !== 1 && t.task_id !== ofType(7)[1]!.task_id);
    const requests = Array.from({ length: 50 }, (_, i) => get(`/get-my-help/${targets[i % targets.length]!.task_id}`, student));
    const results = await Promise.all(requests);
    const refused = results.filter((r) => r.status === 400);
    for (const r of refused) expect(r.body.message).toBe('Not enough coins for this operation.');
    expect(results.every((r) => r.status === 200 || r.status === 400)).toBe(true);
    const after = (await me()).performance.coins;
    const bought = new Set(results.filter((r) => r.status === 200).map((_, i) => i)).size;
    expect(after).toBeGreaterThanOrEqual(0);
    expect(after).toBe(coins - 10 * Math.min(targets.length, Math.floor(coins / 10)));
    expect(bought).toBeGreaterThan(0);
    const list = await get(`/get-active-tasks2/${courseId}/${chapterId}/${lessonId}`, student);
    const helped = list.body.task_list.filter((t: { task_id: number; help_showed: number }) => targets.some((x) => x.task_id === t.task_id) && t.help_showed === 1).length;
    expect(coins - after).toBe(10 * helped);
  });

  it('is refused in exercises and competitions', async () => {
    const page = await get(`/get-active-chapters2/${courseId}`, admin);
    expect(page.status).toBe(200);
    const exercise = page.body.chapter_list.find((c: { chapter_type: number }) => c.chapter_type === 3);
    const lessons = await get(`/get-active-lessons2/${exercise.chapter_id}`, admin);
    const list = await get(`/get-active-tasks2/${courseId}/${exercise.chapter_id}/${lessons.body.lesson_list[0].lesson_id}`, admin);
    const res = await get(`/get-my-help/${list.body.task_list[0].task_id}`, student);
    expect(res.status).toBe(403);
  });
});

describe('error report and activity', () => {
  it('stores a 3-500 character report; shorter or longer is refused', async () => {
    const task = tasks[1]!;
    expect((await seen('write-error-report', post('/write-error-report', { task_id: task.task_id, description: 'Typo in the question' }, student))).body).toEqual({ message: 'OK' });
    expect((await post('/write-error-report', { task_id: task.task_id, description: 'ab' }, student)).status).toBe(400);
    expect((await post('/write-error-report', { task_id: task.task_id, description: 'x'.repeat(501) }, student)).status).toBe(400);
  });

  it('lists the caller\u2019s own reports on a task, newest first, and nobody else\u2019s', async () => {
    const task = tasks[2]!;
    await post('/write-error-report', { task_id: task.task_id, description: 'First <b>report</b>' }, student);
    await post('/write-error-report', { task_id: task.task_id, description: 'Second report' }, student);
    await post('/write-error-report', { task_id: task.task_id, description: 'A teacher\u2019s report' }, teacher);
    const mine = await seen('get-my-error-reports', get(`/get-my-error-reports/${task.task_id}`, student));
    expect(mine.status).toBe(200);
    expect(mine.body.list.map((r: { description: string }) => r.description)).toEqual(['Second report', 'First report']);
    expect(mine.body.list[0].created_at >= mine.body.list[1].created_at).toBe(true);
    const theirs = await get(`/get-my-error-reports/${task.task_id}`, teacher);
    expect(theirs.body.list.map((r: { description: string }) => r.description)).toEqual(['A teacher\u2019s report']);
    expect((await get(`/get-my-error-reports/${tasks[3]!.task_id}`, student)).body).toEqual({ list: [] });
    expect((await get('/get-my-error-reports/99999999', student)).status).toBe(404);
    expect((await get('/get-my-error-reports/abc', student)).status).toBe(400);
    expect((await cloud.api(`/api/get-my-error-reports/${task.task_id}`)).status).toBe(401);
  });

  it('logs task open and close, and limits the rate per user', async () => {
    const entry = { action: 'open', object1: 'task', object1_value: tasks[0]!.task_id, object2: 'seconds', object2_value: 0, description: '' };
    expect((await seen('write-to-log2', post('/write-to-log2', entry, teacher))).body).toEqual({ message: 'OK' });
    let last = 200;
    for (let i = 0; i < 130 && last === 200; i++) last = (await post('/write-to-log2', entry, teacher)).status;
    expect(last).toBe(429);
  });
});

describe('nothing unearned reaches the learner', () => {
  it('walks every learner-facing response for types 1-7', async () => {
    // A fresh walk as a learner who has earned nothing on the second task of each type.
    const list = await seen('get-active-tasks2', get(`/get-active-tasks2/${courseId}/${chapterId}/${lessonId}`, student));
    const stored = allQuestionTypesLesson.tasks;
    const byId = new Map<number, { help: number; answer: number }>(
      list.body.task_list.map((t: { task_id: number; help_showed: number; answer_showed: number }) => [t.task_id, { help: t.help_showed, answer: t.answer_showed }]),
    );
    tasks.forEach((t, i) => {
      const source = stored[i]!;
      if (source.type === 1) return;
      const content = JSON.parse(source.html.en);
      const earned = byId.get(t.task_id)!;
      const everywhere: string[] = [];
      const inOwnEntry: string[] = [];
      if (!earned.help && content.help) everywhere.push(content.help);
      if (!earned.answer) {
        for (const a of content.answer_list ?? []) if (a.feedback) everywhere.push(a.feedback);
        if (source.type === 7) everywhere.push(content.code);
        if (source.type === 5 || source.type === 6) inOwnEntry.push('§§');
      }
      for (const { route, body } of learnerBodies.filter((b) => b.route === 'get-active-tasks2' || b.route === 'get-active-lessons2')) {
        const text = JSON.stringify(body);
        for (const s of everywhere) expect(text.includes(JSON.stringify(s).slice(1, -1)), `${s} leaked for task ${t.task_id} in ${route}`).toBe(false);
        const own = (body as { task_list?: Array<{ task_id: number; content: string; help: string }> }).task_list?.find((x) => x.task_id === t.task_id);
        if (own) for (const s of inOwnEntry) expect(own.content.includes(s) || own.help.includes(s), `${s} leaked for task ${t.task_id}`).toBe(false);
        // Short answer: no accepted answer is sent at all.
        if (own && source.type === 2) expect(JSON.parse(own.content).answer_list).toEqual([]);
      }
    });
    for (const { route, body } of learnerBodies) {
      const text = JSON.stringify(body);
      expect(text, route).not.toMatch(/"ratings"|"globals":"\{/);
      if (route === 'get-active-tasks2') {
        for (const task of (body as { task_list: Array<{ content: string; globals: string }> }).task_list) {
          expect(task.globals).toBe('');
          if (task.content.startsWith('{')) expect(Object.keys(JSON.parse(task.content)).every((k) => ['content', 'help', 'answer_list', 'gaps', 'options', 'codes'].includes(k))).toBe(true);
        }
      }
    }
    expect(learnerBodies.length).toBeGreaterThan(20);
    expect(demoCatalogue.length).toBeGreaterThan(0);
  });

  it('walks the program tasks (types 8-10): no author solution, tests, config or data files, unearned help', async () => {
    const lessons = await seen('get-active-lessons2', get(`/get-active-lessons2/${chapterId}`, student));
    const programs = lessons.body.lesson_list.find((l: { lesson_name: string }) => l.lesson_name === 'Programming tasks').lesson_id;
    const list = await seen('get-active-tasks2', get(`/get-active-tasks2/${courseId}/${chapterId}/${programs}`, student));
    const mine = list.body.task_list as Array<{ task_id: number; task_type_id: number; content: string; help: string; help_showed: number; answer_showed: number }>;
    expect(mine.map((t) => t.task_type_id)).toEqual(programmingLesson.tasks.map((t) => t.type));
    const bodies = learnerBodies.filter((b) => b.route === 'get-active-tasks2' || b.route === 'get-active-lessons2').map((b) => JSON.stringify(b.body));
    programmingLesson.tasks.forEach((source, i) => {
      const stored = JSON.parse(source.html.en) as {
        files: Array<{ aContent: string }>;
        testCases: string;
        configFiles: Array<{ content: string }>;
        filesToKeep: Array<{ content: string }>;
        help: string;
      };
      const secrets = [
        ...stored.files.map((f) => f.aContent),
        stored.testCases,
        ...stored.configFiles.map((f) => f.content),
        ...stored.filesToKeep.map((f) => f.content),
        ...(mine[i]!.help_showed ? [] : [stored.help]),
      ].filter((x) => x.trim().length > 8);
      expect(secrets.length).toBeGreaterThan(0);
      for (const text of bodies) for (const secret of secrets) expect(text.includes(JSON.stringify(secret).slice(1, -1)), `${secret.slice(0, 40)} leaked for task ${mine[i]!.task_id}`).toBe(false);
      expect(Object.keys(JSON.parse(mine[i]!.content)).sort()).toEqual(['assignment', 'files', 'help', 'title']);
    });
  });
});
