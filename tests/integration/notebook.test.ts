/**
 * Notebook tasks (issue 25 items 1 and 5; spec/3 §3, §4, §7 "Notebook cell codes", §9): the learner's view
 * of 12-15 (cells, options in the learner's order, never a rating, feedback or accepted text), the
 * evaluation of 13-15 on the server as types 2-4, and the code versions of cells (`/save-xread-codes`,
 * `/get-xread-codes`, `/get-xread-codes-version`): version 0 the original, 'bound' past either end, only
 * the caller's own codes of a course they started, bad input 400.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIN_CONTENT_COMPONENT } from '@lectio/shared';
import { addTestUser, startTestCloud, type TestCloud } from './helpers';

let cloud: TestCloud;
let admin: string;
let student: string;
let other: string;
let courseId: number;
let chapterId: number;
let lessonId: number;
let userCourseId: number;
const ids = { 12: 0, 13: 0, 14: 0, 15: 0 };
type NbType = keyof typeof ids;

const get = (path: string, token?: string) => cloud.api(`/api${path}`, { token });
const post = (path: string, json: unknown, token: string) => cloud.api(`/api${path}`, { method: 'POST', json, token });

const cells = (lang: string) => [
  { cell_type: 'markdown', source: [`# ${lang} "notebook"\n`, 'Read <img src=x onerror="alert(1)"> this.'], outputs: [], execution_count: null, metadata: {} },
  { cell_type: 'code', source: ['x = 6 * 7\n', 'print(x)'], outputs: [{ atype: 'text', output: '42\n' }], execution_count: 1, metadata: {} },
  { cell_type: 'editor', source: ['<p>Rich</p><script>alert(1)</script>'], outputs: [], execution_count: null, metadata: {} },
];
const quiz = (lang: string) =>
  JSON.stringify({
    cells: cells(lang),
    help: '<p>Multiply.</p>',
    answer_list: [
      { answer: 'FORTY-TWO-RIGHT', feedback: 'FEEDBACK-RIGHT' },
      { answer: 'WRONG-ONE', feedback: 'FEEDBACK-WRONG' },
      { answer: 'WRONG-TWO', feedback: '' },
    ],
  });
const ratings: Record<NbType, number[]> = { 12: [], 13: [100, 0, 0], 14: [100, 0, 0], 15: [100, -50, -50] };

async function createTask(type: NbType) {
  const globals = JSON.stringify({ ratings: type === 12 ? [] : ratings[type], ignoreSpace: false, ignoreSeparators: false, caseSensitive: false, aqSome: false });
  const content = (lang: string) => (type === 12 ? JSON.stringify(cells(lang)) : quiz(lang));
  const saved = await post(
    '/create-edit-task-all-lang',
    { lesson_id: lessonId, task_id: 0, task_type_id: type, max_score: type === 12 ? '0' : '10', globals, content_list: [{ lang_id: 1, content: content('en') }, { lang_id: 2, content: content('sk') }] },
    admin,
  );
  expect(saved.status).toBe(200);
  return saved.body.task_id as number;
}

const evaluate = (type: NbType, answer: unknown[], token = student) =>
  post('/task-evaluate', { task_id: ids[type], task_type_id: type, time_length: 10, answer_list: JSON.stringify(answer) }, token);
const where = (extra: Record<string, unknown> = {}) => ({ user_course_id: userCourseId, task_id: ids[12], component_id: MAIN_CONTENT_COMPONENT, ...extra });

beforeAll(async () => {
  cloud = await startTestCloud('demo');
  courseId = cloud.seed.demoCourseId!;
  [admin, student] = await Promise.all([cloud.login('admin@example.com', 'admin-demo'), cloud.login('student@example.com', 'student-demo')]);
  other = await addTestUser(cloud, 'nbother');
  const preview = await get(`/course-preview/${courseId}`, admin);
  chapterId = preview.body.info.chapterlist[0].chapter_id;
  lessonId = preview.body.info.chapterlist[0].lessons[0].lesson_id;
  for (const type of [12, 13, 14, 15] as const) ids[type] = await createTask(type);
  userCourseId = (await get(`/get-active-lessons2/${chapterId}`, student)).body.user_course_id;
  expect(Number.isInteger(userCourseId)).toBe(true);
});
afterAll(() => cloud?.stop());

describe('saving notebook tasks', () => {
  it('keeps the cells as JSON (markdown as written, sanitised where rendered) and sanitises rich-text cells', async () => {
    const saved = await get(`/get-task-in-all-lang/${ids[12]}`, admin);
    const cellsEn = JSON.parse(saved.body.list.find((l: { lang_id: number }) => l.lang_id === 1).content);
    expect(cellsEn[0].source).toEqual(['# en "notebook"\n', 'Read <img src=x onerror="alert(1)"> this.']);
    expect(cellsEn[2].source.join('')).not.toContain('<script');
    expect(cellsEn[2].source.join('')).toContain('Rich');
  });

  it('refuses content that is not notebook cells with 400', async () => {
    const bad = await post('/create-edit-task-all-lang', { lesson_id: lessonId, task_id: 0, task_type_id: 12, max_score: '0', globals: '', content_list: [{ lang_id: 1, content: '[{"cell_type": 5}]' }] }, admin);
    expect(bad.status).toBe(400);
  });
});

describe('the learner\u2019s view of notebook tasks', () => {
  it('sends the cells and, for 14 and 15, the options without ratings, feedback or the accepted text of 13', async () => {
    const list = await get(`/get-active-tasks2/${courseId}/${chapterId}/${lessonId}`, student);
    expect(list.status).toBe(200);
    const byId = (id: number) => list.body.task_list.find((t: { task_id: number }) => t.task_id === id);
    const reading = JSON.parse(byId(ids[12]).content);
    expect(reading.cells[1].source).toEqual(['x = 6 * 7\n', 'print(x)']);
    const short = byId(ids[13]);
    expect(JSON.parse(short.content).answer_list).toEqual([]);
    expect(short.content).not.toContain('FORTY-TWO-RIGHT');
    const multi = byId(ids[15]);
    const options = JSON.parse(multi.content).answer_list.map((a: { answer: string }) => a.answer);
    expect(options.sort()).toEqual(['FORTY-TWO-RIGHT', 'WRONG-ONE', 'WRONG-TWO']);
    for (const t of [short, byId(ids[14]), multi]) {
      expect(t.content).not.toContain('FEEDBACK');
      expect(t.content).not.toContain('Multiply');
      expect(t.globals).toBe('');
      expect(JSON.stringify(t)).not.toContain('ratings');
    }
  });
});

describe('POST /task-evaluate for notebook quizzes 13-15', () => {
  it('scores 13 as a short answer', async () => {
    const wrong = await evaluate(13, ['wrong-one']);
    expect(wrong.status).toBe(200);
    expect(wrong.body.result.rating).toBe(0);
    const right = await evaluate(13, ['forty-two-right']);
    expect(right.body.result.rating).toBe(100);
    expect(right.body.task).toMatchObject({ passed: 1, score: 10 });
  });

  it('scores 14 and 15 by the learner\u2019s order, returning only the chosen options\u2019 marks', async () => {
    const list = await get(`/get-active-tasks2/${courseId}/${chapterId}/${lessonId}`, student);
    const optionsOf = (type: NbType) =>
      JSON.parse(list.body.task_list.find((t: { task_id: number }) => t.task_id === ids[type]).content).answer_list.map((a: { answer: string }) => a.answer) as string[];
    const single = optionsOf(14);
    const wrong = await evaluate(14, [single.indexOf('WRONG-ONE')]);
    expect(wrong.body.result.rating).toBe(0);
    expect(JSON.stringify(wrong.body)).not.toContain('FORTY-TWO-RIGHT');
    const right = await evaluate(14, [single.indexOf('FORTY-TWO-RIGHT')]);
    expect(right.body.result.rating).toBe(100);
    const multi = optionsOf(15);
    const half = await evaluate(15, [multi.indexOf('FORTY-TWO-RIGHT'), multi.indexOf('WRONG-TWO')]);
    expect(half.body.result.rating).toBe(50);
    expect(half.body.result.answers.map((a: { answer: string }) => a.answer).sort()).toEqual(['FORTY-TWO-RIGHT', 'WRONG-TWO']);
    expect((await evaluate(15, [multi.indexOf('FORTY-TWO-RIGHT')])).body.result.rating).toBe(100);
  });

  it('rejects a type that does not match and refuses a user who has not started the course', async () => {
    expect((await post('/task-evaluate', { task_id: ids[14], task_type_id: 15, time_length: 1, answer_list: '[0]' }, student)).status).toBe(400);
    expect((await evaluate(14, [0], other)).status).toBe(403);
    // A reading notebook (12) is not evaluated: it passes on viewing.
    expect((await post('/task-evaluate', { task_id: ids[12], task_type_id: 12, time_length: 1, answer_list: '[]' }, student)).status).toBe(400);
    expect((await post('/set-passed-tasks-content2', { user_course_id: userCourseId, task_id: ids[12] }, student)).body.message).toBe('OK');
  });
});

describe('notebook cell codes (xread)', () => {
  it('saves versions, reads the newest, steps back to the original and forward, and answers bound past the ends', async () => {
    expect((await post('/get-xread-codes', where(), student)).body).toEqual({ message: 'OK', codes: [] });
    expect((await post('/save-xread-codes', where({ index: 1, content: 'print(1)' }), student)).body).toEqual({ message: 'OK' });
    expect((await post('/save-xread-codes', where({ index: 1, content: 'print(2)' }), student)).body).toEqual({ message: 'OK' });
    // An unchanged code adds no version.
    await post('/save-xread-codes', where({ index: 1, content: 'print(2)' }), student);
    const codes = await post('/get-xread-codes', where(), student);
    expect(codes.status).toBe(200);
    expect(codes.body.codes).toEqual([{ index: 1, code: 'print(2)', version: 2 }]);
    const step = (current_version: number, direction: number) => post('/get-xread-codes-version', where({ index: 1, current_version, direction }), student);
    expect((await step(2, -1)).body).toEqual({ message: 'OK', codes: [{ code: 'print(1)', version: 1 }] });
    expect((await step(1, -1)).body).toEqual({ message: 'OK', codes: [{ code: 'x = 6 * 7\nprint(x)', version: 0 }] });
    expect((await step(0, -1)).body).toEqual({ message: 'bound', codes: [] });
    expect((await step(0, 1)).body.codes[0]).toEqual({ code: 'print(1)', version: 1 });
    expect((await step(2, 1)).body).toEqual({ message: 'bound', codes: [] });
  });

  it('refuses another user\u2019s course and a user who has not started the course; the codes stay the caller\u2019s', async () => {
    expect((await post('/get-xread-codes', where(), other)).status).toBe(403);
    expect((await post('/save-xread-codes', where({ index: 1, content: 'evil' }), other)).status).toBe(403);
    expect((await post('/get-xread-codes', where({ user_course_id: userCourseId + 1 }), student)).status).toBe(403);
    expect((await post('/get-xread-codes', where(), student)).body.codes[0].code).toBe('print(2)');
    expect((await cloud.api('/api/get-xread-codes', { method: 'POST', json: where() })).status).toBe(401);
  });

  it('rejects bad input with 400, never 500', async () => {
    const bad = [
      where({ index: -1, content: 'x' }),
      where({ index: 1, content: 'x'.repeat(100_001) }),
      where({ index: 1 }),
      where({ task_id: 'one', index: 1, content: 'x' }),
      where({ component_id: 1.5, index: 1, content: 'x' }),
    ];
    for (const body of bad) expect((await post('/save-xread-codes', body, student)).status).toBe(400);
    expect((await post('/get-xread-codes-version', where({ index: 1, current_version: 1, direction: 0 }), student)).status).toBe(400);
    expect((await post('/get-xread-codes-version', where({ index: 1, current_version: -1, direction: 1 }), student)).status).toBe(400);
    // A task that is not a notebook.
    expect((await post('/get-xread-codes', where({ task_id: ids[13] + 1000 }), student)).status).toBe(404);
  });
});
