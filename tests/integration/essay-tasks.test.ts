/**
 * Essay (16) and GenAI (17) tasks with the teacher's review (issue 24 items 2-3; spec/3 §3 "Essay
 * attempt", §4 "Essay and GenAI", §5, §7 `/save-essay-comment-to-attempt`, §8): the learner's save
 * through task-evaluate2 (sanitised, non-empty and changed only), the attempts list, the review's
 * authorisation (the teaching domain's rule), the lock on the server, a score that only rises and XP
 * that arrives once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ESSAY_LOCKED } from '@lectio/shared';
import { addTestUser, startTestCloud, type TestCloud } from './helpers';

let cloud: TestCloud;
let admin: string;
const tok: Record<'teacher' | 'otherTeacher' | 'outsideTeacher' | 'student' | 'outsider', string> = { teacher: '', otherTeacher: '', outsideTeacher: '', student: '', outsider: '' };
const uid: Record<keyof typeof tok, number> = { teacher: 0, otherTeacher: 0, outsideTeacher: 0, student: 0, outsider: 0 };
let courseId: number;
let otherCourseId: number;
let lessonId: number;
let essayId: number;
let genaiId: number;

const get = (path: string, token: string) => cloud.api(`/api${path}`, { token });
const post = (path: string, json: unknown, token: string) => cloud.api(`/api${path}`, { method: 'POST', json, token });
const task = (type: 16 | 17, assignment: string) =>
  post('/create-edit-task-all-lang', { lesson_id: lessonId, task_id: 0, task_type_id: type, max_score: '10', globals: '', content_list: [{ lang_id: 1, content: JSON.stringify({ content: `<p>${assignment}</p>`, help: '' }), visible: 1 }] }, admin);
const saveEssay = (html: string, token = tok.student) => post('/task-evaluate2', { task_id: essayId, task_type_id: 16, time_length: 40, answer_list: JSON.stringify(html), activity_type: 1 }, token);
const saveDialogue = (exchanges: unknown[], token = tok.student) => post('/task-evaluate2', { task_id: genaiId, task_type_id: 17, time_length: 60, answer_list: JSON.stringify(exchanges), activity_type: 1 }, token);
const attemptsOf = async (taskId: number, token = tok.student) => (await post('/get-my-answers', { task_id: taskId }, token)).body as { list: Array<{ id: number; answers: string; info: string; score: number; max_score: number; time_length: number; length: number; time_stamp: string }>; locked: boolean };
const review = (body: Record<string, unknown>, token = tok.teacher) => post('/save-essay-comment-to-attempt', { course_id: courseId, task_id: essayId, ...body }, token);
const xpOf = async (token: string) => (await get('/get-full-user-parameters', token)).body.performance.xp as number;

beforeAll(async () => {
  cloud = await startTestCloud('demo');
  admin = await cloud.login('admin@example.com', 'admin-demo');
  for (const who of Object.keys(tok) as Array<keyof typeof tok>) tok[who] = await addTestUser(cloud, `es${who.toLowerCase()}`);
  const { findUserByEmail } = await import('../../functions/src/accounts/users');
  for (const who of Object.keys(tok) as Array<keyof typeof tok>) uid[who] = (await findUserByEmail(`es${who.toLowerCase()}@example.com`))!.user_id;
  courseId = cloud.seed.demoCourseId!;
  otherCourseId = ((await get('/get-courses-for-teacher', tok.otherTeacher)).body.list as Array<{ id: number }>).find((c) => c.id !== courseId)!.id;

  expect((await post(`/write-user-course/${courseId}`, {}, tok.student)).status).toBe(200);
  expect((await post(`/write-user-course/${courseId}`, {}, tok.outsider)).status).toBe(200);
  const page = await get(`/get-active-chapters2/${courseId}`, tok.student);
  const chapterId = page.body.chapter_list.find((c: { chapter_type: number; active: boolean }) => c.chapter_type === 1 && c.active).chapter_id;
  lessonId = (await post('/edit-lesson', { lesson_id: 0, chapter_id: chapterId, lesson_name: 'Essays', lang_id: 1 }, admin)).body.id;
  const [essay, genai] = [await task(16, 'Why test code?'), await task(17, 'Ask an AI about loops.')];
  expect(essay.status, JSON.stringify(essay.body)).toBe(200);
  expect(genai.status, JSON.stringify(genai.body)).toBe(200);
  [essayId, genaiId] = [essay.body.task_id, genai.body.task_id];

  // The teacher's group has the student; the outside teacher's group of the same course has the outsider; the other teacher teaches another course.
  const groups = await import('../../functions/src/groups');
  const mine = await groups.createGroupRecord({ name: 'Essay class', type: 0, group_key: 'essay-key', teacher_key: 'essay-teach', owner_id: uid.teacher, course_id: courseId });
  const theirs = await groups.createGroupRecord({ name: 'Other class', type: 0, group_key: 'other-key', teacher_key: 'other-teach', owner_id: uid.outsideTeacher, course_id: courseId });
  await groups.createGroupRecord({ name: 'Far class', type: 0, group_key: 'far-key', teacher_key: 'far-teach', owner_id: uid.otherTeacher, course_id: otherCourseId });
  await groups.addRelationRecord({ group_id: mine, user_id: uid.student, role: 'member', by_key: true });
  await groups.addRelationRecord({ group_id: theirs, user_id: uid.outsider, role: 'member', by_key: true });
}, 300_000);
afterAll(() => cloud?.stop());

let firstAttempt = 0;

describe('saving an essay through task-evaluate2', () => {
  it('stores a sanitised, non-empty attempt and lists it with time stamp and length', async () => {
    const res = await saveEssay('<p>Tests <strong>catch</strong> bugs.</p><script>alert(1)</script><img src="x" onerror="alert(2)">');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.saved).toBe(true);
    expect(res.body.result).toEqual({ rating: 0, answers: [] });
    const { list, locked } = await attemptsOf(essayId);
    expect(locked).toBe(false);
    expect(list).toHaveLength(1);
    const a = list[0]!;
    firstAttempt = a.id;
    expect(JSON.parse(a.answers)).toBe('<p>Tests <strong>catch</strong> bugs.</p><img src="x" />');
    expect(a).toMatchObject({ info: '', score: 0, max_score: 10, time_length: 40, length: 'Tests catch bugs.'.length });
    expect(Date.parse(a.time_stamp)).toBeGreaterThan(0);
  });

  it('stores nothing when the essay is unchanged, refuses an empty one (400)', async () => {
    const same = await saveEssay('<p>Tests <strong>catch</strong> bugs.</p><script>alert(1)</script><img src="x" onerror="alert(2)">');
    expect(same.status).toBe(200);
    expect(same.body.saved).toBe(false);
    const empty = await saveEssay('<p> &nbsp; </p>');
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('The essay is empty.');
    expect((await attemptsOf(essayId)).list).toHaveLength(1);
    const changed = await saveEssay('<p>Tests catch bugs early.</p>');
    expect(changed.body.saved).toBe(true);
    expect((await attemptsOf(essayId)).list.map((a) => JSON.parse(a.answers))).toEqual(['<p>Tests catch bugs early.</p>', '<p>Tests <strong>catch</strong> bugs.</p><img src="x" />']);
  });

  it('answers 400, never 500, to malformed answers', async () => {
    for (const answer_list of ['not json', '42', JSON.stringify({ html: 1 }), JSON.stringify('x'.repeat(60_001))]) {
      const res = await post('/task-evaluate2', { task_id: essayId, task_type_id: 16, time_length: 1, answer_list }, tok.student);
      expect(res.status, answer_list.slice(0, 20)).toBe(400);
    }
    expect((await post('/task-evaluate2', { task_id: essayId, task_type_id: 17, time_length: 1, answer_list: '"x"' }, tok.student)).status).toBe(400);
    expect((await post('/task-evaluate2', { task_id: essayId, task_type_id: 16, time_length: 'soon', answer_list: '"x"' }, tok.student)).status).toBe(400);
  });
});

describe('saving a GenAI dialogue', () => {
  const exchange = (n: number) => ({ prompt: `Question ${n}`, reply: `Answer ${n}`, reflection: `I learnt ${n}` });

  it('stores 1 to 10 exchanges when one field has text and something changed', async () => {
    const three = [exchange(1), exchange(2), exchange(3)];
    expect((await saveDialogue(three)).body.saved).toBe(true);
    expect((await saveDialogue(three)).body.saved).toBe(false);
    const blank = await saveDialogue([{ prompt: ' ', reply: '', reflection: '' }]);
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe('The dialogue is empty.');
    expect((await saveDialogue([])).status).toBe(400);
    expect((await saveDialogue(Array.from({ length: 11 }, (_, i) => exchange(i)))).status).toBe(400);
    expect((await saveDialogue(Array.from({ length: 10 }, (_, i) => exchange(i)))).body.saved).toBe(true);
    const { list } = await attemptsOf(genaiId);
    expect(list).toHaveLength(2);
    expect(JSON.parse(list[1]!.answers)).toEqual(three);
  });
});

describe('POST /save-essay-comment-to-attempt', () => {
  it('refuses a student, a teacher of another course and a teacher of a student not in their group', async () => {
    expect((await review({ attempt_id: firstAttempt, score: 5, comment: 'Mine!' }, tok.student)).status).toBe(403);
    expect((await review({ attempt_id: firstAttempt, score: 5, comment: 'Far' }, tok.otherTeacher)).status).toBe(403);
    expect((await review({ attempt_id: firstAttempt, score: 5, comment: 'Not mine' }, tok.outsideTeacher)).status).toBe(403);
    expect((await attemptsOf(essayId)).locked).toBe(false);
  });

  it('answers 400, never 500, to bad input, and 404 to an unknown attempt', async () => {
    for (const body of [{ attempt_id: firstAttempt, score: 'lots', comment: 'x' }, { attempt_id: firstAttempt, score: -1, comment: 'x' }, { attempt_id: firstAttempt, score: 5, comment: '   ' }, { attempt_id: firstAttempt, score: 5, comment: 'x'.repeat(5001) }, { attempt_id: 'one', score: 5, comment: 'x' }, { attempt_id: firstAttempt, score: 11, comment: 'Above the maximum' }]) {
      const res = await review(body);
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(400);
    }
    expect((await review({ attempt_id: 99_999_999, score: 5, comment: 'Nobody' })).status).toBe(404);
    expect((await review({ attempt_id: firstAttempt, score: 5, comment: 'Wrong task', task_id: genaiId })).status).toBe(404);
  });

  it('the teacher scores and comments: OK, the score and XP arrive once, the editing locks on the server', async () => {
    const xpBefore = await xpOf(tok.student);
    const res = await review({ attempt_id: firstAttempt, score: '7', comment: 'Good point, give an example.' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ message: 'OK' });
    const { list, locked } = await attemptsOf(essayId);
    expect(locked).toBe(true);
    expect(list.find((a) => a.id === firstAttempt)).toMatchObject({ info: 'Good point, give an example.', score: 7 });
    const xpAfter = await xpOf(tok.student);
    expect(xpAfter).toBeGreaterThan(xpBefore);

    // the same score again, and a lower one: the best score does not change and no XP arrives
    expect((await review({ attempt_id: firstAttempt, score: 7, comment: 'Again' })).status).toBe(200);
    expect((await review({ attempt_id: firstAttempt, score: 3, comment: 'Lower' })).status).toBe(200);
    expect(await xpOf(tok.student)).toBe(xpAfter);

    // a save sent straight to the API is refused with the spec's text
    const locked409 = await saveEssay('<p>I change my essay after the review.</p>');
    expect(locked409.status).toBe(409);
    expect(locked409.body.message).toBe(ESSAY_LOCKED);
    expect((await attemptsOf(essayId)).list).toHaveLength(2);
  });

  it('the teacher sees the attempts with their ids in the task detail; an admin may review too; the GenAI task locks as well', async () => {
    const chapterLesson = await get(`/get-active-chapters2/${courseId}`, tok.student);
    const chapterId = chapterLesson.body.chapter_list.find((c: { chapter_type: number; active: boolean }) => c.chapter_type === 1 && c.active).chapter_id;
    const detail = await post('/get-students-groups-task-detail', { course_id: courseId, chapter_id: chapterId, lesson_id: lessonId, task_id: essayId }, tok.teacher);
    expect(detail.status, JSON.stringify(detail.body)).toBe(200);
    const row = detail.body.students.find((s: { id: number }) => s.id === uid.student);
    expect(row.attempts_count).toBe(2);
    expect(row.attempts.find((a: { id: number }) => a.id === firstAttempt)).toMatchObject({ info: 'Lower', score: 3 });
    expect(row.score).toBe(7);

    const dialogue = (await attemptsOf(genaiId)).list[0]!;
    const byAdmin = await post('/save-essay-comment-to-attempt', { attempt_id: dialogue.id, score: 10, comment: 'Thoughtful reflections.', course_id: courseId, task_id: genaiId }, admin);
    expect(byAdmin.status, JSON.stringify(byAdmin.body)).toBe(200);
    const refused = await saveDialogue([{ prompt: 'More', reply: '', reflection: '' }]);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(ESSAY_LOCKED);
  });
});

describe('an essay in a competition', () => {
  it('is saved while the attempt runs and refused after its deadline, as an answer to a question is', async () => {
    const { UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
    const { db, table } = await import('../../functions/src/platform/db/client');
    const { catalogueKeys } = await import('../../functions/src/catalogue/keys');
    const weekly = (await get(`/get-competitions/${courseId}`, admin)).body.opened.find((c: { name: string }) => c.name === 'Weekly quiz').id as number;
    const lesson = (await post(`/get-lesson-list/${weekly}`, { lang_id: 1 }, admin)).body.element_list[0].id as number;
    const created = await post('/create-edit-task-all-lang', { lesson_id: lesson, task_id: 0, task_type_id: 16, max_score: '10', globals: '', content_list: [{ lang_id: 1, content: JSON.stringify({ content: '<p>Timed essay</p>', help: '' }), visible: 1 }] }, admin);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const setLimit = (seconds: number) => db.send(new UpdateCommand({ TableName: table(), Key: catalogueKeys.chapter(courseId, weekly), UpdateExpression: 'SET time_limit = :t', ExpressionAttributeValues: { ':t': seconds } }));
    await setLimit(2);
    try {
      const joined = await post('/add-my-competition', { comp_id: weekly, comp_key: '', course_id: courseId }, tok.student);
      expect(joined.status, JSON.stringify(joined.body)).toBe(200);
      const save = (text: string) => post('/task-evaluate2', { task_id: created.body.task_id, task_type_id: 16, time_length: 1, answer_list: JSON.stringify(`<p>${text}</p>`), activity_type: 'competition' }, tok.student);
      const inTime = await save('In time.');
      expect(inTime.status, JSON.stringify(inTime.body)).toBe(200);
      expect(inTime.body.saved).toBe(true);
      await new Promise((r) => setTimeout(r, 2500));
      const late = await save('Too late.');
      expect(late.status).toBe(409);
      expect(late.body.message).toBe('The competition has ended. Answers are no longer accepted.');
    } finally {
      await setLimit(900);
    }
  });
});
