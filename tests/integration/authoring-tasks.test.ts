/**
 * Task editors' server side (spec/2 §2.9, §3, §4, §5, §6, §8): create and save in all languages or
 * one, sanitising, max score rules, counts that follow, breadcrumbs, and the 30-minute edit lock
 * enforced by the server (a second author reads only, a save by anyone but the holder is refused,
 * an expired lock is free, refresh-lock answers 401/402/403).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { LOCKED_BY_OTHER, LOCK_EXPIRED, LOCK_NO_PERMISSION, LOCK_TAKEN_OVER, LOCK_TASK_DELETED, NO_EDIT_PERMISSION } from '@lectio/shared';
import { startTestCloud, type TestCloud } from './helpers';

let cloud: TestCloud;
let admin: string;
let author: string;
let translator: string;
let student: string;
let courseId: number;
let lessonId: number;

const get = (path: string, token: string) => cloud.api(`/api${path}`, { token });
const post = (path: string, json: unknown, token: string) => cloud.api(`/api${path}`, { method: 'POST', json, token });

async function account(email: string) {
  const { createUser } = await import('../../functions/src/accounts/users');
  const { hashPassword } = await import('../../functions/src/platform/auth/passwords');
  await createUser({
    email, password_hash: await hashPassword('secret-pw'), role_id: 1, name: 'Test', surname: 'Author', nickname: email.split('@')[0]!,
    yob: 1990, country_id: 703, pref_lang_id: 1, lang_id: 1, content_type_id: 1, theme_id: 1, groups: '', confirmed: true,
  });
  return cloud.login(email, 'secret-pw');
}

const question = (q: string, answers: string[]) =>
  JSON.stringify({ content: `<p>${q}</p><script>alert(1)</script>`, help: '<p>Think</p>', answer_list: answers.map((answer) => ({ answer, feedback: '' })) });

beforeAll(async () => {
  cloud = await startTestCloud('demo');
  courseId = cloud.seed.demoCourseId!;
  [admin, student] = await Promise.all([cloud.login('admin@example.com', 'admin-demo'), cloud.login('student@example.com', 'student-demo')]);
  [author, translator] = await Promise.all([account('author@example.com'), account('translator@example.com')]);
  await post('/grant-permission', { email: 'author@example.com', course_id: courseId, role_code: 'course_content_creator' }, admin);
  await post('/grant-permission', { email: 'translator@example.com', course_id: courseId, role_code: 'course_content_translator', language_id: 2 }, admin);
  const preview = await get(`/course-preview/${courseId}`, admin);
  lessonId = preview.body.info.chapterlist[1].lessons[0].lesson_id;
});
afterAll(() => cloud?.stop());

const createBody = (over: Record<string, unknown> = {}) => ({
  lesson_id: lessonId,
  task_id: 0,
  task_type_id: 3,
  max_score: '10',
  globals: JSON.stringify({ ratings: [100, 0], ignoreSpace: false, ignoreSeparators: false, caseSensitive: true, aqSome: false }),
  content_list: [
    { lang_id: 1, content: question('Pick one', ['yes', 'no']) },
    { lang_id: 2, content: question('Vyberte', ['áno', 'nie']) },
  ],
  ...over,
});

describe('create and save', () => {
  it('creates a task in two languages, sanitised, locked for its author; course counts follow', async () => {
    const before = (await get(`/get-active-chapters2/${courseId}`, admin)).body.detail_score.max_score_task;
    const res = await post('/create-edit-task-all-lang', createBody(), author);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ message: 'OK', task_id: expect.any(Number), task_order: expect.any(Number) });
    const task = await get(`/get-task-in-all-lang/${res.body.task_id}`, author);
    expect(task.body).toMatchObject({ message: 'OK', task_type_id: 3, max_score: '10', islocked: false, only_translation: 0, lesson_id: lessonId });
    expect(task.body.locked).toBeGreaterThan(1790);
    expect(task.body.list[0]).toMatchObject({ lang_id: 1, translated: 1, visible: 1, permissions: 1 });
    expect(task.body.list[2]).toMatchObject({ lang_id: 3, translated: 0 });
    expect(task.body.list[0].content).not.toContain('<script');
    expect(JSON.parse(task.body.list[1].content).answer_list[0].answer).toBe('áno');
    expect(task.body.brc).toMatchObject({ course: { id: courseId, name: 'Python basics' }, lesson: { id: lessonId } });
    const after = (await get(`/get-active-chapters2/${courseId}`, admin)).body.detail_score.max_score_task;
    expect(after).toBe(before + 10);
    await post('/unlock-task', { task_id: res.body.task_id }, author);
  });

  it('applies the max score rules of spec/2 §5', async () => {
    expect((await post('/create-edit-task-all-lang', createBody({ max_score: '1000' }), admin)).body.message).toBe('Out of size.');
    expect((await post('/create-edit-task-all-lang', createBody({ max_score: '0' }), admin)).status).toBe(400);
    const defaulted = await post('/create-edit-task-all-lang', createBody({ max_score: 'abc' }), admin);
    expect((await get(`/get-task-in-all-lang/${defaulted.body.task_id}`, admin)).body.max_score).toBe('10');
    const content = await post('/create-edit-task-all-lang', createBody({ task_type_id: 1, max_score: '7', content_list: [{ lang_id: 1, content: '<p>Read</p>' }] }), admin);
    expect((await get(`/get-task-in-all-lang/${content.body.task_id}`, admin)).body).toMatchObject({ max_score: '0', globals: '' });
  });

  it('refuses content that does not match its type, a missing lesson, and callers without rights', async () => {
    expect((await post('/create-edit-task-all-lang', createBody({ content_list: [{ lang_id: 1, content: '{"answer_list": 5}' }] }), admin)).status).toBe(400);
    expect((await post('/create-edit-task-all-lang', createBody({ lesson_id: 99999 }), admin)).body.message).toBe('Data about course and/or lesson is missing');
    const denied = await post('/create-edit-task-all-lang', createBody(), student);
    expect(denied.status).toBe(403);
    expect(denied.body.message).toBe(NO_EDIT_PERMISSION);
    expect((await post('/create-edit-task-all-lang', createBody(), translator)).status).toBe(403);
  });

  it('saves one language with edit-task; breadcrumbs and one-language reads', async () => {
    const created = await post('/create-edit-task-all-lang', createBody(), admin);
    const id = created.body.task_id;
    const saved = await post('/edit-task', { task_id: id, lesson_id: lessonId, task_type: 'T', task_type_id: 3, max_score: 10, content: question('Changed', ['a', 'b']), globals: createBody().globals, lang_id: 1, only_translation: 0 }, admin);
    expect(saved.body).toMatchObject({ message: 'OK', task_id: id });
    const one = await post(`/get-task/${id}`, { lang_id: 1 }, admin);
    expect(JSON.parse(one.body.element_list[0].content).content).toBe('<p>Changed</p>');
    expect(JSON.parse((await post(`/get-task/${id}`, { lang_id: 2 }, admin)).body.element_list[0].content).content).toBe('<p>Vyberte</p>');
    expect((await get(`/get-brc-for-task/${id}`, admin)).body).toMatchObject({ category: { name: 'Programming' }, area: { name: 'Python' }, chapter: { name: 'Variables and types' } });
    expect((await get(`/get-brc-for-task/${id}`, student)).status).toBe(403);
    await post('/unlock', { task_id: id }, admin);
  });
});

describe('edit locks', () => {
  let id: number;
  beforeAll(async () => {
    id = (await post('/create-edit-task-all-lang', createBody(), author)).body.task_id;
  });

  it('a second author opens read-only and cannot save or take the lock', async () => {
    const second = await get(`/get-task-in-all-lang/${id}`, admin);
    expect(second.body).toMatchObject({ islocked: true, locked: 0 });
    const save = await post('/create-edit-task-all-lang', createBody({ task_id: id }), admin);
    expect(save.status).toBe(409);
    expect(save.body.message).toBe(LOCKED_BY_OTHER);
    const refresh = await post('/refresh-lock', { task_id: id }, admin);
    expect(refresh.status).toBe(403);
    expect(refresh.body.message).toBe(LOCK_TAKEN_OVER);
  });

  it('the holder saves and renews; refresh answers 401 without rights and 402 for a deleted task', async () => {
    expect((await post('/create-edit-task-all-lang', createBody({ task_id: id }), author)).status).toBe(200);
    expect((await post('/refresh-lock2', { task_id: id }, author)).body).toEqual({ message: 'OK', countdown: 1800 });
    const denied = await post('/refresh-lock2', { task_id: id }, student);
    expect(denied.status).toBe(401);
    expect(denied.body.message).toBe(LOCK_NO_PERMISSION);
    const gone = await post('/refresh-lock2', { task_id: 999999 }, author);
    expect(gone.status).toBe(402);
    expect(gone.body.message).toBe(LOCK_TASK_DELETED);
    expect((await post('/refresh-lock2', { task_id: id }, admin)).status).toBe(403);
  });

  it('a lock expires by itself after 30 minutes; the old holder\u2019s save is then refused', async () => {
    const { db, table } = await import('../../functions/src/platform/db/client');
    const { keys } = await import('../../functions/src/platform/db/keys');
    await db.send(new UpdateCommand({ TableName: table(), Key: keys.task(courseId, id), UpdateExpression: 'SET lck_until = :past', ExpressionAttributeValues: { ':past': Math.floor(Date.now() / 1000) - 1 } }));
    const expired = await post('/create-edit-task-all-lang', createBody({ task_id: id }), author);
    expect(expired.status).toBe(409);
    expect(expired.body.message).toBe(LOCK_EXPIRED);
    const taken = await get(`/get-task-in-all-lang/${id}`, admin);
    expect(taken.body.islocked).toBe(false);
    expect((await post('/create-edit-task-all-lang', createBody({ task_id: id }), author)).body.message).toBe(LOCKED_BY_OTHER);
    await post('/unlock-task', { task_id: id }, author); // not the holder: nothing happens
    expect((await get(`/get-task-in-all-lang/${id}`, author)).body.islocked).toBe(true);
    await post('/unlock-task', { task_id: id }, admin);
    expect((await get(`/get-task-in-all-lang/${id}`, author)).body.islocked).toBe(false);
  });
});

describe('translators', () => {
  it('may save their own language only, and no object-level field', async () => {
    const id = (await post('/create-edit-task-all-lang', createBody(), admin)).body.task_id;
    await post('/unlock-task', { task_id: id }, admin);
    const open = await get(`/get-task-in-all-lang/${id}`, translator);
    expect(open.body).toMatchObject({ only_translation: 1, islocked: false });
    expect(open.body.list.map((l: { permissions: number }) => l.permissions)).toEqual([0, 1, 0, 0, 0, 0, 0, 0]);
    const body = (over: Record<string, unknown>) => ({ task_id: id, lesson_id: lessonId, task_type_id: 3, max_score: '10', globals: createBody().globals, only_translation: 1, ...over });
    expect((await post('/edit-task', body({ lang_id: 2, content: question('Vyberte jednu', ['áno', 'nie']) }), translator)).status).toBe(200);
    const english = await post('/edit-task', body({ lang_id: 1, content: question('Other', ['x', 'y']) }), translator);
    expect(english.status).toBe(403);
    expect((await post('/edit-task', body({ lang_id: 2, max_score: '20', content: question('Vyberte jednu', ['áno', 'nie']) }), translator)).status).toBe(403);
    expect(JSON.parse((await post(`/get-task/${id}`, { lang_id: 2 }, admin)).body.element_list[0].content).content).toBe('<p>Vyberte jednu</p>');
  });
});
