/**
 * HTML/CSS tasks (type 11; spec/2 §2.9, §3, §7; spec/3 §3, §5, §7): the system rules, a task saved in
 * two languages, the learner's view (rules and the requested file, never the author's solution), and
 * the evaluation, which re-checks the submitted page on the server and ignores any description.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ruleSkeleton, systemRuleText, type HtmlRulePart } from '@lectio/shared';
import { addTestUser, startTestCloud, type TestCloud } from './helpers';

let cloud: TestCloud;
let admin: string;
let student: string;
let other: string;
let courseId: number;
let chapterId: number;
let lessonId: number;
let taskId: number;

const get = (path: string, token?: string) => cloud.api(`/api${path}`, { token });
const post = (path: string, json: unknown, token: string) => cloud.api(`/api${path}`, { method: 'POST', json, token });

/** A rule's content in a language with the slots filled in its text's order. */
function rule(ruleId: number, lang: number, ...values: Array<string | number>): { rule_id: number; description: string; content: HtmlRulePart[] } {
  const queue = [...values];
  const content = ruleSkeleton(systemRuleText(ruleId, lang)).map((p) => ('t' in p ? { t: String(queue.shift()) } : 'n' in p ? { n: Number(queue.shift()) } : p));
  return { rule_id: ruleId, description: '', content };
}

const solution = '<!DOCTYPE html>\n<html><body><h1 class="title">Fruit</h1><ul><li>Apple</li><li>Pear</li><li>Plum</li></ul></body></html>';
const starter = '<!DOCTYPE html>\n<html><body><h1>Fruit</h1><ul><li>Apple</li></ul></body></html>';
const rules = (lang: number) => [rule(1, lang, '<li>', 3), rule(12, lang, 'h1', 'class='), rule(3, lang, '<table')];
const htmlTask = (lang: number, title: string) =>
  JSON.stringify({ title, assignment: '<p>Make a list of three fruits.</p>', requestedFile: starter, authorsFile: solution, help: '<p>Use li.</p>', rules_list: rules(lang) });

const evaluate = (page: string, extra: Record<string, unknown> = {}, token = student) =>
  post('/task-evaluate', { task_id: taskId, task_type_id: 11, time_length: 30, answer_list: JSON.stringify([page]), ...extra }, token);
const me = async () => (await get('/get-full-user-parameters', student)).body;

beforeAll(async () => {
  cloud = await startTestCloud('demo');
  courseId = cloud.seed.demoCourseId!;
  [admin, student] = await Promise.all([cloud.login('admin@example.com', 'admin-demo'), cloud.login('student@example.com', 'student-demo')]);
  other = await addTestUser(cloud, 'htmlother');
  const preview = await get(`/course-preview/${courseId}`, admin);
  chapterId = preview.body.info.chapterlist[1].chapter_id;
  lessonId = preview.body.info.chapterlist[1].lessons[0].lesson_id;
  const saved = await post(
    '/create-edit-task-all-lang',
    {
      lesson_id: lessonId,
      task_id: 0,
      task_type_id: 11,
      max_score: '20',
      globals: '',
      content_list: [
        { lang_id: 1, content: htmlTask(1, 'A list') },
        { lang_id: 2, content: htmlTask(2, 'Zoznam') },
      ],
    },
    admin,
  );
  expect(saved.status).toBe(200);
  taskId = saved.body.task_id;
});
afterAll(() => cloud?.stop());

describe('GET /get-html-rules', () => {
  it('answers the 12 system rules per language key with their slots', async () => {
    const res = await get('/get-html-rules', student);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['l1', 'l2', 'l3', 'l4', 'l5', 'l6', 'l7', 'l8']);
    expect(res.body.l1).toHaveLength(12);
    expect(res.body.l1[0]).toEqual({ id: 1, text: 'The page contains $$$$ at least #### times.' });
    expect(res.body.l2[2].text).toContain('$$$$');
  });

  it('refuses a caller who is not logged in', async () => {
    expect((await get('/get-html-rules')).status).toBe(401);
  });
});

describe('the learner', () => {
  it('sees the assignment, the requested file and the rules, never the author\u2019s solution', async () => {
    const list = await get(`/get-active-tasks2/${courseId}/${chapterId}/${lessonId}`, student);
    expect(list.status).toBe(200);
    const task = list.body.task_list.find((t: { task_id: number }) => t.task_id === taskId);
    const view = JSON.parse(task.content);
    expect(view).toMatchObject({ title: 'A list', requestedFile: starter, help: '' });
    expect(view.rules_list.map((r: { rule_id: number }) => r.rule_id)).toEqual([1, 12, 3]);
    expect(task.content).not.toContain('Plum');
    expect(JSON.stringify(list.body)).not.toContain('authorsFile');
  });

  it('is graded by the server\u2019s own check of the page: a description claiming every rule met changes nothing', async () => {
    const before = await me();
    const failing = await evaluate(starter, { description: JSON.stringify([true, true, true]) });
    expect(failing.status).toBe(200);
    expect(failing.body.result.rating).toBe(33.33);
    expect(failing.body.result.answers.map((a: { rating: number }) => a.rating)).toEqual([0, 0, 100]);
    expect(failing.body.result.answers[0].answer).toBe("The page contains '<li>' at least 3 times.");
    expect(failing.body.task).toMatchObject({ passed: 0, score: 6.67 });
    // The page itself sent as a 'description' is not read either.
    const tampered = await evaluate('<p>nothing</p>', { description: solution });
    expect(tampered.body.result.rating).toBe(33.33);

    const passing = await evaluate(solution.replace('Fruit', 'Fruits'));
    expect(passing.body.result.rating).toBe(100);
    expect(passing.body.task).toMatchObject({ passed: 1, score: 20, status: 'passed' });
    const after = await me();
    expect(after.performance.xp).toBeGreaterThan(before.performance.xp);
    expect(passing.body.user.performance.xp).toBe(after.performance.xp);
  });

  it('rejects bad input with 400 (never 500): a wrong type, a page over 100,000 characters, no answer', async () => {
    expect((await evaluate(starter, { task_type_id: 3 })).status).toBe(400);
    const long = await post('/task-evaluate2', { task_id: taskId, task_type_id: 11, answer_list: JSON.stringify(['x'.repeat(100_001)]) }, student);
    expect(long.status).toBe(400);
    expect((await post('/task-evaluate2', { task_id: taskId, task_type_id: 11 }, student)).status).toBe(400);
    // A malformed answer is an empty page: evaluated, not an error.
    const malformed = await post('/task-evaluate2', { task_id: taskId, task_type_id: 11, answer_list: '{"not":"a list"' }, student);
    expect(malformed.status).toBe(200);
    expect(malformed.body.result.rating).toBe(33.33);
  });

  it('refuses a caller who may not play the course: its teacher, a user who has not started it', async () => {
    const teacher = await cloud.login('teacher@example.com', 'teacher-demo');
    expect((await evaluate(solution, {}, teacher)).status).toBe(403);
    expect((await evaluate(solution, {}, other)).status).toBe(403);
  });
});
