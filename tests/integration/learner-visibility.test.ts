/**
 * Learners see only what is visible, and help costs nothing where there is none (issue 18), through
 * the student's API on DynamoDB Local: a task hidden in every language, the tasks of a hidden lesson
 * and of a hidden chapter are neither listed, served nor scored (404, no XP); buying the help of a
 * task whose help is empty is refused with a clear message and no coin moves.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { CHAPTER_HIDDEN, LESSON_HIDDEN, NO_HELP, TASK_HIDDEN } from '@lectio/shared';
import { eventually, learnerTasks, startTestCloud, type TestCloud } from './helpers';
import { catalogueKeys } from '../../functions/src/catalogue/keys';

let cloud: TestCloud;
let admin: string;
let student: string;
let courseId: number;
let chapterId: number;
let lessonId: number;
let hiddenLessonId: number;
const ids: Record<'shown' | 'hidden' | 'noHelp' | 'inHiddenLesson' | 'halfHidden', number> = { shown: 0, hidden: 0, noHelp: 0, inHiddenLesson: 0, halfHidden: 0 };

const get = (path: string, token: string) => cloud.api(`/api${path}`, { token });
const post = (path: string, json: unknown, token: string) => cloud.api(`/api${path}`, { method: 'POST', json, token });
const me = async () => (await get('/get-full-user-parameters', student)).body.performance as { xp: number; coins: number };

const choice = (help: string) => JSON.stringify({ content: '<p>Pick yes</p>', help, answer_list: [{ answer: 'yes', feedback: '' }, { answer: 'no', feedback: '' }] });
const globals = JSON.stringify({ ratings: [100, 0], ignoreSpace: false, ignoreSeparators: false, caseSensitive: true, aqSome: false });

async function addTask(lesson: number, help: string, visible: { en: number; sk: number }) {
  const res = await post(
    '/create-edit-task-all-lang',
    { lesson_id: lesson, task_id: 0, task_type_id: 3, max_score: '10', globals, content_list: [{ lang_id: 1, content: choice(help), visible: visible.en }, { lang_id: 2, content: choice(help), visible: visible.sk }] },
    admin,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.task_id as number;
}

/** An answer (the learner's first option): only whether it is scored matters here. */
const evaluate = (taskId: number) =>
  post('/task-evaluate2', { task_id: taskId, task_type_id: 3, time_length: 5, answer_list: JSON.stringify([0]), activity_type: 1 }, student);

beforeAll(async () => {
  cloud = await startTestCloud('demo');
  [admin, student] = await Promise.all([cloud.login('admin@example.com', 'admin-demo'), cloud.login('student@example.com', 'student-demo')]);
  courseId = cloud.seed.demoCourseId!;
  const page = await get(`/get-active-chapters2/${courseId}`, student);
  chapterId = page.body.chapter_list.find((c: { chapter_type: number; active: boolean }) => c.chapter_type === 1 && c.active).chapter_id;
  const lesson = async (name: string) => (await post('/edit-lesson', { lesson_id: 0, chapter_id: chapterId, lesson_name: name, lang_id: 1 }, admin)).body.id as number;
  lessonId = await lesson('Visibility');
  hiddenLessonId = await lesson('Hidden lesson');
  ids.shown = await addTask(lessonId, '<p>Answer yes</p>', { en: 1, sk: 1 });
  ids.halfHidden = await addTask(lessonId, '<p>Answer yes</p>', { en: 0, sk: 1 });
  ids.hidden = await addTask(lessonId, '<p>Answer yes</p>', { en: 0, sk: 0 });
  ids.noHelp = await addTask(lessonId, '<p></p><p>&nbsp;</p>', { en: 1, sk: 1 });
  ids.inHiddenLesson = await addTask(hiddenLessonId, '<p>Answer yes</p>', { en: 1, sk: 1 });
  // The lesson is hidden in its only language.
  expect((await post('/edit-lesson', { lesson_id: hiddenLessonId, chapter_id: chapterId, lesson_name: 'Hidden lesson', lang_id: 1, visibility: 0 }, admin)).status).toBe(200);
  // Enough coins for a purchase.
  const { db, table } = await import('../../functions/src/platform/db/client');
  const { accountKeys } = await import('../../functions/src/accounts/keys');
  await db.send(new UpdateCommand({ TableName: table(), Key: accountKeys.user(cloud.seed.accounts.student!), UpdateExpression: 'SET coins = :c', ExpressionAttributeValues: { ':c': 500 } }));
});
afterAll(() => cloud?.stop());

describe('learners see only what is visible', () => {
  it('a task hidden in every language is not listed, served nor scored; one shown in some language is', async () => {
    const list = await get(`/get-active-tasks2/${courseId}/${chapterId}/${lessonId}`, student);
    expect(list.status).toBe(200);
    expect(list.body.task_list.map((t: { task_id: number }) => t.task_id)).toEqual([ids.shown, ids.halfHidden, ids.noHelp]);
    const before = await me();
    const refused = await evaluate(ids.hidden);
    expect(refused.status).toBe(404);
    expect(refused.body.message).toBe(TASK_HIDDEN);
    expect((await get(`/get-my-help/${ids.hidden}`, student)).status).toBe(404);
    expect((await get(`/get-my-answer/${ids.hidden}`, student)).status).toBe(404);
    expect((await me()).xp).toBe(before.xp);
    expect((await me()).coins).toBe(before.coins);
    expect((await evaluate(ids.halfHidden)).status).toBe(200);
    // The administrator previews it still.
    expect((await get(`/get-active-tasks2/${courseId}/${chapterId}/${lessonId}`, admin)).body.task_list.map((t: { task_id: number }) => t.task_id)).toContain(ids.hidden);
  });

  it('the tasks of a hidden lesson are not listed, served nor scored', async () => {
    const lessons = await get(`/get-active-lessons2/${chapterId}`, student);
    expect(lessons.body.lesson_list.map((l: { lesson_id: number }) => l.lesson_id)).not.toContain(hiddenLessonId);
    const tasks = await get(`/get-active-tasks2/${courseId}/${chapterId}/${hiddenLessonId}`, student);
    expect(tasks.status).toBe(404);
    expect(tasks.body.message).toBe(LESSON_HIDDEN);
    const before = await me();
    const refused = await eventually(() => evaluate(ids.inHiddenLesson), (r) => r.status === 404);
    expect(refused.body.message).toBe(TASK_HIDDEN);
    expect((await me()).xp).toBe(before.xp);
  });

  it('the tasks of a hidden chapter are not served nor scored; shown again, they are', async () => {
    const { db, table } = await import('../../functions/src/platform/db/client');
    const setVisible = (visible: Record<string, number>) =>
      db.send(new UpdateCommand({ TableName: table(), Key: catalogueKeys.chapter(courseId, chapterId), UpdateExpression: 'SET visible = :v', ExpressionAttributeValues: { ':v': visible } }));
    await setVisible({ '1': 0, '2': 0 });
    try {
      const lessons = await get(`/get-active-lessons2/${chapterId}`, student);
      expect(lessons.status).toBe(404);
      expect(lessons.body.message).toBe(CHAPTER_HIDDEN);
      expect((await get(`/get-active-tasks2/${courseId}/${chapterId}/${lessonId}`, student)).body.message).toBe(CHAPTER_HIDDEN);
      const refused = await eventually(() => evaluate(ids.shown), (r) => r.status === 404);
      expect(refused.body.message).toBe(TASK_HIDDEN);
    } finally {
      await setVisible({ '1': 1, '2': 1 });
    }
    expect((await eventually(() => evaluate(ids.shown), (r) => r.status === 200)).status).toBe(200);
  });
});

describe('a hidden program task is neither run, graded nor saved', () => {
  it('the judge refuses a run, an evaluation, loading and saving code of a task hidden in every language', async () => {
    // the demo's first program task (its chapter may still be locked for the student: hidden comes first)
    const program = (await learnerTasks(cloud, admin, courseId)).find((t) => t.task_type_id === 8)!;
    const { db, table } = await import('../../functions/src/platform/db/client');
    const key = catalogueKeys.task(courseId, program.task_id);
    const setVisible = (visible: Record<string, number>) =>
      db.send(new UpdateCommand({ TableName: table(), Key: key, UpdateExpression: 'SET visible = :v', ExpressionAttributeValues: { ':v': visible } }));
    const files = JSON.stringify([{ filename: 'sum.py', filecontent: 'print(1)\n' }]);
    const run = (exe_type: number) => post('/vpl-run-test3', { task_id: program.task_id, exe_type, submitted_files: files }, student);
    await setVisible({ '1': 0, '2': 0 });
    try {
      const before = await me();
      for (const exe of [0, 1]) {
        const refused = await eventually(() => run(exe), (r) => r.status === 404);
        expect(refused.body.message).toBe(TASK_HIDDEN);
      }
      expect((await post(`/load-program3/${program.task_id}`, {}, student)).status).toBe(404);
      expect((await post('/save-program3', { task_id: program.task_id, files }, student)).status).toBe(404);
      expect((await me()).xp).toBe(before.xp);
    } finally {
      await setVisible({ '1': 1, '2': 1 });
    }
    const shownAgain = await eventually(() => run(0), (r) => r.body.message !== TASK_HIDDEN);
    expect(shownAgain.body.message).not.toBe(TASK_HIDDEN);
  });
});

describe('help costs nothing where there is none', () => {
  it('the list says which tasks have help, never the help itself', async () => {
    const list = (await get(`/get-active-tasks2/${courseId}/${chapterId}/${lessonId}`, student)).body.task_list as Array<{ task_id: number; has_help: number; help: string }>;
    const of = (id: number) => list.find((t) => t.task_id === id)!;
    expect(of(ids.noHelp)).toMatchObject({ has_help: 0, help: '' });
    expect(of(ids.halfHidden)).toMatchObject({ has_help: 1, help: '' });
  });

  it('buying empty help is refused with a clear message and costs nothing; real help is charged', async () => {
    const before = await me();
    const refused = await get(`/get-my-help/${ids.noHelp}`, student);
    expect(refused.status).toBe(404);
    expect(refused.body).toMatchObject({ message: NO_HELP, code: 'task_no_help' });
    expect((await me()).coins).toBe(before.coins);
    const bought = await get(`/get-my-help/${ids.halfHidden}`, student);
    expect(bought.status).toBe(200);
    expect(bought.body).toMatchObject({ help: '<p>Answer yes</p>', user: { performance: { coins: before.coins - 10 } } });
  });
});
