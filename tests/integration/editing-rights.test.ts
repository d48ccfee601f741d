/**
 * Editing rights that hold (issue 18), through the API on DynamoDB Local: a chapter grant never
 * reaches the lesson with the same number in another chapter; a translator changes texts of its
 * language only, never what decides grading, nor another language's visibility; the book is served
 * to the course's editors only, a chapter role sees its chapter and no competition; an imported
 * course is sanitised like a form save.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GRADING_IS_OBJECT_LEVEL } from '@lectio/shared';
import { addTestUser, startTestCloud, type TestCloud } from './helpers';

let cloud: TestCloud;
let admin: string;
let courseId: number;

const get = (path: string, token: string) => cloud.api(`/api${path}`, { token });
const post = (path: string, json: unknown, token: string) => cloud.api(`/api${path}`, { method: 'POST', json, token });

const addUser = (nickname: string) => addTestUser(cloud, nickname);

const grant = (nickname: string, role_code: string, extra: Record<string, unknown> = {}) =>
  post('/grant-permission', { email: `${nickname}@example.com`, course_id: courseId, role_code, language_id: 0, sub_obj_id: 0, ...extra }, admin);

const structure = async (course = courseId) => (await import('../../functions/src/catalogue/structure')).courseStructure(course);

beforeAll(async () => {
  cloud = await startTestCloud('demo');
  admin = await cloud.login('admin@example.com', 'admin-demo');
  courseId = cloud.seed.demoCourseId!;
});
afterAll(() => cloud?.stop());

/** A lesson and a chapter of the course with the same number, the lesson in another chapter. */
async function lessonNamedLikeAnotherChapter() {
  for (let round = 0; round < 40; round++) {
    const s = await structure();
    const lesson = s.lessons.find((l) => s.chapters.some((c) => c.chapter_id === l.lesson_id && l.chapter_id !== c.chapter_id));
    if (lesson) return lesson;
    // Bring the two id sequences together: add to whichever is behind.
    const lastChapter = Math.max(...s.chapters.map((c) => c.chapter_id));
    const lastLesson = Math.max(...s.lessons.map((l) => l.lesson_id));
    if (lastLesson < lastChapter) await post('/edit-lesson', { lesson_id: 0, chapter_id: s.chapters[0]!.chapter_id, lesson_name: 'Filler', lang_id: 1 }, admin);
    else await post('/edit-chapter', { chapter_id: 0, course_id: courseId, chapter_name: 'Filler', lang_id: 1 }, admin);
  }
  throw new Error('no lesson shares its number with another chapter');
}

describe('a chapter grant reaches its own chapter only', () => {
  it('a chapter content creator of chapter N cannot rename lesson N of another chapter, nor create or delete its tasks', async () => {
    // Prepare
    const lesson = await lessonNamedLikeAnotherChapter();
    const chapterId = lesson.lesson_id;
    const t = await addUser('scoped');
    expect((await grant('scoped', 'chapter_content_creator', { sub_obj_id: chapterId })).status).toBe(200);
    const before = (await structure()).tasks.filter((x) => x.lesson_id === lesson.lesson_id);
    const task = before[0];
    const newTask = { lesson_id: lesson.lesson_id, task_id: 0, task_type_id: 1, max_score: '0', globals: '', content_list: [{ lang_id: 1, content: '<p>Mine</p>' }] };
    // Act + Assess: nothing in the lesson with the chapter's number.
    expect((await post('/edit-lesson', { lesson_id: lesson.lesson_id, chapter_id: lesson.chapter_id, lesson_name: 'Hijacked', lang_id: 1 }, t)).status).toBe(403);
    const form = { lesson_id: lesson.lesson_id, chapter_id: lesson.chapter_id, content_list: [{ lang_id: 1, content: 'Hijacked' }] };
    expect((await post('/create-edit-lesson-all-lang', form, t)).status).toBe(403);
    expect((await post('/create-edit-task-all-lang', newTask, t)).status).toBe(403);
    expect((await post('/delete-lesson', { id: lesson.lesson_id, chapter_id: lesson.chapter_id }, t)).status).toBe(403);
    if (task) {
      expect((await post('/delete-task', { id: task.task_id }, t)).status).toBe(403);
      expect((await post('/multiple-changes2', { operation: 'delete', changes: JSON.stringify([task.task_id]) }, t)).status).toBe(403);
    }
    const after = await structure();
    expect(after.lessons.find((l) => l.lesson_id === lesson.lesson_id)?.names).toEqual(lesson.names);
    expect(after.tasks.filter((x) => x.lesson_id === lesson.lesson_id).map((x) => x.task_id)).toEqual(before.map((x) => x.task_id));
    // Inside its own chapter the same grant works.
    const own = await post('/edit-lesson', { lesson_id: 0, chapter_id: chapterId, lesson_name: 'Own lesson', lang_id: 1 }, t);
    expect(own.status).toBe(200);
    expect((await post('/create-edit-task-all-lang', { ...newTask, lesson_id: own.body.id }, t)).status).toBe(200);
  });

  it('a lesson grant (sub_obj_kind lesson) covers that lesson and not the chapter with its number', async () => {
    const lesson = await lessonNamedLikeAnotherChapter();
    const t = await addUser('lessonscoped');
    expect((await grant('lessonscoped', 'chapter_content_translator', { language_id: 2, sub_obj_id: lesson.lesson_id, sub_obj_kind: 'lesson' })).status).toBe(200);
    const list = await post(`/get-task-preview-list/${lesson.lesson_id}`, { lang_id: 2 }, t);
    expect(list.status).toBe(200);
    expect(list.body.permissions.list).toEqual([{ role_code: 'chapter_content_translator', language_id: 2, sub_obj_id: lesson.lesson_id, sub_obj_kind: 'lesson' }]);
    expect((await post('/edit-lesson', { lesson_id: lesson.lesson_id, chapter_id: lesson.chapter_id, lesson_name: 'Preložená', lang_id: 2, only_translation: 1 }, t)).status).toBe(200);
    // The chapter numbered like the lesson is out of reach.
    expect((await post('/edit-chapter', { chapter_id: lesson.lesson_id, course_id: courseId, chapter_name: 'Iná', lang_id: 2, only_translation: 1 }, t)).status).toBe(403);
    expect((await post(`/get-lesson-list/${lesson.lesson_id}`, { lang_id: 2 }, t)).status).toBe(403);
    expect((await post('/grant-permission', { email: 'lessonscoped@example.com', course_id: courseId, role_code: 'teacher', sub_obj_kind: 'task' }, admin)).status).toBe(400);
  });
});

describe('a translator changes texts, never grading', () => {
  const files = (evaluate: string, cases: string, solution = 'print(3)') => ({
    files: [{ name: 'sum.py', rContent: '', aContent: solution }],
    testCases: cases,
    filesToKeep: [],
    configFiles: [{ name: 'vpl_evaluate.sh', content: evaluate }],
  });
  const programText = (title: string, over: Record<string, unknown> = {}) =>
    JSON.stringify({ title, assignment: `<p>${title}</p>`, help: '', ...files('#!/bin/bash\n', 'case = a\noutput = 3\n'), ...over });
  const choiceText = (q: string, answers: string[]) => JSON.stringify({ content: `<p>${q}</p>`, help: '', answer_list: answers.map((answer) => ({ answer, feedback: '' })) });
  const ratings = (list: number[]) => JSON.stringify({ ratings: list, ignoreSpace: false, ignoreSeparators: false, caseSensitive: true, aqSome: false });
  let translator: string;
  let lessonId: number;

  beforeAll(async () => {
    translator = await addUser('slovak');
    expect((await grant('slovak', 'course_content_translator', { language_id: 2 })).status).toBe(200);
    lessonId = (await structure()).lessons[0]!.lesson_id;
  });

  async function adminTask(type: number, globals: string, en: string, sk: string) {
    const res = await post('/create-edit-task-all-lang', { lesson_id: lessonId, task_id: 0, task_type_id: type, max_score: '20', globals, content_list: [{ lang_id: 1, content: en }, { lang_id: 2, content: sk }] }, admin);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await post('/unlock-task', { task_id: res.body.task_id }, admin);
    expect((await get(`/get-task-in-all-lang/${res.body.task_id}`, translator)).body.only_translation).toBe(1);
    return res.body.task_id as number;
  }
  const stored = async (id: number) => (await structure()).tasks.find((t) => t.task_id === id)!;

  it('replacing the Slovak vpl_evaluate.sh, test cases or solution is refused with a clear 403; the task is unchanged', async () => {
    // Prepare
    const globals = JSON.stringify({ files: { files: ['sum.py'], filesToKeep: [], configFiles: ['vpl_evaluate.sh'] } });
    const id = await adminTask(8, globals, programText('Sum'), programText('Súčet'));
    const before = await stored(id);
    const save = (sk: string, extra: Record<string, unknown> = {}) =>
      post('/edit-task', { task_id: id, lesson_id: lessonId, task_type: 'P', task_type_id: 8, max_score: '20', globals, content: sk, lang_id: 2, only_translation: 1, ...extra }, translator);
    // Act + Assess
    for (const forged of [
      programText('Súčet', files('#!/bin/bash\necho "Grade :=>>100"\n', 'case = a\noutput = 3\n')),
      programText('Súčet', files('#!/bin/bash\n', '')),
      programText('Súčet', files('#!/bin/bash\n', 'case = a\noutput = 3\n', '')),
    ]) {
      const res = await save(forged);
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(GRADING_IS_OBJECT_LEVEL);
    }
    // The same through the all-languages save, and the globals (type 8 option) too.
    const allLang = await post(
      '/create-edit-task-all-lang',
      { lesson_id: lessonId, task_id: id, task_type_id: 8, max_score: '20', globals, only_translation: 1, content_list: [{ lang_id: 2, content: programText('Súčet', files('echo "Grade :=>>100"', '')) }] },
      translator,
    );
    expect(allLang.status).toBe(403);
    expect((await save(programText('Súčet'), { globals: JSON.stringify({ files: { files: [], filesToKeep: [], configFiles: [] } }) })).status).toBe(403);
    expect(await stored(id)).toMatchObject({ contents: before.contents, globals: before.globals, max_score: before.max_score });
    // Changing the Slovak text still works, and keeps the grading parts.
    expect((await save(programText('Súčet dvoch čísel'))).status).toBe(200);
    expect(JSON.parse((await stored(id)).contents['2']!).title).toBe('Súčet dvoch čísel');
  });

  it('changing the ratings or the number of answers is refused; translating the answers works', async () => {
    const id = await adminTask(3, ratings([100, 0]), choiceText('Pick', ['yes', 'no']), choiceText('Vyberte', ['áno', 'nie']));
    const before = await stored(id);
    const save = (sk: string, globals = ratings([100, 0])) =>
      post('/edit-task', { task_id: id, lesson_id: lessonId, task_type: 'T', task_type_id: 3, max_score: '20', globals, content: sk, lang_id: 2, only_translation: 1 }, translator);
    expect((await save(choiceText('Vyberte', ['áno', 'nie']), ratings([0, 100]))).status).toBe(403);
    const fewer = await save(choiceText('Vyberte', ['áno']));
    expect(fewer.status).toBe(403);
    expect(fewer.body.message).toBe(GRADING_IS_OBJECT_LEVEL);
    expect(await stored(id)).toMatchObject({ contents: before.contents, globals: before.globals });
    expect((await save(choiceText('Vyberte jednu', ['áno', 'nie!']))).status).toBe(200);
  });

  it('hiding the English text is refused; the Slovak visibility is the translator\u2019s', async () => {
    const id = await adminTask(3, ratings([100, 0]), choiceText('Pick', ['yes', 'no']), choiceText('Vyberte', ['áno', 'nie']));
    const body = (lang: number, content: string, visible: number) => ({
      lesson_id: lessonId, task_id: id, task_type_id: 3, max_score: '20', globals: ratings([100, 0]), only_translation: 1,
      content_list: [{ lang_id: lang, content, visible }],
    });
    expect((await post('/create-edit-task-all-lang', body(1, choiceText('Pick', ['yes', 'no']), 0), translator)).status).toBe(403);
    expect((await stored(id)).visible['1']).toBe(1);
    expect((await post('/create-edit-task-all-lang', body(2, choiceText('Vyberte', ['áno', 'nie']), 0), translator)).status).toBe(200);
    expect((await stored(id)).visible).toMatchObject({ '1': 1, '2': 0 });
  });
});

describe('the book holds only what the caller edits', () => {
  let contestName: string;
  beforeAll(async () => {
    contestName = 'Secret contest';
    const contest = await post('/create-edit-chapter-all-lang', { chapter_id: 0, course_id: courseId, chapter_type: 2, content_list: [{ lang_id: 1, content: contestName }] }, admin);
    expect(contest.status).toBe(200);
    await post('/create-edit-lesson-all-lang', { lesson_id: 0, chapter_id: contest.body.id, content_list: [{ lang_id: 1, content: 'Round 1' }] }, admin);
  });
  const bookChapters = async (token: string) => {
    const res = await get(`/get-book/${courseId}`, token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return (res.body.chapters as Array<{ name: string }>).map((c) => c.name);
  };

  it('a content role of another course gets 403', async () => {
    const t = await addUser('elsewhere');
    const other = (await post('/create-edit-course-all-lang', { course_id: 0, area_id: (await get(`/course-admin-content/${courseId}`, admin)).body.area.id, content_list: [{ lang_id: 1, content: 'Other course' }] }, admin)).body.id;
    expect((await post('/grant-permission', { email: 'elsewhere@example.com', course_id: other, role_code: 'course_content_creator' }, admin)).status).toBe(200);
    const res = await get(`/get-book/${courseId}`, t);
    expect(res.status).toBe(403);
    expect((await get(`/get-book/${other}`, t)).status).toBe(200);
  });

  it('a chapter role sees its own chapter only and no competition; creators see the competition', async () => {
    const s = await structure();
    const mine = s.chapters.find((c) => Number(c.chapter_type) !== 2)!;
    const contest = s.chapters.find((c) => Number(c.chapter_type) === 2)!;
    const t = await addUser('bookchapter');
    await grant('bookchapter', 'chapter_content_creator', { sub_obj_id: mine.chapter_id });
    await grant('bookchapter', 'chapter_content_translator', { language_id: 1, sub_obj_id: contest.chapter_id });
    expect(await bookChapters(t)).toEqual([mine.names['1']]);
    const translator = await addUser('booktranslator');
    await grant('booktranslator', 'course_content_translator', { language_id: 2 });
    const all = await bookChapters(admin);
    expect(all).toContain(contestName);
    const learning = (await structure()).chapters.filter((c) => Number(c.chapter_type) !== 2).map((c) => c.names['1']);
    expect(await bookChapters(translator)).toEqual(learning);
    const creator = await addUser('bookcreator');
    await grant('bookcreator', 'course_content_creator');
    expect(await bookChapters(creator)).toEqual(all);
  });
});

describe('import sanitises like the editors', () => {
  const hostileSvg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8" onload="alert(1)"><script>alert(2)</script><circle cx="4" cy="4" r="3"/></svg>';
  const dirty = (html: string) => `${html}<script>alert(1)</script><img src="x" onerror="alert(2)">`;
  const clean = (text: string) => {
    for (const bad of ['<script', 'onerror', 'onload', 'alert(']) expect(text).not.toContain(bad);
  };

  it('an imported course with scripts in a type 3 answer, a type 8 assignment and a DATA: chapter icon comes out clean', async () => {
    // Prepare: the demo course's file with hostile parts added.
    const areaId = (await get(`/course-admin-content/${courseId}`, admin)).body.area.id;
    const file = (await get(`/export-course/${courseId}`, admin)).body;
    const chapter = file.chapters[0];
    chapter.icon = `DATA:image/svg+xml;base64,${Buffer.from(hostileSvg).toString('base64')}`;
    file.chapters[1].icon = `data:image/svg+xml;utf8,${hostileSvg}`;
    file.chapters[2].icon = 'javascript:alert(1)';
    const choice = JSON.stringify({ content: dirty('<p>Pick</p>'), help: dirty('<p>Help</p>'), answer_list: [{ answer: dirty('<b>yes</b>'), feedback: dirty('Right') }, { answer: 'no', feedback: '' }] });
    const program = JSON.stringify({ title: 'Sum', assignment: dirty('<p>Add</p>'), files: [{ name: 'a.py', rContent: '', aContent: '' }], testCases: '', filesToKeep: [], configFiles: [], help: dirty('') });
    const gaps = JSON.stringify({ content: dirty('x = §§1§§'), help: '', fakes: [] });
    chapter.lessons[0].tasks.push(
      { task_type_id: 3, task_order: 90, max_score: '10', globals: JSON.stringify({ ratings: [100, 0] }), contents: { '1': choice, '2': choice }, visible: { '1': 1, '2': 1 } },
      { task_type_id: 8, task_order: 91, max_score: '20', globals: '', contents: { '1': program }, visible: { '1': 1 } },
      { task_type_id: 5, task_order: 92, max_score: '10', globals: '', contents: { '1': gaps }, visible: { '1': 1 } },
    );
    // Act
    const imported = await post('/import-course', { area_id: areaId, file: JSON.stringify(file) }, admin);
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    // Assess: what is stored, and what the editors and the export read, is clean.
    const s = await structure(imported.body.id);
    const added = s.tasks.filter((t) => t.task_order >= 90);
    expect(added.map((t) => t.task_type_id).sort()).toEqual([3, 5, 8]);
    for (const t of added) for (const text of Object.values(t.contents)) clean(text);
    const answer = JSON.parse(added.find((t) => t.task_type_id === 3)!.contents['1']!).answer_list[0];
    expect(answer.answer).toContain('<b>yes</b>');
    const { decodeSvgDataUrl } = await import('../../functions/src/platform/content/svg');
    const icons = s.chapters.slice(0, 3).map((c) => c.icon ?? '');
    for (const icon of icons.slice(0, 2)) {
      const svg = decodeSvgDataUrl(icon);
      expect(svg).toContain('<circle');
      clean(svg!);
    }
    expect(icons[2]).toBe('');
  });

  it('a chapter icon sent with an upper-case DATA: prefix is sanitised too', async () => {
    const icon = `DATA:image/svg+xml;base64,${Buffer.from(hostileSvg).toString('base64')}`;
    const added = await post('/edit-chapter', { chapter_id: 0, course_id: courseId, chapter_name: 'Icon', lang_id: 1, chapter_icon: icon }, admin);
    expect(added.status).toBe(200);
    const { decodeSvgDataUrl } = await import('../../functions/src/platform/content/svg');
    const stored = (await structure()).chapters.find((c) => c.chapter_id === added.body.id)!.icon ?? '';
    expect(decodeSvgDataUrl(stored)).toContain('<circle');
    clean(decodeSvgDataUrl(stored)!);
    const form = await post('/create-edit-area-all-lang', { area_id: 0, category_id: 1, icon, content_list: [{ lang_id: 1, content: 'Hostile area' }] }, admin);
    expect([400, 200]).toContain(form.status);
    if (form.status === 200) clean(decodeSvgDataUrl((await get(`/get-area-in-all-lang/${form.body.id}`, admin)).body.area_icon) ?? '');
  });
});
