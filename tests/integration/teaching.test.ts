/**
 * Teaching (issue 21 items 4-6) through the API on DynamoDB Local: the teacher dashboard's courses and
 * groups, the student tables by chapter, lesson and task, the task detail, and who sees what: a
 * teacher sees only the students of the groups they own or teach, full names only of those who joined
 * by key; a student, a teacher of another course and a teacher of another group of the same course
 * are refused (or see only their own group).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COURSE_CONTAINS_GROUPS } from '@lectio/shared/api/teaching';
import { addTestUser, eventually, startTestCloud, type TestCloud } from './helpers';

let cloud: TestCloud;
let admin: string;
let demoTeacher: string;
const tokens: Record<'teacherA' | 'teacherB' | 'teacherC' | 'byKey' | 'noKey' | 'studentB', string> = {
  teacherA: '', teacherB: '', teacherC: '', byKey: '', noKey: '', studentB: '',
};
const uid: Record<keyof typeof tokens, number> = { teacherA: 0, teacherB: 0, teacherC: 0, byKey: 0, noKey: 0, studentB: 0 };
let courseId: number;
let otherCourseId: number;
let chapterId: number;
let lessonId: number;
let taskId: number;
let groupA: number;
let groupA2: number;
let groupB: number;
let attempts = 0;

const get = (path: string, token: string) => cloud.api(`/api${path}`, { token });
const post = (path: string, json: unknown, token: string) => cloud.api(`/api${path}`, { method: 'POST', json, token });

const choice = JSON.stringify({ content: '<p>Pick yes</p>', help: '', answer_list: [{ answer: 'yes', feedback: '' }, { answer: 'no', feedback: '' }] });
const globals = JSON.stringify({ ratings: [100, 0], ignoreSpace: false, ignoreSeparators: false, caseSensitive: true, aqSome: false });

beforeAll(async () => {
  cloud = await startTestCloud('demo');
  [admin, demoTeacher] = await Promise.all([cloud.login('admin@example.com', 'admin-demo'), cloud.login('teacher@example.com', 'teacher-demo')]);
  const nick = { teacherA: 'tchra', teacherB: 'tchrb', teacherC: 'tchrc', byKey: 'stukey', noKey: 'stunokey', studentB: 'stub' } as const;
  for (const [role, name] of Object.entries(nick) as Array<[keyof typeof tokens, string]>) tokens[role] = await addTestUser(cloud, name);
  const { findUserByEmail } = await import('../../functions/src/accounts/users');
  for (const [role, name] of Object.entries(nick) as Array<[keyof typeof tokens, string]>) uid[role] = (await findUserByEmail(`${name}@example.com`))!.user_id;

  courseId = cloud.seed.demoCourseId!;
  const courses = (await get('/get-courses-for-teacher', tokens.teacherC)).body.list as Array<{ id: number }>;
  otherCourseId = courses.find((c) => c.id !== courseId)!.id;

  // A lesson with one question of the demo course's first open chapter; the student by key started the course.
  expect((await post(`/write-user-course/${courseId}`, {}, tokens.byKey)).status).toBe(200);
  const page = await get(`/get-active-chapters2/${courseId}`, tokens.byKey);
  chapterId = page.body.chapter_list.find((c: { chapter_type: number; active: boolean }) => c.chapter_type === 1 && c.active).chapter_id;
  lessonId = (await post('/edit-lesson', { lesson_id: 0, chapter_id: chapterId, lesson_name: 'Teaching check', lang_id: 1 }, admin)).body.id;
  const task = await post(
    '/create-edit-task-all-lang',
    { lesson_id: lessonId, task_id: 0, task_type_id: 3, max_score: '10', globals, content_list: [{ lang_id: 1, content: choice, visible: 1 }] },
    admin,
  );
  expect(task.status, JSON.stringify(task.body)).toBe(200);
  taskId = task.body.task_id;

  const groups = await import('../../functions/src/groups');
  groupA = await groups.createGroupRecord({ name: 'Alpha class', type: 0, group_key: 'alpha-key', teacher_key: 'alpha-teach', owner_id: uid.teacherA, course_id: courseId });
  groupA2 = await groups.createGroupRecord({ name: 'Alpha two', type: 0, group_key: 'alpha2-key', teacher_key: 'alpha2-teach', owner_id: uid.teacherA });
  groupB = await groups.createGroupRecord({ name: 'Beta class', type: 0, group_key: 'beta-key', teacher_key: 'beta-teach', owner_id: uid.teacherB, course_id: courseId });
  await groups.createGroupRecord({ name: 'Gamma class', type: 0, group_key: 'gamma-key', teacher_key: 'gamma-teach', owner_id: uid.teacherC, course_id: otherCourseId });
  await groups.addRelationRecord({ group_id: groupA, user_id: uid.byKey, role: 'member', by_key: true });
  await groups.addRelationRecord({ group_id: groupA, user_id: uid.noKey, role: 'member', by_key: false });
  await groups.addRelationRecord({ group_id: groupB, user_id: uid.studentB, role: 'member', by_key: true });

  for (const [who, course] of [['teacherA', courseId], ['teacherB', courseId], ['teacherC', otherCourseId]] as const) {
    expect((await post('/add-teacher-group', { course_id: course }, tokens[who])).body).toEqual({ message: 'OK' });
  }
  // The student by key answers the question right (options are shuffled per learner: the other one if the first was wrong).
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

type Row = { id: number; name: string; surname: string; group_id: number };
const ids = (rows: Row[]) => rows.map((r) => r.id).sort((a, b) => a - b);

describe('teacher dashboard', () => {
  it('lists the caller\u2019s courses with only the groups they own or teach', async () => {
    const a = await get('/get-teacher-courses', tokens.teacherA);
    expect(a.status).toBe(200);
    const course = a.body.list.find((c: { id: number }) => c.id === courseId);
    expect(course).toMatchObject({ id: courseId, course_name: expect.any(String), area_name: expect.any(String), area_color: expect.any(String) });
    expect(course.groups).toEqual([{ id: groupA, group_name: 'Alpha class' }]);
    const b = await get('/get-teacher-courses', tokens.teacherB);
    expect(b.body.list.find((c: { id: number }) => c.id === courseId).groups).toEqual([{ id: groupB, group_name: 'Beta class' }]);
    // A student who added nothing has an empty dashboard.
    expect((await get('/get-teacher-courses', tokens.byKey)).body).toEqual({ list: [] });
  });

  it('offers the courses not on the dashboard yet and the caller\u2019s own groups', async () => {
    const offered = (await get('/get-courses-for-teacher', tokens.teacherA)).body.list as Array<{ id: number }>;
    expect(offered.some((c) => c.id === courseId)).toBe(false);
    expect(offered.some((c) => c.id === otherCourseId)).toBe(true);
    const groups = (await get('/get-teaching-groups', tokens.teacherA)).body.teach_groups;
    expect(groups).toEqual([{ id: groupA, group_name: 'Alpha class' }, { id: groupA2, group_name: 'Alpha two' }]);
    expect((await get('/get-teaching-groups', tokens.byKey)).body.teach_groups).toEqual([]);
  });

  it('adds a group only once, only the caller\u2019s own, only to a course on their dashboard', async () => {
    expect((await post('/add-group-to-course', { group_id: groupA2, course_id: courseId }, tokens.teacherA)).body).toEqual({ message: 'OK' });
    const again = await post('/add-group-to-course', { group_id: groupA2, course_id: courseId }, tokens.teacherA);
    expect(again.status).toBe(409);
    expect((await post('/add-group-to-course', { group_id: groupB, course_id: courseId }, tokens.teacherA)).status).toBe(403);
    expect((await post('/add-group-to-course', { group_id: groupA2, course_id: otherCourseId }, tokens.teacherA)).status).toBe(403);
    expect((await post('/add-group-to-course', { group_id: groupA, course_id: courseId }, tokens.byKey)).status).toBe(403);
    expect((await post('/add-group-to-course', { group_id: 999999, course_id: courseId }, tokens.teacherA)).status).toBe(404);
    expect((await post('/add-group-to-course', { group_id: 'x', course_id: courseId }, tokens.teacherA)).status).toBe(400);
  });

  it('refuses to delete a course that contains groups, removes groups, then the course', async () => {
    const refused = await post('/delete-teacher-course', { course_id: courseId }, tokens.teacherA);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(COURSE_CONTAINS_GROUPS);
    // Another group's teacher and a student cannot remove Alpha two.
    expect((await post('/delete-group-from-course', { group_id: groupA2, course_id: courseId }, tokens.teacherB)).status).toBe(403);
    expect((await post('/delete-group-from-course', { group_id: groupA2, course_id: courseId }, tokens.byKey)).status).toBe(403);
    expect((await post('/delete-group-from-course', { group_id: groupA2, course_id: courseId }, tokens.teacherC)).status).toBe(403);
    expect((await post('/delete-group-from-course', { group_id: groupA2, course_id: courseId }, tokens.teacherA)).body).toEqual({ message: 'success' });
    // Teacher C's course has a group: a second course of C without groups goes.
    expect((await post('/add-teacher-group', { course_id: courseId }, tokens.teacherC)).body).toEqual({ message: 'OK' });
    expect((await post('/delete-teacher-course', { course_id: courseId }, tokens.teacherC)).body).toEqual({ message: 'success' });
    expect((await post('/delete-teacher-course', { course_id: courseId }, tokens.teacherC)).status).toBe(404);
    expect((await get('/get-teacher-courses', tokens.teacherC)).body.list.map((c: { id: number }) => c.id)).toEqual([otherCourseId]);
  });

  it('validates its input: 400, never 500', async () => {
    for (const body of [{}, { course_id: 'abc' }, { course_id: -1 }, { course_id: 1.5 }]) {
      expect((await post('/add-teacher-group', body, tokens.teacherA)).status).toBe(400);
      expect((await post('/delete-teacher-course', body, tokens.teacherA)).status).toBe(400);
    }
    expect((await post('/add-teacher-group', { course_id: 987654 }, tokens.teacherA)).status).toBe(404);
    expect((await cloud.api('/api/get-teacher-courses')).status).toBe(401);
  });
});

describe('student tables', () => {
  it('show a teacher the students of their own groups: full names by key, nicknames otherwise', async () => {
    const res = await post('/get-courses-groups-students', { course_id: courseId }, tokens.teacherA);
    expect(res.status).toBe(200);
    expect(res.body.groups).toEqual([{ id: groupA, group_name: 'Alpha class' }]);
    const rows = res.body.students as Row[];
    expect(ids(rows)).toEqual([uid.byKey, uid.noKey].sort((a, b) => a - b));
    expect(rows.find((r) => r.id === uid.byKey)).toEqual({ id: uid.byKey, name: 'stukey', surname: 'Tester', group_id: groupA });
    expect(rows.find((r) => r.id === uid.noKey)).toEqual({ id: uid.noKey, name: 'stunokey', surname: '', group_id: groupA });
    // Teacher B sees only Beta's student; the demo teacher (teacher grant) sees both groups.
    expect(ids((await post('/get-courses-groups-students', { course_id: courseId }, tokens.teacherB)).body.students)).toEqual([uid.studentB]);
    const all = await post('/get-courses-groups-students', { course_id: courseId, group_ids: [groupA, groupB] }, demoTeacher);
    expect(ids(all.body.students)).toEqual([uid.byKey, uid.noKey, uid.studentB].sort((a, b) => a - b));
    expect(all.body.groups.map((g: { id: number }) => g.id)).toEqual(expect.arrayContaining([groupA, groupB]));
    const chosen = await post('/get-courses-groups-students', { course_id: courseId, group_ids: [groupB] }, demoTeacher);
    expect(ids(chosen.body.students)).toEqual([uid.studentB]);
  });

  it('score the student\u2019s progress by chapter, lesson and task, and list the attempts', async () => {
    const chapters = await eventually(
      () => post('/get-students-groups-chapters', { course_id: courseId }, tokens.teacherA),
      (r) => r.body.students?.find((s: Row) => s.id === uid.byKey)?.chapters.find((c: { id: number }) => c.id === chapterId)?.score_tasks >= 10,
      10_000,
    );
    expect(chapters.status).toBe(200);
    expect(chapters.body.course.id).toBe(courseId);
    const column = chapters.body.chapters.find((c: { id: number }) => c.id === chapterId);
    expect(column.max_tasks).toBeGreaterThanOrEqual(1);
    expect(chapters.body.students.find((s: Row) => s.id === uid.byKey).chapters.find((c: { id: number }) => c.id === chapterId)).toMatchObject({ score_tasks: 10, passed_tasks: 1 });
    expect(chapters.body.students.find((s: Row) => s.id === uid.noKey).chapters.every((c: { score_tasks: number }) => c.score_tasks === 0)).toBe(true);

    const lessons = await post('/get-students-groups-lessons', { course_id: courseId, chapter_id: chapterId }, tokens.teacherA);
    expect(lessons.status).toBe(200);
    expect(lessons.body.chapter.id).toBe(chapterId);
    expect(lessons.body.lessons.find((l: { id: number }) => l.id === lessonId)).toMatchObject({ name: 'Teaching check', max_tasks: 1, max_score_tasks: 10 });
    expect(lessons.body.students.find((s: Row) => s.id === uid.byKey).lessons.find((l: { id: number }) => l.id === lessonId)).toMatchObject({ score_tasks: 10 });

    const tasks = await eventually(
      () => post('/get-students-groups-tasks', { course_id: courseId, chapter_id: chapterId, lesson_id: lessonId }, tokens.teacherA),
      (r) => r.body.students?.find((s: Row) => s.id === uid.byKey)?.tasks[0]?.score_tasks === 10,
      10_000,
    );
    expect(tasks.body.tasks).toEqual([expect.objectContaining({ id: taskId, name: '1', task_type_id: 3, max_score: 10, max_tasks: 1 })]);
    expect(tasks.body.students.find((s: Row) => s.id === uid.byKey).tasks[0]).toEqual({ id: taskId, score_tasks: 10, score_programs: 0, passed_tasks: 1, passed_programs: 0, passed: 1, attempts });
    expect(tasks.body.students.find((s: Row) => s.id === uid.noKey).tasks[0]).toMatchObject({ score_tasks: 0, attempts: 0 });

    const detail = await post('/get-students-groups-task-detail', { course_id: courseId, chapter_id: chapterId, lesson_id: lessonId, task_id: taskId }, tokens.teacherA);
    expect(detail.status).toBe(200);
    const row = detail.body.students.find((s: Row) => s.id === uid.byKey);
    expect(row).toMatchObject({ score: 10, passed: 1, attempts_count: attempts });
    expect(row.attempts).toHaveLength(attempts);
    expect(row.attempts[0]).toEqual(expect.objectContaining({ attempt: attempts, score: 10, rating: 100 }));
  });

  it('answer 404 for a chapter, lesson or task outside the course and 400 for bad input', async () => {
    expect((await post('/get-students-groups-lessons', { course_id: courseId, chapter_id: 987654 }, tokens.teacherA)).status).toBe(404);
    expect((await post('/get-students-groups-tasks', { course_id: courseId, chapter_id: chapterId, lesson_id: 987654 }, tokens.teacherA)).status).toBe(404);
    expect((await post('/get-students-groups-task-detail', { course_id: courseId, chapter_id: chapterId, lesson_id: lessonId, task_id: 987654 }, tokens.teacherA)).status).toBe(404);
    expect((await post('/get-students-groups-chapters', { course_id: 987654 }, tokens.teacherA)).status).toBe(404);
    for (const body of [{}, { course_id: 'x' }, { course_id: courseId, group_ids: 'all' }, { course_id: courseId, group_ids: Array.from({ length: 51 }, (_, i) => i + 1) }]) {
      expect((await post('/get-students-groups-chapters', body, tokens.teacherA)).status).toBe(400);
    }
    expect((await post('/get-students-groups-tasks', { course_id: courseId, chapter_id: chapterId }, tokens.teacherA)).status).toBe(400);
  });

  it('the Competitions tab: the course\u2019s competition chapters and the same students', async () => {
    const groups = await post('/get-teaching-groups-competitions', { course_id: courseId }, tokens.teacherA);
    expect(groups.body).toEqual({ groups: [{ id: groupA, group_name: 'Alpha class' }] });
    const table = await post('/get-students-groups-competitions', { course_id: courseId }, tokens.teacherA);
    expect(table.status).toBe(200);
    expect(ids(table.body.students)).toEqual([uid.byKey, uid.noKey].sort((a, b) => a - b));
    for (const c of table.body.chapters) expect(c).toEqual({ id: expect.any(Number), chapter_name: expect.any(String), max_tasks: expect.any(Number), max_programs: expect.any(Number) });
  });
});

describe('demo class (issue 21 item 8)', () => {
  it('the demo teacher has the demo course with Class 1.A: 30 students with varied progress, nicknames for those added without the key', async () => {
    const dashboard = await get('/get-teacher-courses', demoTeacher);
    const course = dashboard.body.list.find((c: { id: number }) => c.id === courseId);
    const demoClass = course.groups.find((g: { group_name: string }) => g.group_name === 'Class 1.A');
    expect(demoClass).toBeTruthy();
    const table = await eventually(
      () => post('/get-students-groups-chapters', { course_id: courseId, group_ids: [demoClass.id] }, demoTeacher),
      (r) => r.body.students?.some((s: { chapters: Array<{ score_tasks: number }> }) => s.chapters.some((c) => c.score_tasks > 0)),
      15_000,
    );
    expect(table.body.students).toHaveLength(30);
    const totals = table.body.students.map((s: { chapters: Array<{ score_tasks: number; score_programs: number }> }) => s.chapters.reduce((n, c) => n + c.score_tasks + c.score_programs, 0));
    expect(new Set(totals).size).toBeGreaterThan(3);
    expect(table.body.students.filter((s: Row) => s.surname === '')).toHaveLength(6);
  });
});

describe('who may not (issue 21 item 6)', () => {
  const tableCalls = (): Array<[string, Record<string, unknown>]> => [
    ['/get-courses-groups-students', { course_id: courseId }],
    ['/get-teaching-groups-course', { course_id: courseId }],
    ['/get-teaching-groups-in-course', { course_id: courseId }],
    ['/get-teaching-groups-competitions', { course_id: courseId }],
    ['/get-students-groups-chapters', { course_id: courseId }],
    ['/get-students-groups-lessons', { course_id: courseId, chapter_id: chapterId }],
    ['/get-students-groups-tasks', { course_id: courseId, chapter_id: chapterId, lesson_id: lessonId }],
    ['/get-students-groups-task-detail', { course_id: courseId, chapter_id: chapterId, lesson_id: lessonId, task_id: taskId }],
    ['/get-students-groups-competitions', { course_id: courseId }],
  ];

  it('a student (even one of the group) and a teacher of another course are refused every table', async () => {
    for (const [path, body] of tableCalls()) {
      for (const who of ['byKey', 'noKey', 'teacherC'] as const) {
        const res = await post(path, body, tokens[who]);
        expect(res.status, `${path} as ${who}`).toBe(403);
        expect(JSON.stringify(res.body)).not.toContain('stukey');
      }
    }
  });

  it('a teacher of another group of the same course sees only their own group, and is refused the other', async () => {
    for (const [path, body] of tableCalls()) {
      const own = await post(path, body, tokens.teacherB);
      expect(own.status, path).toBe(200);
      const text = JSON.stringify(own.body);
      expect(text, path).not.toContain('stukey');
      expect(text, path).not.toContain('stunokey');
      expect(text, path).not.toContain('Alpha class');
      if (path.includes('-students-') || path.includes('courses-groups')) {
        expect((await post(path, { ...body, group_ids: [groupA] }, tokens.teacherB)).status, path).toBe(403);
      }
    }
  });

  it('the dashboard\u2019s changes: a student and other teachers cannot touch another\u2019s group or course', async () => {
    expect((await post('/delete-group-from-course', { group_id: groupA, course_id: courseId }, tokens.teacherB)).status).toBe(403);
    expect((await post('/delete-group-from-course', { group_id: groupA, course_id: courseId }, tokens.byKey)).status).toBe(403);
    expect((await post('/add-group-to-course', { group_id: groupA, course_id: otherCourseId }, tokens.teacherC)).status).toBe(403);
    // Deleting someone else's dashboard course is impossible: the course is per caller.
    expect((await post('/delete-teacher-course', { course_id: otherCourseId }, tokens.teacherA)).status).toBe(404);
    expect((await get('/get-teacher-courses', tokens.teacherC)).body.list.map((c: { id: number }) => c.id)).toEqual([otherCourseId]);
  });
});
