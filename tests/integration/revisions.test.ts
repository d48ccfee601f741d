/**
 * Revisions domain routes (spec/3 §2, §3 Revision, §4 "Revisions", §5, §7 "Revisions", §9; issue 22
 * item 4) on DynamoDB Local: the teacher's page (list, create, edit, delete) with the spec's texts in
 * order, bad input, and callers who may not (a student, a teacher of another course, a teacher of
 * another group of the same course); the student's list and attempt (members only, inside the open
 * window, tasks picked once, deadline from the time limit).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { revisionTexts } from '@lectio/shared/api/revisions';
import { addTestUser, eventually, startTestCloud, type TestCloud } from './helpers';

let cloud: TestCloud;
let admin: string;
let teacher: string;
/** Teacher of another group of the same course. */
let bob: string;
/** Teacher of another course. */
let carol: string;
/** Member of Class 1.A. */
let stu: string;
/** Not a member of Class 1.A. */
let sam: string;
let courseId: number;
let classId: number;
let bobGroup: number;
let chapterId: number;
let typeId: number;
let available: number;

const post = (path: string, json: unknown, token?: string) => cloud.api(`/api${path}`, { method: 'POST', json, token });
const form = (over: Record<string, unknown> = {}) => ({
  course_id: courseId, rev_id: 0, rev_title: 'Loops revision', rev_key: '', time_limit: 450, task_number: 1,
  open_begin: '', open_end: '', check_OB: 0, check_OE: 0, rev_style: 0,
  question_type_list: String(typeId), chapter_list: String(chapterId), group_list: [classId], ungroup_list: [], ...over,
});

beforeAll(async () => {
  cloud = await startTestCloud('demo');
  admin = await cloud.login('admin@example.com', 'admin-demo');
  teacher = await cloud.login('teacher@example.com', 'teacher-demo');
  [bob, carol, stu, sam] = (await Promise.all(['rbob', 'rcarol', 'rstu', 'rsam'].map((n) => addTestUser(cloud, n)))) as [string, string, string, string];
  courseId = cloud.seed.demoCourseId!;
  const page = await post('/get-course-revisions', { course_id: courseId }, teacher);
  expect(page.status).toBe(200);
  classId = page.body.groups.find((g: { name: string }) => g.name === 'Class 1.A').id;
  // The chapter and task type with the most tasks.
  let best = { chapter: 0, type: 0, count: 0 };
  for (const c of page.body.chapters) for (const [k, v] of Object.entries(c)) if (/^T\d+$/.test(k) && Number(v) > best.count) best = { chapter: c.id, type: Number(k.slice(1)), count: Number(v) };
  expect(best.count).toBeGreaterThan(0);
  [chapterId, typeId, available] = [best.chapter, best.type, best.count];
  expect((await post('/add-student-to-course-group', { group_id: classId, group_key: 'class-1a-key', course_id: courseId }, stu)).status).toBe(200);
  bobGroup = (await post('/edit-course-group', { group_id: 0, group_name: 'Class 1.B', group_key: 'key-1b-st', teacher_key: 'key-1b-te', course_id: courseId }, bob)).body.id;
  const other = await post('/create-edit-course-all-lang', { course_id: 0, area_id: 1, color: '#000000', content_list: [{ lang_id: 1, content: 'Revisions other course' }] }, admin);
  await post('/edit-course-group', { group_id: 0, group_name: 'Other 2.C', group_key: 'key-2c-st', teacher_key: 'key-2c-te', course_id: other.body.id }, carol);
});
afterAll(() => cloud?.stop());

describe('teacher revisions page', () => {
  let revId: number;

  it('lists chapters with per-task-type counts and the teacher\u2019s groups', async () => {
    const page = await post('/get-course-revisions', { course_id: courseId }, teacher);
    expect(page.body.revisions).toEqual([]);
    expect(page.body.chapters[0]).toEqual(expect.objectContaining({ id: expect.any(Number), title: expect.any(String) }));
    expect(page.body.groups).toEqual(expect.arrayContaining([{ id: classId, name: 'Class 1.A' }, { id: bobGroup, name: 'Class 1.B' }]));
    // A teacher of one group sees only that group.
    expect((await post('/get-course-revisions', { course_id: courseId }, bob)).body.groups).toEqual([{ id: bobGroup, name: 'Class 1.B' }]);
  });

  it('checks a save in the spec\u2019s order with its texts', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ rev_title: ' ', chapter_list: '', question_type_list: '', task_number: 0 }, revisionTexts.titleMissing],
      [{ chapter_list: '', question_type_list: '', task_number: 0 }, revisionTexts.noChapters],
      [{ question_type_list: '', task_number: 0 }, revisionTexts.noTaskTypes],
      [{ task_number: available + 1 }, revisionTexts.notEnoughTasks],
      [{ task_number: 0 }, revisionTexts.noTasks],
    ];
    for (const [over, text] of cases) {
      const res = await post('/create-edit-revision', form(over), teacher);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(text);
    }
  });

  it('creates, edits and lists a revision opened to Class 1.A', async () => {
    const made = await post('/create-edit-revision', form({ task_number: Math.min(available, 3) }), teacher);
    expect(made.status).toBe(200);
    expect(made.body).toEqual({ message: 'OK', id: expect.any(Number) });
    revId = made.body.id;
    const edited = await post('/create-edit-revision', form({ rev_id: revId, rev_title: 'Loops revision 2', time_limit: 60, task_number: Math.min(available, 2), rev_style: 1 }), teacher);
    expect(edited.body).toEqual({ message: 'OK', id: revId });
    const page = await post('/get-course-revisions', { course_id: courseId }, teacher);
    expect(page.body.revisions).toEqual([expect.objectContaining({ id: revId, rev_title: 'Loops revision 2', time_limit: 60, rev_style: 1, groupList: [{ id: classId }] })]);
  });

  it('refuses bad input with 400', async () => {
    for (const body of [
      form({ rev_title: 'x'.repeat(201) }),
      form({ chapter_list: '1,,2' }),
      form({ rev_style: 2 }),
      form({ task_number: 'ten' }),
      form({ group_list: Array.from({ length: 201 }, (_, i) => i) }),
      { course_id: courseId },
    ]) expect((await post('/create-edit-revision', body, teacher)).status).toBe(400);
    expect((await post('/get-course-revisions', { course_id: 'abc' }, teacher)).status).toBe(400);
    expect((await post('/delete-revision', { course_id: courseId }, teacher)).status).toBe(400);
    expect((await post('/get-student-revision', { course_id: courseId, rev_id: -1 }, stu)).status).toBe(400);
    expect((await post('/get-student-revisions', {}, stu)).status).toBe(400);
  });

  it('refuses a student, a teacher of another course and a teacher of another group of the same course', async () => {
    for (const who of [stu, carol]) {
      expect((await post('/get-course-revisions', { course_id: courseId }, who)).status).toBe(403);
      expect((await post('/create-edit-revision', form(), who)).status).toBe(403);
      expect((await post('/delete-revision', { course_id: courseId, rev_id: revId }, who)).status).toBe(403);
    }
    expect((await post('/get-course-revisions', { course_id: courseId }, bob)).body.revisions).toEqual([]);
    expect((await post('/create-edit-revision', form(), bob)).status).toBe(403);
    expect((await post('/create-edit-revision', form({ rev_id: revId, group_list: [bobGroup] }), bob)).status).toBe(403);
    expect((await post('/delete-revision', { course_id: courseId, rev_id: revId }, bob)).status).toBe(403);
    expect((await post('/get-course-revisions', { course_id: courseId }, stu)).status).toBe(403);
  });

  it('a member takes it; the tasks are picked once; a non-member cannot open it', async () => {
    const list = await post('/get-student-revisions', { course_id: courseId }, stu);
    expect(list.body.opened).toEqual([{ id: revId, rev_title: 'Loops revision 2', time_limit: 60, task_number: Math.min(available, 2), chapter_count: 1 }]);
    expect((await post('/get-student-revisions', { course_id: courseId }, sam)).body.opened).toEqual([]);
    const first = await post('/get-student-revision', { course_id: courseId, rev_id: revId }, stu);
    expect(first.status).toBe(200);
    expect(first.body.message).toBe('OK');
    expect(first.body.opened.tasks).toHaveLength(Math.min(available, 2));
    expect(first.body.opened.status).toBe('running');
    expect(first.body.opened.deadline - first.body.opened.started_at).toBe(60_000);
    const again = await post('/get-student-revision', { course_id: courseId, rev_id: revId }, stu);
    expect(again.body.opened.tasks).toEqual(first.body.opened.tasks);
    expect(again.body.opened.deadline).toBe(first.body.opened.deadline);
    const refused = await post('/get-student-revision', { course_id: courseId, rev_id: revId }, sam);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(revisionTexts.notOpened);
    expect((await post('/get-student-revision', { course_id: courseId, rev_id: 999_999 }, stu)).status).toBe(404);
  });

  it('is refused outside its open window, and an attempt past its deadline is closed', async () => {
    // The spec's 'YYYY-MM-DD HH:MM:00' in UTC.
    const spec = (ms: number) => `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')}:00`;
    const soon = spec(Date.now() + 3_600_000);
    const past = spec(Date.now() - 3_600_000);
    const later = (await post('/create-edit-revision', form({ rev_title: 'Later', check_OB: 1, open_begin: soon }), teacher)).body.id;
    const over = (await post('/create-edit-revision', form({ rev_title: 'Over', check_OE: 1, open_end: past }), teacher)).body.id;
    const short = (await post('/create-edit-revision', form({ rev_title: 'Short', time_limit: 1 }), teacher)).body.id;
    const ids = (await post('/get-student-revisions', { course_id: courseId }, stu)).body.opened.map((r: { id: number }) => r.id);
    expect(ids).toContain(short);
    expect(ids).not.toContain(later);
    expect(ids).not.toContain(over);
    const notYet = await post('/get-student-revision', { course_id: courseId, rev_id: later }, stu);
    expect([notYet.status, notYet.body.message]).toEqual([403, revisionTexts.notOpenYet]);
    const closed = await post('/get-student-revision', { course_id: courseId, rev_id: over }, stu);
    expect([closed.status, closed.body.message]).toEqual([403, revisionTexts.closed]);
    expect((await post('/get-student-revision', { course_id: courseId, rev_id: short }, stu)).body.opened.status).toBe('running');
    await new Promise((r) => setTimeout(r, 1_200));
    const after = await post('/get-student-revision', { course_id: courseId, rev_id: short }, stu);
    expect(after.body.opened.status).toBe('closed');
    expect(after.body.opened.remaining_ms).toBe(0);
  });

  it('deletes a revision', async () => {
    expect((await post('/delete-revision', { course_id: courseId, rev_id: revId }, teacher)).body).toEqual({ message: 'OK' });
    expect((await post('/delete-revision', { course_id: courseId, rev_id: revId }, teacher)).status).toBe(404);
    expect((await post('/get-student-revisions', { course_id: courseId }, stu)).body.opened.map((r: { id: number }) => r.id)).not.toContain(revId);
  });
});

describe('taking a revision (answers, Submit ALL, the server\u2019s close, the teacher\u2019s overview)', () => {
  let quizChapter = 0;
  let quizType = 0;
  /** A second member of Class 1.A who never starts. */
  let idle: string;
  const started = (revId: number, token = stu) => post('/get-student-revision', { course_id: courseId, rev_id: revId }, token);
  const evaluate = (revId: number, task: { task_id: number; task_type_id: number }, answer: string, token = stu) =>
    post('/revision-evaluate', { course_id: courseId, rev_id: revId, task_id: task.task_id, task_type_id: task.task_type_id, time_length: 3, answer_list: answer }, token);
  const quiz = async (over: Record<string, unknown>) =>
    (await post('/create-edit-revision', form({ chapter_list: String(quizChapter), question_type_list: String(quizType), task_number: 1, ...over }), teacher)).body.id as number;

  beforeAll(async () => {
    const page = await post('/get-course-revisions', { course_id: courseId }, teacher);
    // a chapter with a single-choice question (type 3)
    const withQuiz = page.body.chapters.find((c: Record<string, unknown>) => Number(c.T3 ?? 0) > 0);
    expect(withQuiz).toBeTruthy();
    [quizChapter, quizType] = [withQuiz.id, 3];
    idle = await addTestUser(cloud, 'ridle');
    expect((await post('/add-student-to-course-group', { group_id: classId, group_key: 'class-1a-key', course_id: courseId }, idle)).status).toBe(200);
  });

  it('a member answers: the best score is kept in the attempt, the chapter\u2019s progress is untouched', async () => {
    const revId = await quiz({ rev_title: 'Quiz', time_limit: 600 });
    const start = await started(revId);
    expect(start.body.opened).toEqual(expect.objectContaining({ status: 'running', score: 0, ended_at: null }));
    const [task] = start.body.opened.task_list;
    expect(task.task_type_id).toBe(3);
    expect(start.body.opened.server_now).toBeGreaterThan(0);
    const options = (JSON.parse(task.content) as { answer_list: unknown[] }).answer_list.length;
    let best = 0;
    for (let i = 0; i < options; i++) {
      const res = await evaluate(revId, task, `[${i}]`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      best = Math.max(best, res.body.result.rating);
      expect(res.body.task.rating).toBe(best);
    }
    expect(best).toBe(100);
    const after = await started(revId);
    expect(after.body.opened.results).toEqual([expect.objectContaining({ task_id: task.task_id, rating: 100, attempts: options })]);
    expect(after.body.opened.score).toBe(after.body.opened.max_score);
    // the chapter's own progress of that task: no attempt recorded
    await new Promise((r) => setTimeout(r, 300));
    expect((await post('/get-my-answers', { task_id: task.task_id }, stu)).body.list).toEqual([]);
    // Submit ALL closes it; an answer after it is refused; the result stays
    expect((await post('/close-revision', { course_id: courseId, rev_id: revId }, stu)).body).toEqual({ message: 'OK', status: 'finished', score: after.body.opened.score });
    const late = await evaluate(revId, task, '[0]');
    expect([late.status, late.body.message]).toEqual([409, revisionTexts.over]);
    const result = await started(revId);
    expect(result.body.opened).toEqual(expect.objectContaining({ status: 'closed', task_list: [], score: after.body.opened.score }));
    expect(result.body.opened.ended_at).toBeGreaterThanOrEqual(result.body.opened.started_at);
  });

  it('is closed on the server at the deadline with no client, then answers are refused', async () => {
    const revId = await quiz({ rev_title: 'Quick', time_limit: 2 });
    const [task] = (await started(revId)).body.opened.task_list;
    const teacherView = () => post('/get-revision-students', { course_id: courseId, rev_id: revId }, teacher);
    // no student call after the start: the one-time job closes it
    const closed = await eventually(teacherView, (r) => r.body.students?.find((s: { status: string; begin: number | null }) => s.begin !== null)?.status === 'closed', 8_000);
    const mine = closed.body.students.find((s: { begin: number | null }) => s.begin !== null);
    expect(mine).toEqual(expect.objectContaining({ status: 'closed', score: 0 }));
    expect(mine.end - mine.begin).toBeLessThanOrEqual(2_000);
    const late = await evaluate(revId, task, '[0]');
    expect([late.status, late.body.message]).toEqual([409, revisionTexts.over]);
  });

  it('refuses a non-member, a member without an attempt, a task not in the attempt, and bad input', async () => {
    const revId = await quiz({ rev_title: 'Refusals', time_limit: 600 });
    const [task] = (await started(revId)).body.opened.task_list;
    const outsider = await evaluate(revId, task, '[0]', sam);
    expect([outsider.status, outsider.body.message]).toEqual([403, revisionTexts.notOpened]);
    expect((await post('/close-revision', { course_id: courseId, rev_id: revId }, sam)).status).toBe(403);
    // another student's attempt: a member who did not start has none of their own to answer in
    const other = await evaluate(revId, task, '[0]', idle);
    expect([other.status, other.body.message]).toEqual([404, revisionTexts.notStarted]);
    expect((await post('/close-revision', { course_id: courseId, rev_id: revId }, idle)).status).toBe(404);
    const stranger = await evaluate(revId, { task_id: task.task_id + 100_000, task_type_id: 3 }, '[0]');
    expect([stranger.status, stranger.body.message]).toEqual([400, revisionTexts.notInAttempt]);
    for (const body of [{}, { course_id: courseId, rev_id: 'x' }, { course_id: courseId, rev_id: revId, task_id: task.task_id, task_type_id: 3, answer_list: 'x'.repeat(20_001) }]) {
      expect((await post('/revision-evaluate', body, stu)).status).toBe(400);
    }
    expect((await post('/close-revision', { course_id: -1, rev_id: revId }, stu)).status).toBe(400);
    expect((await post('/get-revision-students', { course_id: courseId }, teacher)).status).toBe(400);
    expect((await post('/get-revision-students', { course_id: courseId, rev_id: 999_999 }, teacher)).status).toBe(404);
  });

  it('outside the open window no attempt starts and no answer is taken', async () => {
    const spec = (ms: number) => `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')}:00`;
    const revId = await quiz({ rev_title: 'Window over', check_OE: 1, open_end: spec(Date.now() - 60_000) });
    const refused = await started(revId);
    expect([refused.status, refused.body.message]).toEqual([403, revisionTexts.closed]);
    const answer = await evaluate(revId, { task_id: 1, task_type_id: 3 }, '[0]');
    expect([answer.status, answer.body.message]).toEqual([404, revisionTexts.notStarted]);
  });

  it('the teacher\u2019s overview lists the members of the revision\u2019s groups with their attempts; others may not see it', async () => {
    const revId = await quiz({ rev_title: 'Overview', time_limit: 600 });
    await started(revId);
    const res = await post('/get-revision-students', { course_id: courseId, rev_id: revId }, teacher);
    expect(res.status).toBe(200);
    expect(res.body.revision).toEqual(expect.objectContaining({ id: revId, rev_title: 'Overview' }));
    expect(res.body.groups).toEqual([{ id: classId, name: 'Class 1.A' }]);
    const running = res.body.students.filter((s: { status: string }) => s.status === 'running');
    expect(running).toHaveLength(1);
    expect(running[0]).toEqual(expect.objectContaining({ group_ids: [classId], score: 0, end: null, begin: expect.any(Number) }));
    expect(res.body.students.filter((s: { status: string }) => s.status === 'not_started').length).toBeGreaterThan(0);
    expect((await post('/get-revision-students', { course_id: courseId, rev_id: revId }, bob)).status).toBe(403);
    expect((await post('/get-revision-students', { course_id: courseId, rev_id: revId }, stu)).status).toBe(403);
    expect((await post('/get-revision-students', { course_id: courseId, rev_id: revId }, admin)).status).toBe(200);
  });
});
