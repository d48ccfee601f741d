/**
 * Authoring on DynamoDB Local (spec/2 §2.2-§2.7, §5, §6, issue 10): chapter and lesson forms, course
 * admin content, list editors, the task list, permissions of every role, conditional swaps, cascading
 * deletes, the book and course export/import.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTestUser, startTestCloud, type TestCloud } from './helpers';

let cloud: TestCloud;
let admin: string;
let student: string;
let courseId: number;
let areaId: number;
const tokens: Record<string, string> = {};

const get = (path: string, token: string) => cloud.api(`/api${path}`, { token });
const post = (path: string, json: unknown, token: string) => cloud.api(`/api${path}`, { method: 'POST', json, token });
const DENIED = "You don't have a permission to edit this content.";

async function addUser(nickname: string) {
  tokens[nickname] = await addTestUser(cloud, nickname);
}

const grant = (nickname: string, role_code: string, language_id = 0, sub_obj_id = 0, course = courseId) =>
  post('/grant-permission', { email: `${nickname}@example.com`, course_id: course, role_code, language_id, sub_obj_id }, admin);

beforeAll(async () => {
  cloud = await startTestCloud('demo');
  [admin, student] = await Promise.all([cloud.login('admin@example.com', 'admin-demo'), cloud.login('student@example.com', 'student-demo')]);
  courseId = cloud.seed.demoCourseId!;
  for (const n of ['creator', 'translator', 'chaptercreator', 'chaptertranslator', 'stranger']) await addUser(n);
  expect((await grant('creator', 'course_content_creator')).status).toBe(200);
  expect((await grant('translator', 'course_content_translator', 2)).status).toBe(200);
  const admin0 = await get(`/course-admin-content/${courseId}`, admin);
  areaId = admin0.body.area.id;
});
afterAll(() => cloud?.stop());

const newChapter = (extra: Record<string, unknown> = {}, token = admin) =>
  post(
    '/create-edit-chapter-all-lang',
    { chapter_id: 0, course_id: courseId, chapter_type: 1, content_list: [{ lang_id: 1, content: 'New chapter' }, { lang_id: 2, content: 'Nová kapitola' }], ...extra },
    token,
  );
const newLesson = (chapterId: number, name = 'New lesson', token = admin) =>
  post('/create-edit-lesson-all-lang', { lesson_id: 0, chapter_id: chapterId, content_list: [{ lang_id: 1, content: name }, { lang_id: 2, content: `${name} sk` }] }, token);
const tasksOf = async (lessonId: number, token = admin) => (await post(`/get-task-preview-list/${lessonId}`, { lang_id: 1 }, token)).body.element_list as Array<{ id: number; order: number; type_id: number; max_score: number }>;

describe('chapter and lesson forms', () => {
  it('creates a competition with windows and key, and reads it back in all languages', async () => {
    const res = await newChapter({
      chapter_type: 2,
      comp_key: 'secret',
      time_limit: '1200',
      check_OB: 1,
      check_OE: 1,
      open_begin: '2026-11-22 08:00:00',
      open_end: '2026-11-29 20:00:00',
      icon: 'data:image/svg+xml;base64,PHN2Zy8+',
      icon2: 'data:image/png;base64,iVBORw0KGgo=',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const back = await get(`/get-chapter-in-all-lang/${res.body.id}`, admin);
    expect(back.body).toMatchObject({
      chapter_type: 2,
      comp_key: 'secret',
      time_limit: 1200,
      check_OB: 1,
      check_OE: 1,
      check_RB: 0,
      open_begin: '2026-11-22 08:00:00',
      icon: 'data:image/svg+xml;base64,PHN2Zy8+',
      icon2: 'data:image/png;base64,iVBORw0KGgo=',
      list: [
        { lang_id: 1, content: 'New chapter' },
        { lang_id: 2, content: 'Nová kapitola' },
      ],
    });
  });

  it('stores a window set at 14:00 in UTC+1 as 13:00 UTC, with its instant beside the string (issue 19)', async () => {
    // Prepare: what the chapter form sends for 14:00 typed by an author in Europe/Prague in winter
    const { db, table } = await import('../../functions/src/platform/db/client');
    const { catalogueKeys } = await import('../../functions/src/catalogue/keys');
    const { GetCommand } = await import('@aws-sdk/lib-dynamodb');
    const { specTimeFromWallClock } = await import('@lectio/shared');
    const openEnd = specTimeFromWallClock('2026-11-29', 14, 0, 'Europe/Prague');
    // Act
    const res = await newChapter({ chapter_type: 2, check_OE: 1, open_end: openEnd });
    // Assess: the API keeps the spec string; the item also holds the close instant, 13:00 UTC
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await get(`/get-chapter-in-all-lang/${res.body.id}`, admin)).body).toMatchObject({ open_end: '2026-11-29 13:00:00', open_begin: null });
    const stored = await db.send(new GetCommand({ TableName: table(), Key: catalogueKeys.chapter(courseId, res.body.id), ConsistentRead: true }));
    expect(stored.Item).toMatchObject({ open_end: '2026-11-29 13:00:00', open_end_ms: Date.UTC(2026, 10, 29, 13, 0, 0), open_begin_ms: null });
  });

  it('defaults the time limit to 3600 and refuses a non-numeric one with the spec text, saving nothing', async () => {
    const ok = await newChapter({ chapter_type: 2 });
    expect((await get(`/get-chapter-in-all-lang/${ok.body.id}`, admin)).body.time_limit).toBe(3600);
    const before = (await get(`/course-admin-content/${courseId}`, admin)).body.chapterlist.length;
    const bad = await newChapter({ chapter_type: 2, time_limit: '12x' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Invalid number in time limit field');
    expect((await get(`/course-admin-content/${courseId}`, admin)).body.chapterlist.length).toBe(before);
  });

  it('validates names, images, dates and ids (400, nothing saved)', async () => {
    expect((await newChapter({ content_list: [{ lang_id: 1, content: '' }] })).status).toBe(409);
    expect((await newChapter({ icon: 'data:image/png;base64,xx' })).status).toBe(400);
    expect((await newChapter({ open_begin: '22.11.2026' })).status).toBe(400);
    expect((await newChapter({ chapter_type: 7 })).status).toBe(400);
    expect((await post('/create-edit-lesson-all-lang', { lesson_id: 0, chapter_id: 'x', content_list: [] }, admin)).status).toBe(400);
    expect((await get('/get-chapter-in-all-lang/abc', admin)).status).toBe(400);
    expect((await get('/get-chapter-in-all-lang/999999', admin)).status).toBe(404);
  });

  it('creates a lesson, edits it, and moves it to another chapter with its counts', async () => {
    const a = await newChapter();
    const b = await newChapter();
    const lesson = await newLesson(a.body.id, 'Movable');
    expect(lesson.status).toBe(200);
    const back = await get(`/get-lesson-in-all-lang/${lesson.body.id}`, admin);
    expect(back.body).toMatchObject({ chapter_id: a.body.id, course_id: courseId, list: [{ lang_id: 1, content: 'Movable' }, { lang_id: 2, content: 'Movable sk' }] });
    const moved = await post('/create-edit-lesson-all-lang', { lesson_id: lesson.body.id, chapter_id: b.body.id, content_list: [{ lang_id: 1, content: 'Moved' }] }, admin);
    expect(moved.status).toBe(200);
    const content = await get(`/course-admin-content/${courseId}`, admin);
    const chapterB = content.body.chapterlist.find((c: { chapter_id: number }) => c.chapter_id === b.body.id);
    expect(chapterB.lessons).toEqual([expect.objectContaining({ lesson_id: lesson.body.id, lesson: 'Moved' })]);
  });
});

describe('course admin content', () => {
  it('lists every chapter and lesson with counts; untranslated names are empty', async () => {
    const ch = await post('/create-edit-chapter-all-lang', { chapter_id: 0, course_id: courseId, content_list: [{ lang_id: 2, content: 'Len po slovensky' }] }, admin);
    const res = await get(`/course-admin-content/${courseId}`, admin);
    expect(res.status).toBe(200);
    const first = res.body.chapterlist[0];
    expect(first).toMatchObject({ name: 'Getting started', chapter_type: 1 });
    expect(first.lessons[1]).toMatchObject({ lesson: 'Your first program', contents: 2, tasks: 0 });
    expect(res.body.chapterlist.find((c: { chapter_id: number }) => c.chapter_id === ch.body.id).name).toBe('');
  });

  it('swaps neighbours with the orders seen; a stale swap answers 409 and changes nothing', async () => {
    const list = (await get(`/course-admin-content/${courseId}`, admin)).body.chapterlist;
    const [a, b] = list;
    const swap = { chapter_id1: a.chapter_id, chapter_order1: a.chapter_order, chapter_id2: b.chapter_id, chapter_order2: b.chapter_order };
    expect((await post('/chapter-change-order', swap, admin)).body).toEqual({ message: 'OK' });
    expect((await post('/chapter-change-order', swap, admin)).status).toBe(409);
    const after = (await get(`/course-admin-content/${courseId}`, admin)).body.chapterlist;
    expect(after.slice(0, 2).map((c: { chapter_id: number }) => c.chapter_id)).toEqual([b.chapter_id, a.chapter_id]);
    await post('/chapter-change-order', { ...swap, chapter_order1: b.chapter_order, chapter_order2: a.chapter_order }, admin);
    const lessons = after.find((c: { chapter_id: number }) => c.chapter_id === a.chapter_id).lessons;
    const lswap = { lesson_id1: lessons[0].lesson_id, lesson_order1: lessons[0].lesson_order, lesson_id2: lessons[1].lesson_id, lesson_order2: lessons[1].lesson_order };
    expect((await post('/lesson-change-order', lswap, admin)).body).toEqual({ message: 'OK' });
    expect((await post('/lesson-change-order', lswap, admin)).status).toBe(409);
    await post('/lesson-change-order', { ...lswap, lesson_order1: lswap.lesson_order2, lesson_order2: lswap.lesson_order1 }, admin);
  });
});

describe('list editors', () => {
  it('lists chapters in every language with the caller\u2019s permissions and chapter types', async () => {
    const res = await post(`/get-chapter-list/${courseId}`, { lang_id: 1 }, admin);
    expect(res.status).toBe(200);
    expect(res.body.permissions.list).toEqual([{ role_code: 'admin', language_id: 0, sub_obj_id: 0 }]);
    expect(res.body.chapter_types).toEqual([
      { id: 0, name: 'chapter' },
      { id: 1, name: 'exercise' },
      { id: 2, name: 'competition' },
    ]);
    expect(res.body.brc.course).toEqual({ id: courseId, name: 'Python basics' });
    const first = res.body.element_list[0];
    expect(first.translations).toHaveLength(8);
    expect(first.translations[1]).toEqual({ lang_id: 2, name: 'Začíname', visible: 1 });
    const exercise = res.body.element_list.find((e: { type_name: string }) => e.type_name === 'exercise');
    expect(exercise.type_id).toBe(1);
  });

  it('adds a chapter with defaults (type 1, visibility 1), translates it and hides a language', async () => {
    const add = await post('/edit-chapter', { chapter_id: 0, course_id: courseId, chapter_name: 'Added', lang_id: 1 }, admin);
    expect(add.body).toMatchObject({ message: 'OK', id: expect.any(Number), order: expect.any(Number), icon: '' });
    const sk = await post('/edit-chapter', { chapter_id: add.body.id, course_id: courseId, chapter_name: 'Pridaná', lang_id: 2, visibility: 0, only_translation: 1 }, admin);
    expect(sk.status).toBe(200);
    const list = (await post(`/get-chapter-list/${courseId}`, { lang_id: 1 }, admin)).body.element_list;
    const added = list.find((e: { id: number }) => e.id === add.body.id);
    expect(added).toMatchObject({ type_id: 0, type_name: 'chapter' });
    expect(added.translations.slice(0, 3)).toEqual([
      { lang_id: 1, name: 'Added', visible: 1 },
      { lang_id: 2, name: 'Pridaná', visible: 0 },
      { lang_id: 3, name: '', visible: 1 },
    ]);
    const stale = await post('/change-chapter-order', { id1: list[0].id, id2: list[1].id, order1: 999, order2: list[1].order, course_id: courseId }, admin);
    expect(stale.status).toBe(409);
    expect((await post('/delete-chapter', { id: add.body.id, course_id: courseId }, admin)).body).toEqual({ message: 'OK' });
  });

  it('lists, adds, renames and deletes lessons of a chapter', async () => {
    const chapter = (await newChapter()).body.id;
    const add = await post('/edit-lesson', { lesson_id: 0, chapter_id: chapter, lesson_name: 'L1', lang_id: 1 }, admin);
    const add2 = await post('/edit-lesson', { lesson_id: 0, chapter_id: chapter, lesson_name: 'L2', lang_id: 1 }, admin);
    expect(add2.body.order).toBe(add.body.order + 1);
    await post('/edit-lesson', { lesson_id: add.body.id, chapter_id: chapter, lesson_name: 'L1 sk', lang_id: 2, only_translation: 1 }, admin);
    const list = await post(`/get-lesson-list/${chapter}`, { lang_id: 1 }, admin);
    expect(list.body.element_list.map((e: { id: number }) => e.id)).toEqual([add.body.id, add2.body.id]);
    expect(list.body.element_list[0].translations[1]).toEqual({ lang_id: 2, name: 'L1 sk', visible: 1 });
    const swap = { id1: add.body.id, id2: add2.body.id, order1: add.body.order, order2: add2.body.order, chapter_id: chapter };
    expect((await post('/change-lesson-order', swap, admin)).body).toEqual({ message: 'OK' });
    expect((await post('/change-lesson-order', swap, admin)).status).toBe(409);
    expect((await post('/delete-lesson', { id: add.body.id, chapter_id: chapter }, admin)).body).toEqual({ message: 'OK' });
    expect((await post(`/get-lesson-list/${chapter}`, {}, admin)).body.element_list).toHaveLength(1);
  });
});

describe('permissions (spec/2 §6)', () => {
  it('a refused list load answers 403 with the denial text; nobody without a grant gets in', async () => {
    for (const path of [`/get-chapter-list/${courseId}`]) {
      const res = await post(path, { lang_id: 1 }, tokens.stranger!);
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(DENIED);
    }
    expect((await get(`/course-admin-content/${courseId}`, student)).status).toBe(403);
    expect((await get(`/get-book/${courseId}`, tokens.stranger!)).status).toBe(403);
    expect((await get(`/export-course/${courseId}`, tokens.translator!)).status).toBe(403);
    expect((await post('/import-course', { area_id: areaId, file: '{}' }, tokens.creator!)).status).toBe(403);
    expect((await post(`/get-chapter-list/${courseId}`, { lang_id: 1 }, '')).status).toBe(401);
  });

  it('a course content translator edits only its own language and no object-level fields', async () => {
    const list = await post(`/get-chapter-list/${courseId}`, { lang_id: 2 }, tokens.translator!);
    expect(list.status).toBe(200);
    expect(list.body.permissions.list).toEqual([{ role_code: 'course_content_translator', language_id: 2, sub_obj_id: 0 }]);
    const chapter = list.body.element_list[0];
    const base = { chapter_id: chapter.id, course_id: courseId };
    expect((await post('/edit-chapter', { ...base, chapter_name: 'Začíname spolu', lang_id: 2, only_translation: 1 }, tokens.translator!)).status).toBe(200);
    const en = await post('/edit-chapter', { ...base, chapter_name: 'Hacked', lang_id: 1, only_translation: 1 }, tokens.translator!);
    expect(en.status).toBe(403);
    expect(en.body.message).toBe(DENIED);
    expect((await post('/edit-chapter', { ...base, chapter_name: 'Začíname', lang_id: 2, chapter_type_id: 2 }, tokens.translator!)).status).toBe(403);
    expect((await post('/edit-chapter', { chapter_id: 0, course_id: courseId, chapter_name: 'X', lang_id: 2 }, tokens.translator!)).status).toBe(403);
    expect((await post('/delete-chapter', { id: chapter.id, course_id: courseId }, tokens.translator!)).status).toBe(403);
    const second = list.body.element_list[1];
    expect((await post('/change-chapter-order', { id1: chapter.id, id2: second.id, order1: chapter.order, order2: second.order, course_id: courseId }, tokens.translator!)).status).toBe(403);
    const after = (await post(`/get-chapter-list/${courseId}`, { lang_id: 1 }, admin)).body.element_list[0];
    expect(after.translations.slice(0, 2).map((t: { name: string }) => t.name)).toEqual(['Getting started', 'Začíname spolu']);
    expect(after.type_id).toBe(0);
    // The form: changing the Slovak name passes, changing the English one is refused and saves nothing.
    const form = (content: Array<{ lang_id: number; content: string }>) =>
      post('/create-edit-chapter-all-lang', { chapter_id: chapter.id, course_id: courseId, chapter_type: 1, icon: chapter.icon, content_list: content }, tokens.translator!);
    expect((await form([{ lang_id: 1, content: 'Getting started' }, { lang_id: 2, content: 'Začíname' }])).status).toBe(200);
    expect((await form([{ lang_id: 1, content: 'Changed' }, { lang_id: 2, content: 'Začíname!' }])).status).toBe(403);
    expect((await get(`/get-chapter-in-all-lang/${chapter.id}`, admin)).body.list.slice(0, 2).map((l: { content: string }) => l.content)).toEqual(['Getting started', 'Začíname']);
  });

  it('a translator toggles task visibility only in its language; task list objects are refused', async () => {
    const lessonId = (await get(`/course-admin-content/${courseId}`, admin)).body.chapterlist[0].lessons[0].lesson_id;
    const [task] = await tasksOf(lessonId, tokens.translator!);
    expect((await post('/change-task-visibility', { task_id: task!.id, visibility: 0, lang_id: 2 }, tokens.translator!)).body).toEqual({ message: 'OK' });
    expect((await post('/change-task-visibility', { task_id: task!.id, visibility: 0, lang_id: 1 }, tokens.translator!)).status).toBe(403);
    expect((await post('/task-clone', { task_id: task!.id }, tokens.translator!)).status).toBe(403);
    expect((await post('/delete-task', { id: task!.id }, tokens.translator!)).status).toBe(403);
    expect((await post('/multiple-changes2', { operation: 'delete', changes: JSON.stringify([task!.id]) }, tokens.translator!)).status).toBe(403);
    const list = await post(`/get-task-preview-list/${lessonId}`, { lang_id: 2 }, admin);
    expect(list.body.element_list[0].translations[1]).toEqual({ lang_id: 2, translated: 1, visible: 0 });
    await post('/change-task-visibility', { task_id: task!.id, visibility: 1, lang_id: 2 }, admin);
  });

  it('a course content creator has object rights in the course but not in another course', async () => {
    const ch = await newChapter({}, tokens.creator!);
    expect(ch.status).toBe(200);
    expect((await post('/edit-chapter', { chapter_id: ch.body.id, course_id: courseId, chapter_name: 'Exercise now', lang_id: 1, chapter_type_id: 1 }, tokens.creator!)).status).toBe(200);
    expect((await get(`/get-chapter-in-all-lang/${ch.body.id}`, admin)).body.chapter_type).toBe(3);
    expect((await get(`/delete-chapter/${ch.body.id}`, tokens.creator!)).body).toEqual({ message: 'success' });
    const other = (await post('/create-edit-course-all-lang', { course_id: 0, area_id: areaId, content_list: [{ lang_id: 1, content: 'Other course' }] }, admin)).body.id;
    expect((await post(`/get-chapter-list/${other}`, { lang_id: 1 }, tokens.creator!)).status).toBe(403);
    expect((await newChapter({ course_id: other }, tokens.creator!)).status).toBe(403);
  });

  it('a chapter content creator works inside its chapter only: lessons and tasks yes, chapters no', async () => {
    const mine = (await newChapter()).body.id;
    const other = (await newChapter()).body.id;
    expect((await grant('chaptercreator', 'chapter_content_creator', 0, mine)).status).toBe(200);
    const t = tokens.chaptercreator!;
    expect((await post('/edit-lesson', { lesson_id: 0, chapter_id: mine, lesson_name: 'Mine', lang_id: 1 }, t)).status).toBe(200);
    expect((await post('/edit-lesson', { lesson_id: 0, chapter_id: other, lesson_name: 'Not mine', lang_id: 1 }, t)).status).toBe(403);
    expect((await post(`/get-lesson-list/${other}`, { lang_id: 1 }, t)).status).toBe(403);
    expect((await post(`/get-lesson-list/${mine}`, { lang_id: 1 }, t)).status).toBe(200);
    expect((await post('/edit-chapter', { chapter_id: 0, course_id: courseId, chapter_name: 'X', lang_id: 1 }, t)).status).toBe(403);
    expect((await post('/delete-chapter', { id: mine, course_id: courseId }, t)).status).toBe(403);
    expect((await post('/edit-chapter', { chapter_id: mine, course_id: courseId, chapter_name: 'My chapter', lang_id: 1, only_translation: 1 }, t)).status).toBe(200);
    expect((await post('/edit-chapter', { chapter_id: other, course_id: courseId, chapter_name: 'Not mine', lang_id: 1, only_translation: 1 }, t)).status).toBe(403);
  });

  it('a chapter content translator edits its language within its chapter only', async () => {
    const mine = (await newChapter()).body.id;
    const lesson = (await newLesson(mine, 'Scoped')).body.id;
    const other = (await newChapter()).body.id;
    expect((await grant('chaptertranslator', 'chapter_content_translator', 2, mine)).status).toBe(200);
    const t = tokens.chaptertranslator!;
    expect((await post('/edit-lesson', { lesson_id: lesson, chapter_id: mine, lesson_name: 'Ohraničená', lang_id: 2, only_translation: 1 }, t)).status).toBe(200);
    expect((await post('/edit-lesson', { lesson_id: lesson, chapter_id: mine, lesson_name: 'Scoped!', lang_id: 1, only_translation: 1 }, t)).status).toBe(403);
    expect((await post('/edit-lesson', { lesson_id: 0, chapter_id: mine, lesson_name: 'Nová', lang_id: 2 }, t)).status).toBe(403);
    expect((await post('/edit-chapter', { chapter_id: other, course_id: courseId, chapter_name: 'Iná', lang_id: 2, only_translation: 1 }, t)).status).toBe(403);
    expect((await post('/delete-lesson', { id: lesson, chapter_id: mine }, t)).status).toBe(403);
  });
});

describe('task list', () => {
  it('lists tasks with intro, score and per-language state; clones, reorders, moves and deletes', async () => {
    const chapter = (await newChapter()).body.id;
    const from = (await newLesson(chapter, 'From')).body.id;
    const to = (await newLesson(chapter, 'To')).body.id;
    const source = (await get(`/course-admin-content/${courseId}`, admin)).body.chapterlist[1].lessons[1].lesson_id;
    const original = await tasksOf(source);
    const question = original.find((t) => t.type_id === 3)!;
    // Clone into the source lesson, then move the clone to "from".
    const clone = await post('/task-clone', { task_id: question.id }, admin);
    expect(clone.body).toMatchObject({ message: 'OK', id: expect.any(Number) });
    expect((await post('/multiple-changes2', { operation: 'move', newLesson: from, newChapter: chapter, changes: JSON.stringify([{ task_id: clone.body.id }]) }, admin)).body).toEqual({ message: 'OK', count: 1 });
    const second = (await post('/task-clone', { task_id: clone.body.id }, admin)).body.id;
    const list = await tasksOf(from);
    expect(list.map((t) => t.id)).toEqual([clone.body.id, second]);
    expect(list[0]).toMatchObject({ type_id: 3, max_score: 10 });
    const older = await post(`/get-tasks-in-lesson/${from}`, {}, admin);
    expect(older.body).toMatchObject({ course_id: courseId, lesson: { id: from, name: 'From' } });
    expect(older.body.task_list[0]).toMatchObject({ task_id: clone.body.id, islocked: false, task_type_id: 3 });
    // Reorder with both field sets; stale answers 409.
    const swap = { task_id1: list[0]!.id, task_order1: list[0]!.order, task_id2: list[1]!.id, task_order2: list[1]!.order };
    expect((await post('/task-change-order', swap, admin)).body).toEqual({ message: 'OK' });
    expect((await post('/task-change-order', swap, admin)).status).toBe(409);
    expect((await post('/change-task-order', { id1: list[0]!.id, id2: list[1]!.id, order1: list[1]!.order, order2: list[0]!.order }, admin)).body).toEqual({ message: 'OK' });
    // Moving to a lesson and deleting many.
    expect((await post('/multiple-changes2', { operation: 'move', newLesson: to, newChapter: chapter, changes: [clone.body.id, second] }, admin)).body.count).toBe(2);
    expect(await tasksOf(from)).toEqual([]);
    expect((await tasksOf(to)).length).toBe(2);
    const content = (await get(`/course-admin-content/${courseId}`, admin)).body.chapterlist.find((c: { chapter_id: number }) => c.chapter_id === chapter);
    expect(content.lessons.map((l: { tasks: number; tasks_score: number }) => [l.tasks, l.tasks_score])).toEqual([
      [0, 0],
      [2, 20],
    ]);
    expect((await post('/multiple-changes2', { operation: 'move', newLesson: 0, changes: [second] }, admin)).status).toBe(400);
    expect((await post('/multiple-changes2', { operation: 'delete', changes: 'nonsense[' }, admin)).status).toBe(400);
    expect((await post('/multiple-changes2', { operation: 'delete', changes: JSON.stringify([clone.body.id]) }, admin)).body).toEqual({ message: 'OK', count: 1 });
    expect((await get(`/delete-task/${second}`, admin)).body).toEqual({ message: 'OK' });
    expect(await tasksOf(to)).toEqual([]);
    expect((await post('/delete-task', { id: second }, admin)).status).toBe(404);
  });
});

describe('cascading delete', () => {
  it('deletes a chapter with its lessons, tasks and the learners\u2019 progress, leaving no orphans', async () => {
    const { courseStructure } = await import('../../functions/src/catalogue/structure');
    const { listCourseProgress } = await import('../../functions/src/player/projection');
    const before = await courseStructure(courseId);
    const first = before.chapters[0]!;
    const studentId = cloud.seed.accounts.student!;
    const progressBefore = await listCourseProgress(studentId, courseId);
    expect(progressBefore.some((p) => p.chapter_id === first.chapter_id)).toBe(true);
    const taskIds = new Set(before.tasks.filter((t) => t.chapter_id === first.chapter_id).map((t) => t.task_id));
    expect((await get(`/delete-chapter/${first.chapter_id}`, admin)).body).toEqual({ message: 'success' });
    const after = await courseStructure(courseId);
    expect(after.chapters.some((c) => c.chapter_id === first.chapter_id)).toBe(false);
    expect(after.lessons.some((l) => l.chapter_id === first.chapter_id)).toBe(false);
    expect(after.tasks.some((t) => taskIds.has(t.task_id) || t.chapter_id === first.chapter_id)).toBe(false);
    expect((await listCourseProgress(studentId, courseId)).some((p) => taskIds.has(p.task_id))).toBe(false);
    // The lessons' lookups by id are gone too, and a repeated delete is a 404.
    expect((await get(`/delete-chapter/${first.chapter_id}`, admin)).status).toBe(404);
  });
});

describe('book', () => {
  it('returns the course in the caller\u2019s language with chapters, lessons and tasks', async () => {
    const res = await get(`/get-book/${courseId}`, admin);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ course_name: 'Python basics', course_color: '#306998' });
    const tasks = res.body.chapters.flatMap((c: { lessons: Array<{ tasks: unknown[] }> }) => c.lessons.flatMap((l) => l.tasks));
    expect(tasks.some((t: { task_type_id: number; globals: string }) => t.task_type_id === 3 && t.globals.includes('ratings'))).toBe(true);
  });
});

describe('export and import', () => {
  it('round-trips: export → import → export is the same file', async () => {
    const exported = await get(`/export-course/${courseId}`, admin);
    expect(exported.status).toBe(200);
    expect(exported.body.format_version).toBe(1);
    expect(exported.body.chapters.length).toBeGreaterThan(3);
    const imported = await post('/import-course', { area_id: areaId, file: JSON.stringify(exported.body) }, admin);
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect(imported.body.id).not.toBe(courseId);
    const again = await get(`/export-course/${imported.body.id}`, admin);
    // Beside its original in the same area, the copy is named "Name (2)" in each language (issue 20 item 14).
    const renamed = Object.fromEntries(Object.entries(exported.body.course.names as Record<string, string>).map(([lang, name]) => [lang, name ? `${name} (2)` : name]));
    expect(again.body.course.names).toEqual(renamed);
    expect(again.body).toEqual({ ...exported.body, course: { ...exported.body.course, names: renamed } });
    // Into an area without a course of that name, the name stays: export → import → export is the same file.
    const categoryId = (await get(`/course-admin-content/${courseId}`, admin)).body.category.id;
    const otherArea = await post('/create-edit-area-all-lang', { area_id: 0, category_id: categoryId, color: '#00AA00', icon: 'data:image/svg+xml;base64,PHN2Zy8+', icon2: '', content_list: [{ lang_id: 1, content: 'Imports' }] }, admin);
    expect(otherArea.status, JSON.stringify(otherArea.body)).toBe(200);
    const elsewhere = await post('/import-course', { area_id: otherArea.body.id, file: JSON.stringify(exported.body) }, admin);
    expect(elsewhere.status, JSON.stringify(elsewhere.body)).toBe(200);
    expect((await get(`/export-course/${elsewhere.body.id}`, admin)).body).toEqual(exported.body);
    // Counts of the copy equal the source's.
    const [src, copy] = await Promise.all([get(`/course-admin-content/${courseId}`, admin), get(`/course-admin-content/${imported.body.id}`, admin)]);
    const strip = (list: Array<{ lessons: Array<Record<string, unknown>> }>) => list.map((c) => c.lessons.map((l) => [l.tasks, l.programs, l.contents, l.tasks_score, l.programs_score]));
    expect(strip(copy.body.chapterlist)).toEqual(strip(src.body.chapterlist));
    const courses = await get(`/area-all-courses2/${areaId}`, admin);
    const a = courses.body.list.find((c: { id: number }) => c.id === courseId);
    const b = courses.body.list.find((c: { id: number }) => c.id === imported.body.id);
    expect([b.task_all, b.program_all, b.content_all]).toEqual([a.task_all, a.program_all, a.content_all]);
  });

  it('the seed built the leaderboard filter lists, and an imported course is offered in them at once', async () => {
    // Prepare: the projection item exists before any read of the filter data (the seed wrote it).
    const { db, table } = await import('../../functions/src/platform/db/client');
    const { catalogueKeys } = await import('../../functions/src/catalogue/keys');
    const { GetCommand } = await import('@aws-sdk/lib-dynamodb');
    const stored = await db.send(new GetCommand({ TableName: table(), Key: catalogueKeys.leaderFilters(), ConsistentRead: true }));
    expect((stored.Item?.courses as Array<{ id: number }>).map((c) => c.id)).toContain(courseId);
    const exported = await get(`/export-course/${courseId}`, admin);
    // Act
    const imported = await post('/import-course', { area_id: areaId, file: JSON.stringify(exported.body) }, admin);
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    // Assess: the filter data (one read of the projection) names the new course with its name.
    const filters = await get('/get-leaders-filter-data', student);
    expect(filters.status).toBe(200);
    const names = new Map((filters.body.courses as Array<{ id: number; name: string }>).map((c) => [c.id, c.name]));
    // Its name differs from the original's (issue 20 item 14): the filter never lists two identical entries.
    expect(names.get(imported.body.id)).toBe(`${names.get(courseId)} (3)`);
    const sameArea = (await get(`/area-all-courses2/${areaId}`, admin)).body.list.map((c: { id: number }) => names.get(c.id));
    expect(new Set(sameArea).size).toBe(sameArea.length);
  });

  it('refuses an invalid or too large file with 400 and imports nothing', async () => {
    const count = async () => (await get(`/area-all-courses2/${areaId}`, admin)).body.list.length;
    const before = await count();
    const bad = await post('/import-course', { area_id: areaId, file: 'not json' }, admin);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('The file is not valid JSON.');
    const wrongVersion = await post('/import-course', { area_id: areaId, file: JSON.stringify({ format_version: 99, course: {}, chapters: [] }) }, admin);
    expect(wrongVersion.status).toBe(400);
    expect(wrongVersion.body.message).toMatch(/^The file is not a valid Lectio course export: format_version/);
    const exported = (await get(`/export-course/${courseId}`, admin)).body;
    exported.chapters[0].lessons[0].tasks.push({ task_type_id: 3, task_order: 9, max_score: '10', globals: '', contents: { '1': 'not json' }, visible: {} });
    const broken = await post('/import-course', { area_id: areaId, file: JSON.stringify(exported) }, admin);
    expect(broken.status).toBe(400);
    expect(broken.body.message).toMatch(/chapters\.0\.lessons\.0\.tasks\.\d+\.contents\.1/);
    const huge = await post('/import-course', { area_id: areaId, file: 'x'.repeat(8_000_001) }, admin);
    expect(huge.status).toBe(400);
    expect(huge.body.message).toMatch(/too large/);
    expect(await count()).toBe(before);
  });
});

describe('exact counts', () => {
  it('keeps course, chapter and lesson counts equal to a recount through 200 random operations', async () => {
    const { courseStructure, chapterTypesOf } = await import('../../functions/src/catalogue/structure');
    const { recount } = await import('../../functions/src/catalogue/counts');
    const { insertTask, replaceTask } = await import('../../functions/src/authoring/task-writes');
    const { getCourse } = await import('../../functions/src/catalogue/store');
    const { nextId } = await import('../../functions/src/platform/db/counters');
    // A fresh course: three chapters (one a competition) with two lessons each.
    const course = (await post('/create-edit-course-all-lang', { course_id: 0, area_id: areaId, content_list: [{ lang_id: 1, content: 'Counted' }] }, admin)).body.id as number;
    for (const type of [1, 3, 2]) {
      const ch = (await post('/create-edit-chapter-all-lang', { chapter_id: 0, course_id: course, chapter_type: type, content_list: [{ lang_id: 1, content: `C${type}` }] }, admin)).body.id;
      await newLesson(ch, 'a');
      await newLesson(ch, 'b');
    }
    let seed = 20261122;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
    const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)]!;
    const kinds: Record<string, number> = {};
    for (let op = 0; op < 200; op++) {
      const s = await courseStructure(course);
      const c = await getCourse(course);
      const ref = { course_id: course, area_id: c.area_id };
      const types = chapterTypesOf(s.chapters);
      const roll = random();
      let kind: string;
      if (s.tasks.length < 3 || roll < 0.3) {
        kind = 'add';
        const lesson = pick(s.lessons);
        const type = 1 + Math.floor(random() * 11);
        await insertTask(
          { task_id: await nextId('task'), course_id: course, chapter_id: lesson.chapter_id, lesson_id: lesson.lesson_id, task_type_id: type, task_order: op, max_score: type === 1 ? '0' : String(1 + Math.floor(random() * 30)), globals: '', contents: { '1': '<p>t</p>' }, visible: { '1': 1 } },
          ref,
          types,
        );
      } else if (roll < 0.45) {
        kind = 'clone';
        expect((await post('/task-clone', { task_id: pick(s.tasks).task_id }, admin)).status).toBe(200);
      } else if (roll < 0.6) {
        kind = 'move';
        const lesson = pick(s.lessons);
        const chosen = [...new Set([pick(s.tasks).task_id, pick(s.tasks).task_id])];
        expect((await post('/multiple-changes2', { operation: 'move', newLesson: lesson.lesson_id, newChapter: lesson.chapter_id, changes: JSON.stringify(chosen) }, admin)).status).toBe(200);
      } else if (roll < 0.72) {
        kind = 'delete';
        expect((await post('/delete-task', { id: pick(s.tasks).task_id }, admin)).status).toBe(200);
      } else if (roll < 0.9) {
        kind = 'type change';
        const before = pick(s.tasks);
        const type = 1 + Math.floor(random() * 11);
        await replaceTask(before, { ...before, task_type_id: type, max_score: type === 1 ? '0' : String(1 + Math.floor(random() * 30)) }, ref, types);
      } else if (roll < 0.95) {
        kind = 'chapter type change';
        const ch = pick(s.chapters);
        expect((await post('/edit-chapter', { chapter_id: ch.chapter_id, course_id: course, chapter_name: 'x', lang_id: 1, chapter_type_id: Math.floor(random() * 3) }, admin)).status).toBe(200);
      } else if (s.lessons.length > 3) {
        kind = 'delete lesson';
        expect((await get(`/delete-lesson/${pick(s.lessons).lesson_id}`, admin)).body).toEqual({ message: 'success' });
      } else {
        kind = 'add lesson';
        expect((await newLesson(pick(s.chapters).chapter_id, 'more')).status).toBe(200);
      }
      kinds[kind] = (kinds[kind] ?? 0) + 1;
    }
    const s = await courseStructure(course);
    const expected = recount({ chapters: s.chapters, lessons: s.lessons, tasks: s.tasks });
    const c = await getCourse(course);
    expect({ content: c.content_count, task: c.task_count, program: c.program_count, maxTask: c.max_score_task, maxProgram: c.max_score_program, lessons: c.lessons_count }).toEqual({
      content: expected.course.contents,
      task: expected.course.tasks,
      program: expected.course.programs,
      maxTask: expected.course.taskScore,
      maxProgram: expected.course.programScore,
      lessons: expected.lessonsCount,
    });
    for (const ch of s.chapters) {
      const t = expected.perChapter.get(ch.chapter_id)!;
      expect([ch.contents_count, ch.tasks_count, ch.programs_count, ch.max_score_task, ch.max_score_program, ch.lessons_count]).toEqual([t.contents, t.tasks, t.programs, t.taskScore, t.programScore, expected.lessonsPerChapter.get(ch.chapter_id)]);
    }
    for (const l of s.lessons) {
      const t = expected.perLesson.get(l.lesson_id)!;
      expect([l.contents_count, l.tasks_count, l.programs_count, l.tasks_score, l.programs_score]).toEqual([t.contents, t.tasks, t.programs, t.taskScore, t.programScore]);
    }
    const listing = (await get(`/area-all-courses2/${areaId}`, admin)).body.list.find((x: { id: number }) => x.id === course);
    expect([listing.content_all, listing.task_all, listing.program_all]).toEqual([expected.course.contents, expected.course.tasks, expected.course.programs]);
    expect(s.tasks.length).toBeGreaterThan(10);
    expect(Object.keys(kinds).length).toBeGreaterThanOrEqual(7);

    // The category follows (a stream projection): its lessons and codes are the sums over its courses.
    const { getArea, listAreas } = await import('../../functions/src/catalogue/store');
    const categoryId = (await getArea(areaId)).category_id;
    let lessons = 0;
    let codes = 0;
    let courseCount = 0;
    const areas = await listAreas(categoryId);
    for (const a of areas) {
      for (const listed of (await get(`/area-all-courses2/${a.area_id}`, admin)).body.list as Array<{ id: number }>) {
        const item = await getCourse(listed.id);
        lessons += item.lessons_count ?? 0;
        codes += item.program_count ?? 0;
        courseCount++;
      }
    }
    const shown = async () => (await get('/get-categories2', admin)).body.list.find((x: { category_id: number }) => x.category_id === categoryId);
    const wanted = [areas.length, courseCount, lessons, codes];
    const end = Date.now() + 15_000;
    const counts = (c: Record<string, { value: number }>) => [c.areas!.value, c.courses!.value, c.lessons!.value, c.codes!.value];
    let category = await shown();
    while (JSON.stringify(counts(category)) !== JSON.stringify(wanted) && Date.now() < end) {
      await new Promise((r) => setTimeout(r, 200));
      category = await shown();
    }
    expect(counts(category)).toEqual(wanted);
  }, 180_000);
});
