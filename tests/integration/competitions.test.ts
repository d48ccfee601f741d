/**
 * Competitions on the server's clock (issue 22 items 1-3, issue 20 item 3) on DynamoDB Local: the
 * player's attempt and its deadline, the close on the server at the deadline with no client, Submit
 * ALL, every refusal (after the deadline, outside the open window, wrong key, another student's
 * attempt, results outside the results window, grading without being a teacher of the student's
 * group), the teacher score rule and bad input (400, never 500).
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatSpecTime } from '@lectio/shared';
import { addTestUser, eventually, learnerTasks, startTestCloud, type TestCloud } from './helpers';

let cloud: TestCloud;
let teacher: string;
let admin: string;
let courseId: number;
let weekly: number; // open, no key
let challenge: number; // private ('python-demo')

const get = (path: string, token: string) => cloud.api(`/api${path}`, { token });
const post = (path: string, json: unknown, token: string) => cloud.api(`/api${path}`, { method: 'POST', json, token });

async function setChapter(compId: number, fields: Record<string, unknown>) {
  const { db, table } = await import('../../functions/src/platform/db/client');
  const { catalogueKeys } = await import('../../functions/src/catalogue/keys');
  const names = Object.keys(fields);
  await db.send(
    new UpdateCommand({
      TableName: table(),
      Key: catalogueKeys.chapter(courseId, compId),
      UpdateExpression: `SET ${names.map((n, i) => `#f${i} = :v${i}`).join(', ')}`,
      ExpressionAttributeNames: Object.fromEntries(names.map((n, i) => [`#f${i}`, n])),
      ExpressionAttributeValues: Object.fromEntries(names.map((n, i) => [`:v${i}`, fields[n]])),
    }),
  );
}

let learners = 0;
/** A new learner who started the demo course. */
async function learner() {
  const token = await addTestUser(cloud, `comp${learners++}`);
  await post(`/write-user-course/${courseId}`, {}, token);
  return token;
}

async function join(token: string, compId: number, key = '') {
  const res = await post('/add-my-competition', { comp_id: compId, comp_key: key, course_id: courseId }, token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.user_comp_id as number;
}

/** Answers the competition's single-choice task with the option whose text is `answer`. */
async function answer(token: string, task: { task_id: number; task_type_id: number; content: string }, text: string) {
  const options = (JSON.parse(task.content) as { answer_list: Array<{ answer: string }> }).answer_list;
  const selected = options.findIndex((o) => o.answer === text);
  return post('/task-evaluate2', { task_id: task.task_id, task_type_id: task.task_type_id, time_length: 5, answer_list: JSON.stringify([selected]), activity_type: 'competition' }, token);
}

beforeAll(async () => {
  cloud = await startTestCloud('demo');
  [teacher, admin] = await Promise.all([cloud.login('teacher@example.com', 'teacher-demo'), cloud.login('admin@example.com', 'admin-demo')]);
  courseId = cloud.seed.demoCourseId!;
  const list = await get(`/get-competitions/${courseId}`, admin);
  weekly = list.body.opened.find((c: { name: string }) => c.name === 'Weekly quiz').id;
  challenge = list.body.opened.find((c: { name: string }) => c.name === 'Class challenge').id;
}, 90_000);
afterAll(() => cloud?.stop());

describe('the competition player on the server clock', { timeout: 30_000 }, () => {
  it('serves the attempt with its deadline, tasks without help, and accepts answers while it runs', async () => {
    const me = await learner();
    const before = Date.now();
    const id = await join(me, weekly);
    const play = await get(`/get-my-competition/${id}`, me);
    expect(play.status).toBe(200);
    expect(play.body).toMatchObject({ status: 'started', time_limit: 900, user_comp_id: id, comp_id: weekly, course_id: courseId, name: 'Weekly quiz', user: { name: 'comp0', surname: 'Tester' } });
    expect(play.body.deadline).toBeGreaterThanOrEqual(before + 900_000);
    expect(play.body.deadline).toBeLessThanOrEqual(Date.now() + 900_000);
    expect(play.body.task_list).toHaveLength(1);
    expect(play.body.task_list[0]).toMatchObject({ has_help: 0, help: '' });
    expect((await get(`/get-active-competition/${courseId}/${weekly}`, me)).body.user_comp_id).toBe(id);

    const sync = await post(`/get-synchro/${id}`, { s_type: 1 }, me);
    expect(sync.body.status).toBe('started');
    expect(Math.abs(sync.body.rem_time - (sync.body.deadline - sync.body.server_now) / 1000)).toBeLessThanOrEqual(1);
    expect(sync.body.rem_time).toBeGreaterThan(890);

    const res = await answer(me, play.body.task_list[0], 'input()');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.result.rating).toBe(100);
    // the chapter player does not serve competition tasks
    expect((await get(`/get-active-lessons2/${weekly}`, me)).status).toBe(403);
  });

  it('closes the attempt on the server at its deadline with no client, and refuses answers after it', async () => {
    await setChapter(weekly, { time_limit: 2 });
    const me = await learner();
    const id = await join(me, weekly);
    const task = (await get(`/get-my-competition/${id}`, me)).body.task_list[0];
    expect((await answer(me, task, 'input()')).status).toBe(200);
    await setChapter(weekly, { time_limit: 900 });
    // no call of this learner: the one-time job closes the attempt within a second of the deadline
    const { competitionKeys } = await import('../../functions/src/competitions/keys');
    const { db, table } = await import('../../functions/src/platform/db/client');
    const { GetCommand } = await import('@aws-sdk/lib-dynamodb');
    const userId = (await get(`/get-student-competition/${id}`, me)).body.student.user_id as number;
    const stored = await eventually(
      async () => (await db.send(new GetCommand({ TableName: table(), Key: competitionKeys.userCompetition(userId, weekly) }))).Item,
      (item) => item?.status === 'closed',
      6000,
    );
    expect(stored!.score).toBe(Number(task.max_score));
    expect(stored!.closed_ms - stored!.begin_ms).toBeLessThanOrEqual(2000);

    const late = await answer(me, task, 'input()');
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('The competition has ended. Answers are no longer accepted.');
    const play = await get(`/get-my-competition/${id}`, me);
    expect(play.body).toMatchObject({ status: 'finished', task_list: [] });
    expect((await post(`/get-synchro/${id}`, {}, me)).body).toMatchObject({ rem_time: 0, status: 'finished' });
  });

  it("Submit ALL closes the attempt now; a second close is the same; another student's attempt is refused", async () => {
    const me = await learner();
    const other = await learner();
    const id = await join(me, weekly);
    const task = (await get(`/get-my-competition/${id}`, me)).body.task_list[0];
    expect((await answer(me, task, 'read()')).status).toBe(200);
    for (const path of [`/get-my-competition/${id}`, `/close-competition/${id}`, `/get-student-competition/${id}`]) {
      const res = await get(path, other);
      expect(res.status, path).toBe(403);
    }
    expect((await get(`/get-my-competition/${id}`, other)).body.message).toBe('This competition attempt belongs to another user.');
    expect((await post(`/get-synchro/${id}`, {}, other)).status).toBe(403);
    const closed = await get(`/close-competition/${id}`, me);
    expect(closed.body).toMatchObject({ message: 'OK', status: 'finished', score: 0, user_comp_id: id });
    expect((await get(`/close-competition/${id}`, me)).body.status).toBe('finished');
    expect((await answer(me, task, 'input()')).status).toBe(409);
    const result = await get(`/get-student-competition/${id}`, me);
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ competition: { name: 'Weekly quiz', user_competition_id: id }, score: 0, teacher_score: 0, allow_edit: false, status: 'finished' });
    expect(result.body.task_list).toEqual([expect.objectContaining({ task_id: task.task_id, attempts: 1, score: 0 })]);
    expect((await get('/get-my-competition/999999', me)).status).toBe(404);
  });

  it('refuses a join outside the open window, with a wrong key, and one the learner could not play (issue 20 item 3)', async () => {
    const me = await learner();
    const wrong = await post('/add-my-competition', { comp_id: challenge, comp_key: 'guess', course_id: courseId }, me);
    expect(wrong.status).toBe(400);
    expect(wrong.body.description).toBe('The competition key is not correct.');

    await setChapter(challenge, { check_OE: 1, open_end: formatSpecTime(Date.now() - 60_000), open_end_ms: Date.now() - 60_000 });
    const closed = await post('/add-my-competition', { comp_id: challenge, comp_key: 'python-demo', course_id: courseId }, me);
    expect(closed.status).toBe(400);
    expect(closed.body).toMatchObject({ message: 'Competition closed.', description: 'The competition is not open now.' });
    await setChapter(challenge, { check_OE: 0 });

    // a competition whose tasks are all hidden: no attempt starts, no timer runs
    const { db, table } = await import('../../functions/src/platform/db/client');
    const { catalogueKeys } = await import('../../functions/src/catalogue/keys');
    const tasks = (await get(`/get-active-competition/${courseId}/${weekly}`, admin)).status; // admin has no attempt
    expect(tasks).toBe(404);
    const { listLessons, listLessonTasks } = await import('../../functions/src/catalogue');
    const lesson = (await listLessons(courseId)).find((l) => l.chapter_id === challenge)!;
    const task = (await listLessonTasks(lesson.lesson_id))[0]!;
    const hide = (v: number) =>
      db.send(new UpdateCommand({ TableName: table(), Key: catalogueKeys.task(courseId, task.task_id), UpdateExpression: 'SET visible = :v', ExpressionAttributeValues: { ':v': { '1': v, '2': v } } }));
    await hide(0);
    const none = await post('/add-my-competition', { comp_id: challenge, comp_key: 'python-demo', course_id: courseId }, me);
    expect(none.status).toBe(409);
    expect(none.body.message).toBe('This competition has no tasks to play yet.');
    expect((await get(`/get-competitions/${courseId}`, me)).body.joined).toEqual([]);
    await hide(1);
    expect((await post('/add-my-competition', { comp_id: challenge, comp_key: 'python-demo', course_id: courseId }, me)).status).toBe(200);
  });

  it('rejects bad input with 400, never 500', async () => {
    const me = await learner();
    expect((await get('/get-my-competition/abc', me)).status).toBe(400);
    expect((await post('/get-synchro/1', { s_type: 'x' }, me)).status).toBe(400);
    expect((await post('/write-teacher-comp-comment', { user_comp_id: 1, id: 1, teacher_score: 1, comment: 'x'.repeat(5001) }, teacher)).status).toBe(400);
    expect((await post('/write-teacher-comment', { id: -1, task_id: 1 }, teacher)).status).toBe(400);
    expect((await get('/get-task-versions/1/2/x', teacher)).status).toBe(400);
  });
});

describe('results and grading', { timeout: 30_000 }, () => {
  it('a teacher of the student\u2019s group grades (score capped, non-numeric 0); no one else may', async () => {
    const me = await learner();
    const id = await join(me, weekly);
    const task = (await get(`/get-my-competition/${id}`, me)).body.task_list[0];
    expect((await answer(me, task, 'read()')).status).toBe(200);
    await get(`/close-competition/${id}`, me);

    // the student's group in the course, created by a new teacher, who teaches it
    const groupTeacher = await addTestUser(cloud, 'compteacher');
    const group = await post('/edit-course-group', { group_id: 0, group_name: 'Comp group', group_key: 'comp-key', teacher_key: 'comp-teach', course_id: courseId }, groupTeacher);
    expect(group.status, JSON.stringify(group.body)).toBe(200);
    expect((await post('/add-student-to-course-group', { group_id: group.body.id, group_key: 'comp-key', course_id: courseId }, me)).status).toBe(200);
    // a teacher of another group of the same course, and a student
    const otherTeacher = await addTestUser(cloud, 'compother');
    expect((await post('/edit-course-group', { group_id: 0, group_name: 'Other group', group_key: 'other-key', teacher_key: 'other-teach', course_id: courseId }, otherTeacher)).status).toBe(200);
    const student = await learner();

    for (const who of [otherTeacher, student]) {
      const res = await post('/write-teacher-comp-comment', { user_comp_id: id, id: task.task_id, teacher_score: 1, comment: 'no' }, who);
      expect(res.status).toBe(403);
      expect(res.body.message).toBe('Only a teacher of the student\u2019s group can see or grade this.');
      expect((await get(`/get-student-competition/${id}`, who)).status).toBe(403);
      expect((await get(`/get-task-versions/${task.task_id}/${(await get(`/get-student-competition/${id}`, me)).body.student.user_id}/${id}`, who)).status).toBe(403);
    }
    expect((await get(`/get-task-solutions/${task.task_id}`, student)).status).toBe(403);
    const others = await get(`/get-task-solutions/${task.task_id}`, otherTeacher);
    expect(others.status === 403 || others.body.list.length === 0).toBe(true);

    const solutions = await get(`/get-task-solutions/${task.task_id}`, groupTeacher);
    expect(solutions.status).toBe(200);
    expect(solutions.body.list).toEqual([expect.objectContaining({ id, task_id: task.task_id, name: expect.stringMatching(/^comp/), score: 0, email: expect.stringContaining('@example.com') })]);
    const versions = await get(`/get-task-versions/${task.task_id}/${solutions.body.list[0].user_id}/${id}`, groupTeacher);
    expect(versions.body.attempts_count).toBe(1);

    const max = Number(task.max_score);
    expect((await post('/write-teacher-comp-comment', { user_comp_id: id, id: task.task_id, teacher_score: 'abc', comment: '' }, groupTeacher)).body).toEqual({ message: 'OK', teacher_score: 0 });
    const capped = await post('/write-teacher-comment', { id, task_id: task.task_id, teacher_score: max + 100, comment: 'Good try\nRead the docs' }, groupTeacher);
    expect(capped.body).toEqual({ message: 'OK', teacher_score: max });
    const graded = await get(`/get-student-competition/${id}`, groupTeacher);
    expect(graded.body).toMatchObject({ allow_edit: true, teacher_score: max });
    expect(graded.body.task_list[0]).toMatchObject({ teacher_score: max, comment: 'Good try\nRead the docs' });
    expect((await get(`/get-student-competition/${id}`, admin)).body.allow_edit).toBe(true);

    // the learner sees their own result, but only inside the results window when it is set
    expect((await get(`/get-student-competition/${id}`, me)).body).toMatchObject({ allow_edit: false, teacher_score: max });
    await setChapter(weekly, { check_RB: 1, results_begin: formatSpecTime(Date.now() + 3_600_000) });
    const early = await get(`/get-student-competition/${id}`, me);
    expect(early.status).toBe(403);
    expect(early.body.message).toBe('The results of this competition are not available now.');
    await setChapter(weekly, { check_RB: 0 });
  });
});

describe("the teacher's live board", { timeout: 30_000 }, () => {
  it('lists the joined students for a teacher; the teacher closes the competition for everyone', async () => {
    const me = await learner();
    await join(me, challenge, 'python-demo');
    const student = await learner();
    expect((await get(`/get-competition-board/${courseId}/${challenge}`, student)).status).toBe(403);
    const board = await get(`/get-competition-board/${courseId}/${challenge}`, teacher);
    expect(board.status).toBe(200);
    expect(board.body.rows.length).toBeGreaterThanOrEqual(1);
    expect(board.body.rows[0]).toMatchObject({ status: 'started', connected: false });
    expect((await post('/close-competition-for-all', { course_id: courseId, comp_id: challenge }, student)).status).toBe(403);
    const closed = await post('/close-competition-for-all', { course_id: courseId, comp_id: challenge }, teacher);
    expect(closed.body.message).toBe('OK');
    expect(closed.body.closed).toBeGreaterThanOrEqual(1);
    const late = await learner();
    expect((await post('/add-my-competition', { comp_id: challenge, comp_key: 'python-demo', course_id: courseId }, late)).status).toBe(400);
    expect((await get(`/get-competition-board/${courseId}/${challenge}`, teacher)).body.closed).toBe(true);
  });
});

describe('code saves and judge runs of a competition program task', { timeout: 30_000 }, () => {
  it('are taken while the attempt runs and refused after its deadline', async () => {
    // a program task in the Weekly quiz: a copy of the demo course's sum.py (type 8)
    const me = await learner();
    const sum = (await learnerTasks(cloud, admin, courseId)).find((t) => t.task_type_id === 8)!;
    const source = await get(`/get-task-in-all-lang/${sum.task_id}`, admin);
    const preview = await get(`/course-preview/${courseId}`, admin);
    const lessonId = preview.body.info.chapterlist.find((c: { chapter_id: number }) => c.chapter_id === weekly).lessons[0].lesson_id;
    const created = await post(
      '/create-edit-task-all-lang',
      { lesson_id: lessonId, task_id: 0, task_type_id: 8, max_score: '10', globals: source.body.globals, content_list: source.body.list.map((l: { lang_id: number; content: string }) => ({ lang_id: l.lang_id, content: l.content })) },
      admin,
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const taskId = created.body.task_id as number;
    await setChapter(weekly, { time_limit: 2 });
    const id = await join(me, weekly);
    await setChapter(weekly, { time_limit: 900 });
    const files = JSON.stringify([{ filename: 'sum.py', filecontent: 'print(1)\n' }]);
    expect((await post('/save-program3', { task_id: taskId, activity_type: 2, files }, me)).status).toBe(200);
    await eventually(() => post(`/get-synchro/${id}`, {}, me), (r) => r.body.status === 'finished', 6000);
    const OVER = 'The competition has ended. Answers are no longer accepted.';
    const save = await post('/save-program3', { task_id: taskId, activity_type: 2, files }, me);
    expect([save.status, save.body.message]).toEqual([409, OVER]);
    for (const exe_type of [0, 1]) {
      const run = await post('/vpl-run-test3', { task_id: taskId, exe_type, submitted_files: files }, me);
      expect([run.status, run.body.message]).toEqual([409, OVER]);
    }
    // a learner who never joined may not run it either
    const stranger = await learner();
    const refused = await post('/vpl-run-test3', { task_id: taskId, exe_type: 0, submitted_files: files }, stranger);
    expect([refused.status, refused.body.message]).toEqual([403, 'Join the competition first.']);
  });
});

describe('lateness is judged by when the API received the answer', { timeout: 30_000 }, () => {
  it('an answer received before the deadline counts even when processed after the close; one received after it is refused', async () => {
    const { evaluate } = await import('../../functions/src/player/evaluate');
    const { getAttempt } = await import('../../functions/src/competitions/attempts');
    await setChapter(weekly, { time_limit: 2 });
    const me = await learner();
    const id = await join(me, weekly);
    await setChapter(weekly, { time_limit: 900 });
    const task = (await get(`/get-my-competition/${id}`, me)).body.task_list.find((t: { task_type_id: number }) => t.task_type_id === 3);
    const userId = (await get(`/get-student-competition/${id}`, me)).body.student.user_id as number;
    const closed = await eventually(() => getAttempt(userId, weekly, true), (a) => a?.status === 'closed', 6000);
    expect(closed!.score).toBe(0);
    const deadline = closed!.end_ms!;
    const options = (JSON.parse(task.content) as { answer_list: Array<{ answer: string }> }).answer_list;
    const body = { task_id: task.task_id, task_type_id: 3, time_length: 2, answer_list: JSON.stringify([options.findIndex((o) => o.answer === 'input()')]) };
    const user = { userId, roleId: 1, jti: 'test', sid: 'test', exp: Date.now() / 1000 + 60 };
    // received 1 ms after the end: refused, nothing written
    await expect(evaluate(user, body, deadline)).rejects.toThrow('The competition has ended. Answers are no longer accepted.');
    expect((await getAttempt(userId, weekly, true))!.score).toBe(0);
    // received 1 ms before it, processed now (after the close): accepted, and the closed attempt's score follows
    const accepted = await evaluate(user, body, deadline - 1);
    expect(accepted.result.rating).toBe(100);
    expect((await getAttempt(userId, weekly, true))!).toMatchObject({ status: 'closed', score: Number(task.max_score), answers: 1 });
    // over HTTP now: received after the deadline
    expect((await post('/task-evaluate2', { ...body, activity_type: 2 }, me)).status).toBe(409);
  });
});
