/**
 * Teaching: one student seen by their teacher (issue 21 item 5: student_detail, student_chapter) through
 * the API on DynamoDB Local. The teacher of the student's group sees the student's courses with chapter
 * scores and a chapter's lessons and tasks with real progress; a student, a teacher of another course and
 * a teacher of another group of the same course are refused with no data; bad input is 400.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTestUser, eventually, startTestCloud, type TestCloud } from './helpers';

let cloud: TestCloud;
let admin: string;
const tokens: Record<'teacherA' | 'teacherB' | 'teacherC' | 'byKey' | 'noKey', string> = { teacherA: '', teacherB: '', teacherC: '', byKey: '', noKey: '' };
const uid: Record<keyof typeof tokens, number> = { teacherA: 0, teacherB: 0, teacherC: 0, byKey: 0, noKey: 0 };
let courseId: number;
let otherCourseId: number;
let chapterId: number;
let lessonId: number;
let taskId: number;
let groupA: number;
let attempts = 0;

const post = (path: string, json: unknown, token: string) => cloud.api(`/api${path}`, { method: 'POST', json, token });

const choice = JSON.stringify({ content: '<p>Pick yes</p>', help: '', answer_list: [{ answer: 'yes', feedback: '' }, { answer: 'no', feedback: '' }] });
const globals = JSON.stringify({ ratings: [100, 0], ignoreSpace: false, ignoreSeparators: false, caseSensitive: true, aqSome: false });

beforeAll(async () => {
  cloud = await startTestCloud('demo');
  admin = await cloud.login('admin@example.com', 'admin-demo');
  const nick = { teacherA: 'stdta', teacherB: 'stdtb', teacherC: 'stdtc', byKey: 'stdkey', noKey: 'stdnokey' } as const;
  for (const [role, name] of Object.entries(nick) as Array<[keyof typeof tokens, string]>) tokens[role] = await addTestUser(cloud, name);
  const { findUserByEmail } = await import('../../functions/src/accounts/users');
  for (const [role, name] of Object.entries(nick) as Array<[keyof typeof tokens, string]>) uid[role] = (await findUserByEmail(`${name}@example.com`))!.user_id;

  courseId = cloud.seed.demoCourseId!;
  const courses = (await cloud.api('/api/get-courses-for-teacher', { token: tokens.teacherC })).body.list as Array<{ id: number }>;
  otherCourseId = courses.find((c) => c.id !== courseId)!.id;

  expect((await post(`/write-user-course/${courseId}`, {}, tokens.byKey)).status).toBe(200);
  const page = await cloud.api(`/api/get-active-chapters2/${courseId}`, { token: tokens.byKey });
  chapterId = page.body.chapter_list.find((c: { chapter_type: number; active: boolean }) => c.chapter_type === 1 && c.active).chapter_id;
  lessonId = (await post('/edit-lesson', { lesson_id: 0, chapter_id: chapterId, lesson_name: 'Student check', lang_id: 1 }, admin)).body.id;
  const task = await post(
    '/create-edit-task-all-lang',
    { lesson_id: lessonId, task_id: 0, task_type_id: 3, max_score: '10', globals, content_list: [{ lang_id: 1, content: choice, visible: 1 }] },
    admin,
  );
  expect(task.status, JSON.stringify(task.body)).toBe(200);
  taskId = task.body.task_id;

  const groups = await import('../../functions/src/groups');
  groupA = await groups.createGroupRecord({ name: 'Delta class', type: 0, group_key: 'delta-key', teacher_key: 'delta-teach', owner_id: uid.teacherA, course_id: courseId });
  await groups.createGroupRecord({ name: 'Epsilon class', type: 0, group_key: 'eps-key', teacher_key: 'eps-teach', owner_id: uid.teacherB, course_id: courseId });
  await groups.createGroupRecord({ name: 'Zeta class', type: 0, group_key: 'zeta-key', teacher_key: 'zeta-teach', owner_id: uid.teacherC, course_id: otherCourseId });
  await groups.addRelationRecord({ group_id: groupA, user_id: uid.byKey, role: 'member', by_key: true });
  await groups.addRelationRecord({ group_id: groupA, user_id: uid.noKey, role: 'member', by_key: false });
  for (const [who, course] of [['teacherA', courseId], ['teacherB', courseId], ['teacherC', otherCourseId]] as const) {
    expect((await post('/add-teacher-group', { course_id: course }, tokens[who])).body).toEqual({ message: 'OK' });
  }
  for (const option of [0, 1]) {
    const evaluated = await post('/task-evaluate2', { task_id: taskId, task_type_id: 3, time_length: 5, answer_list: JSON.stringify([option]), activity_type: 1 }, tokens.byKey);
    expect(evaluated.status, JSON.stringify(evaluated.body)).toBe(200);
    attempts++;
    if (evaluated.body.result.rating === 100) break;
  }
}, 120_000);

afterAll(async () => {
  await cloud?.stop();
});

type Scored = { id: number; score_tasks: number; passed_tasks: number; max_tasks: number };
type Task = { id: number; score: number; passed: number; attempts: number; max_score: number };

describe('student detail', () => {
  it('shows the student\u2019s courses the caller teaches, with chapter scores and the full name of a student by key', async () => {
    const res = await post('/get-student-detail', { student_id: uid.byKey }, tokens.teacherA);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.student).toEqual({ id: uid.byKey, name: expect.any(String), surname: expect.any(String) });
    expect(res.body.courses.map((c: { id: number }) => c.id)).toEqual([courseId]);
    const course = res.body.courses[0];
    expect(course.groups).toEqual([{ id: groupA, group_name: 'Delta class' }]);
    const chapter = course.chapters.find((c: Scored) => c.id === chapterId) as Scored;
    expect(chapter.max_tasks).toBeGreaterThan(0);
    const again = await eventually(
      () => post('/get-student-detail', { student_id: uid.byKey }, tokens.teacherA),
      (r) => r.body.courses?.[0]?.chapters.find((x: Scored) => x.id === chapterId)?.score_tasks >= 10,
      10_000,
    );
    expect(again.body.courses[0].chapters.find((x: Scored) => x.id === chapterId)).toMatchObject({ score_tasks: 10, passed_tasks: 1 });
  });

  it('shows a student who joined without the key by nickname only', async () => {
    const res = await post('/get-student-detail', { student_id: uid.noKey }, tokens.teacherA);
    expect(res.status).toBe(200);
    expect(res.body.student).toEqual({ id: uid.noKey, name: 'stdnokey', surname: '' });
  });

  it('refuses a student, a teacher of another course and a teacher of another group of the course, with no data', async () => {
    for (const token of [tokens.noKey, tokens.byKey, tokens.teacherB, tokens.teacherC]) {
      const res = await post('/get-student-detail', { student_id: uid.byKey }, token);
      expect(res.status).toBe(403);
      expect(res.body.courses).toBeUndefined();
      expect(res.body.message).toBe('Forbidden.');
    }
    // A teacher asking for someone in none of their groups (here: another teacher) is refused too.
    expect((await post('/get-student-detail', { student_id: uid.teacherB }, tokens.teacherA)).status).toBe(403);
  });

  it('shows everything to the admin', async () => {
    const res = await post('/get-student-detail', { student_id: uid.byKey }, admin);
    expect(res.status).toBe(200);
    expect(res.body.courses.map((c: { id: number }) => c.id)).toContain(courseId);
  });

  it('validates its input: 400, never 500', async () => {
    for (const body of [{}, { student_id: 'abc' }, { student_id: -1 }, { student_id: 1.5 }]) {
      expect((await post('/get-student-detail', body, tokens.teacherA)).status).toBe(400);
      expect((await post('/get-student-chapter', { chapter_id: chapterId, ...body }, tokens.teacherA)).status).toBe(400);
    }
    expect((await post('/get-student-chapter', { student_id: uid.byKey, chapter_id: 'x' }, tokens.teacherA)).status).toBe(400);
    expect((await post('/get-student-chapter', { student_id: uid.byKey }, tokens.teacherA)).status).toBe(400);
  });
});

describe('student chapter', () => {
  it('shows the chapter\u2019s lessons and tasks with the student\u2019s score, passed and attempts', async () => {
    const res = await eventually(
      () => post('/get-student-chapter', { student_id: uid.byKey, chapter_id: chapterId }, tokens.teacherA),
      (r) => r.body.lessons?.find((l: { id: number }) => l.id === lessonId)?.tasks[0]?.score === 10,
      10_000,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.course.id).toBe(courseId);
    expect(res.body.chapter.id).toBe(chapterId);
    expect(res.body.student.id).toBe(uid.byKey);
    expect(res.body.chapter_score).toMatchObject({ id: chapterId, score_tasks: 10, passed_tasks: 1 });
    const found = res.body.lessons.find((l: { id: number }) => l.id === lessonId);
    expect(found).toMatchObject({ name: 'Student check', score_tasks: 10, passed_tasks: 1, max_tasks: 1 });
    expect(found.tasks).toHaveLength(1);
    expect(found.tasks[0] as Task).toMatchObject({ id: taskId, score: 10, passed: 1, attempts, max_score: 10 });
    // A student without progress: zeros, same columns.
    const none = await post('/get-student-chapter', { student_id: uid.noKey, chapter_id: chapterId }, tokens.teacherA);
    expect(none.status).toBe(200);
    const lesson = none.body.lessons.find((l: { id: number }) => l.id === lessonId);
    expect(lesson.tasks[0]).toMatchObject({ id: taskId, score: 0, passed: 0, attempts: 0 });
  });

  it('refuses a student, a teacher of another course and of another group; an unknown chapter is 404', async () => {
    for (const token of [tokens.byKey, tokens.teacherB, tokens.teacherC]) {
      const res = await post('/get-student-chapter', { student_id: uid.byKey, chapter_id: chapterId }, token);
      expect(res.status).toBe(403);
      expect(res.body.lessons).toBeUndefined();
    }
    const missing = await post('/get-student-chapter', { student_id: uid.byKey, chapter_id: 99999999 }, tokens.teacherA);
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Chapter not found.');
  });
});
