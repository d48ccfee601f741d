/**
 * Questionnaires domain routes (spec/3 §3, §4 "Questionnaire for student", §5, §6, §7, §8; issue 23
 * items 3 and 5) on DynamoDB Local: the admin's editor calls (every question type, pages, order, page
 * move, delete, sanitised description), sending to a group and a course, the admin routes refusing
 * students and teachers, bad input (400), and the student's side (only questionnaires sent to them,
 * answers saved and read back, submit once with XP and coins, read-only afterwards, 'Error' texts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { questionnaireTexts as texts } from '@lectio/shared/api/questionnaires';
import { addTestUser, startTestCloud, type TestCloud } from './helpers';

let cloud: TestCloud;
let admin: string;
let teacher: string;
/** Joins Class 1.A. */
let member: string;
/** In no group, started no course. */
let outsider: string;
/** The demo student: started the demo course. */
let student: string;
let courseId: number;
let classId: number;

const post = (path: string, json: unknown, token?: string) => cloud.api(`/api${path}`, { method: 'POST', json, token });
const get = (path: string, token?: string) => cloud.api(`/api${path}`, { token });
const element = (over: Record<string, unknown> = {}) => ({ questionnaire_id: 0, question_id: 0, qtype: 0, lang_id: 1, content: JSON.stringify({ description: 'Title' }), page: 1, ...over });
const content = (fields: Record<string, string>) => JSON.stringify(fields);

beforeAll(async () => {
  cloud = await startTestCloud('demo');
  admin = await cloud.login('admin@example.com', 'admin-demo');
  teacher = await cloud.login('teacher@example.com', 'teacher-demo');
  student = await cloud.login('student@example.com', 'student-demo');
  [member, outsider] = (await Promise.all(['qmember', 'qoutsider'].map((n) => addTestUser(cloud, n)))) as [string, string];
  courseId = cloud.seed.demoCourseId!;
  const list = await get('/get-questionaires', admin);
  classId = list.body.groups.find((g: { group_name: string }) => g.group_name === 'Class 1.A').id;
  expect((await post('/add-student-to-course-group', { group_id: classId, group_key: 'class-1a-key', course_id: courseId }, member)).status).toBe(200);
});
afterAll(() => cloud?.stop());

describe('demo questionnaire', () => {
  it('has every question type on two pages and reaches Class 1.A and the demo course', async () => {
    const list = await get('/get-questionaires', admin);
    expect(list.status).toBe(200);
    const demo = list.body.list.find((q: { name: string }) => q.name === 'Course feedback');
    expect(demo).toEqual({ id: expect.any(Number), name: 'Course feedback', lang_id: 1, created_at: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/) });
    const q = await get(`/get-questionaire/${demo.id}`, admin);
    expect(q.body.list.map((e: { q_type: number }) => e.q_type).sort()).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(new Set(q.body.list.map((e: { page: number }) => e.page))).toEqual(new Set([1, 2]));
    for (const who of [member, student]) {
      const mine = await get('/get-my-questionaires', who);
      expect(mine.body.list).toEqual(expect.arrayContaining([expect.objectContaining({ id: demo.id, name: 'Course feedback', q_status: 'new', score: 0 })]));
    }
    expect((await get('/get-my-questionaires', outsider)).body.list.some((x: { id: number }) => x.id === demo.id)).toBe(false);
  });
});

describe('admin editor and sending', () => {
  let qid: number;
  const ids: number[] = [];

  it('creates a questionnaire with its first element and adds every type on two pages', async () => {
    const first = await post('/save-questionaire-element', element({ content: content({ description: '<h2>Exit survey</h2><script>alert(1)</script>' }) }), admin);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ message: 'OK', id: expect.any(Number), q_id: expect.any(Number) });
    qid = first.body.q_id;
    ids.push(first.body.id);
    const rest: Array<[number, Record<string, string>, number]> = [
      [1, { description: '<p onclick="x()">Intro</p>' }, 1],
      [2, { description: 'One?', choices: 'A\nB\n\nC' }, 1],
      [3, { description: 'Many?', choices: 'A\nB' }, 1],
      [4, { description: 'One or other?', choices: 'A\nB', other_descr: 'Other' }, 1],
      [5, { description: 'Many or other?', choices: 'A\nB', other_descr: 'Other' }, 2],
      [6, { description: 'Free?' }, 2],
      [7, { description: 'Likert 5', desc_first: 'No', desc_last: 'Yes' }, 2],
      [8, { description: 'Likert 7', desc_first: 'No', desc_last: 'Yes' }, 2],
    ];
    for (const [qtype, fields, page] of rest) {
      const res = await post('/save-questionaire-element', element({ questionnaire_id: qid, qtype, content: content(fields), page }), admin);
      expect(res.status).toBe(200);
      expect(res.body.q_id).toBe(qid);
      ids.push(res.body.id);
    }
    const q = await get(`/get-questionaire/${qid}`, admin);
    expect(q.body.q_id).toBe(qid);
    expect(q.body.name).toBe('Exit survey');
    expect(q.body.list).toHaveLength(9);
    const title = JSON.parse(q.body.list[0].content);
    expect(title.description).not.toContain('script');
    expect(JSON.parse(q.body.list[1].content).description).not.toContain('onclick');
    expect(JSON.parse(q.body.list[2].content).choices).toBe('A\nB\nC');
    expect((await get('/get-questionaires', admin)).body.list[0]).toEqual(expect.objectContaining({ id: qid, name: 'Exit survey' }));
  });

  it('edits, reorders (stale orders refused), moves to another page and deletes an element', async () => {
    const edited = await post('/save-questionaire-element', element({ questionnaire_id: qid, question_id: ids[1], qtype: 1, content: content({ description: 'Intro 2' }) }), admin);
    expect(edited.body.id).toBe(ids[1]);
    let list = (await get(`/get-questionaire/${qid}`, admin)).body.list;
    const [a, b] = [list[0], list[1]];
    expect((await post('/change-que-element-order', { id1: a.id, id2: b.id, order1: a.q_order, order2: b.q_order }, admin)).status).toBe(200);
    list = (await get(`/get-questionaire/${qid}`, admin)).body.list;
    expect(list[0].id).toBe(b.id);
    const stale = await post('/change-que-element-order', { id1: a.id, id2: b.id, order1: a.q_order, order2: b.q_order }, admin);
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual(expect.objectContaining({ message: 'Error', description: texts.orderChanged }));
    expect((await post('/change-page-que-element', { id: ids[6], page: 3 }, admin)).status).toBe(200);
    list = (await get(`/get-questionaire/${qid}`, admin)).body.list;
    expect(list.at(-1)).toEqual(expect.objectContaining({ id: ids[6], page: 3 }));
    expect((await post('/change-page-que-element', { id: ids[6], page: 2 }, admin)).status).toBe(200);
    const extra = await post('/save-questionaire-element', element({ questionnaire_id: qid, qtype: 1, content: content({ description: 'Temp' }) }), admin);
    expect((await post('/delete-que-element', { id: extra.body.id }, admin)).body).toEqual({ message: 'OK' });
    expect((await get(`/get-questionaire/${qid}`, admin)).body.list).toHaveLength(9);
    const gone = await post('/delete-que-element', { id: extra.body.id }, admin);
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual(expect.objectContaining({ message: 'Error', description: texts.elementNotFound }));
  });

  it('answers the spec\u2019s \u2018Error\u2019 with a description for content that does not fit', async () => {
    const noChoices = await post('/save-questionaire-element', element({ questionnaire_id: qid, qtype: 2, content: content({ description: 'One?', choices: '\n \n' }) }), admin);
    expect(noChoices.status).toBe(400);
    expect(noChoices.body).toEqual(expect.objectContaining({ message: 'Error', description: texts.noChoices }));
    const notJson = await post('/save-questionaire-element', element({ questionnaire_id: qid, content: '{not json' }), admin);
    expect(notJson.body).toEqual(expect.objectContaining({ message: 'Error', description: texts.badContent }));
    const missing = await post('/save-questionaire-element', element({ questionnaire_id: 999_999 }), admin);
    expect(missing.status).toBe(404);
    expect(missing.body.description).toBe(texts.notFound);
  });

  it('refuses bad input with 400', async () => {
    for (const body of [
      element({ qtype: 9 }),
      element({ page: 0 }),
      element({ page: 21 }),
      element({ content: 'x'.repeat(20_001) }),
      element({ lang_id: 'en' }),
      element({ content: content({ description: 'x'.repeat(10_001) }) }),
      { questionnaire_id: 0 },
    ]) {
      const res = await post('/save-questionaire-element', body, admin);
      expect(res.status).toBe(400);
    }
    expect((await post('/change-que-element-order', { id1: 1, id2: 2, order1: -1, order2: 1 }, admin)).status).toBe(400);
    expect((await post('/delete-que-element', { id: 'x' }, admin)).status).toBe(400);
    expect((await post('/change-page-que-element', { id: 1, page: 1.5 }, admin)).status).toBe(400);
    expect((await post('/send-questionnaire', { group_list: Array.from({ length: 101 }, (_, i) => i + 1), course_list: [], questionnaire_id: qid }, admin)).status).toBe(400);
    expect((await post('/send-questionnaire', { group_list: 'all', course_list: [], questionnaire_id: qid }, admin)).status).toBe(400);
    expect((await get('/get-questionaire/abc', admin)).status).toBe(400);
    expect((await get('/get-my-questionaire/-1', student)).status).toBe(400);
    expect((await post('/save-my-qanswer', { u_id: 1, q_id: 1, answer: 'x'.repeat(2_001) }, student)).status).toBe(400);
    expect((await post('/submit-questionnaire', {}, student)).status).toBe(400);
  });

  it('every admin route refuses students and teachers', async () => {
    const calls: Array<() => Promise<{ status: number }>> = [];
    for (const who of [student, teacher, member]) {
      calls.push(
        () => get('/get-questionaires', who),
        () => get(`/get-questionaire/${qid}`, who),
        () => post('/save-questionaire-element', element({ questionnaire_id: qid }), who),
        () => post('/change-que-element-order', { id1: ids[0], id2: ids[1], order1: 1, order2: 2 }, who),
        () => post('/delete-que-element', { id: ids[0] }, who),
        () => post('/change-page-que-element', { id: ids[0], page: 2 }, who),
        () => post('/send-questionnaire', { group_list: [classId], course_list: [], questionnaire_id: qid }, who),
        () => post('/delete-questionnaire', { questionnaire_id: qid }, who),
      );
    }
    for (const call of calls) expect((await call()).status).toBe(403);
    expect((await get('/get-questionaires')).status).toBe(401);
  });

  it('sends to Class 1.A only: a member sees it, the demo student and an outsider do not', async () => {
    const none = await post('/send-questionnaire', { group_list: [], course_list: [], questionnaire_id: qid }, admin);
    expect(none.body).toEqual(expect.objectContaining({ message: 'Error', description: texts.noTargets }));
    const unknown = await post('/send-questionnaire', { group_list: [999_999], course_list: [], questionnaire_id: qid }, admin);
    expect(unknown.body.description).toBe(texts.unknownGroup);
    const sent = await post('/send-questionnaire', { group_list: [classId], course_list: [], questionnaire_id: qid }, admin);
    expect(sent.body).toEqual({ message: 'OK', groups: 1, courses: 0 });
    expect((await get('/get-my-questionaires', member)).body.list).toEqual(expect.arrayContaining([expect.objectContaining({ id: qid, name: 'Exit survey', course: 'Class 1.A', q_status: 'new' })]));
    for (const who of [student, outsider]) {
      expect((await get('/get-my-questionaires', who)).body.list.some((x: { id: number }) => x.id === qid)).toBe(false);
      const refused = await get(`/get-my-questionaire/${qid}`, who);
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual(expect.objectContaining({ message: 'Error', description: texts.notSent }));
    }
  });

  describe('a member answers and submits', () => {
    let uid: number;
    let questions: Array<{ id: number; q_type: number; answer: string }>;
    const byType = (t: number) => questions.find((q) => q.q_type === t)!.id;
    const answer = (qType: number, value: unknown, token = member) => post('/save-my-qanswer', { u_id: uid, q_id: byType(qType), answer: JSON.stringify(value) }, token);

    it('opens it (started) and saves an answer of every type, read back after a reload', async () => {
      const opened = await get(`/get-my-questionaire/${qid}`, member);
      expect(opened.status).toBe(200);
      expect(opened.body).toEqual(expect.objectContaining({ message: 'OK', id: qid, title: 'Exit survey', course: 'Class 1.A', q_status: 'started', score: 0 }));
      uid = opened.body.uid;
      questions = opened.body.questions;
      expect(questions).toHaveLength(9);
      expect((await get(`/get-my-questionaire/${qid}`, member)).body.uid).toBe(uid);
      const answers: Array<[number, unknown]> = [
        [2, { answer: 1 }],
        [3, { answers: [0, 1] }],
        [4, { answer: -1, answer_descr: 'Library' }],
        [5, { answers: [1, -1], answer_descr: 'Watch' }],
        [6, { answer_descr: 'More tasks' }],
        [7, { answer: 4 }],
        [8, { answer: 7 }],
      ];
      for (const [t, value] of answers) expect((await answer(t, value)).body).toEqual({ message: 'OK' });
      const again = await get(`/get-my-questionaire/${qid}`, member);
      const stored = Object.fromEntries(again.body.questions.map((q: { q_type: number; answer: string }) => [q.q_type, q.answer ? JSON.parse(q.answer) : null]));
      expect(stored[4]).toEqual({ answer: -1, answer_descr: 'Library' });
      expect(stored[5]).toEqual({ answers: [-1, 1], answer_descr: 'Watch' });
      expect(stored[8]).toEqual({ answer: 7 });
      expect(stored[0]).toBeNull();
      expect((await get('/get-my-questionaires', member)).body.list.find((x: { id: number }) => x.id === qid)).toEqual(expect.objectContaining({ uid, q_status: 'started' }));
    });

    it('refuses answers that do not fit, texts, and another user\u2019s u_id', async () => {
      for (const [t, value] of [[2, { answer: 3 }], [2, { answer: -1 }], [3, { answers: [5] }], [7, { answer: 6 }], [8, { answer: 0 }], [2, 'x']] as Array<[number, unknown]>) {
        const res = await answer(t, value);
        expect(res.status).toBe(400);
        expect(res.body).toEqual(expect.objectContaining({ message: 'Error', description: texts.badAnswer }));
      }
      const text = await answer(0, { answer: 1 });
      expect(text.body.description).toBe(texts.notAnswerable);
      const other = await answer(2, { answer: 0 }, outsider);
      expect(other.status).toBe(403);
      expect(other.body.description).toBe(texts.notYours);
      expect((await post('/submit-questionnaire', { u_id: uid }, outsider)).status).toBe(403);
      expect((await post('/submit-questionnaire', { u_id: 999_999 }, member)).status).toBe(404);
    });

    it('submits once: finished, score and XP/coins credited once, read-only afterwards', async () => {
      const before = (await get('/get-full-user-parameters', member)).body.performance;
      const [one, two] = await Promise.all([post('/submit-questionnaire', { u_id: uid }, member), post('/submit-questionnaire', { u_id: uid }, member)]);
      const ok = [one, two].filter((r) => r.status === 200);
      expect(ok).toHaveLength(1);
      expect(ok[0]!.body).toEqual({ message: 'OK', score: 7, user: { performance: expect.objectContaining({ xp: before.xp + 70, coins: before.coins + 7 }) } });
      const late = [one, two].find((r) => r.status !== 200)!;
      expect(late.status).toBe(400);
      expect(late.body).toEqual(expect.objectContaining({ message: 'Error', description: texts.finished }));
      const after = (await get('/get-full-user-parameters', member)).body.performance;
      expect(after.xp).toBe(before.xp + 70);
      const locked = await answer(2, { answer: 0 });
      expect(locked.status).toBe(400);
      expect(locked.body.description).toBe(texts.finished);
      const read = await get(`/get-my-questionaire/${qid}`, member);
      expect(read.body).toEqual(expect.objectContaining({ q_status: 'finished', score: 7 }));
      expect((await get('/get-my-questionaires', member)).body.list.find((x: { id: number }) => x.id === qid)).toEqual(expect.objectContaining({ q_status: 'finished', score: 7 }));
    });
  });

  it('sends to the demo course: the demo student who started it sees it; the admin deletes it', async () => {
    expect((await post('/send-questionnaire', { group_list: [], course_list: [courseId], questionnaire_id: qid }, admin)).body).toEqual({ message: 'OK', groups: 0, courses: 1 });
    expect((await get('/get-my-questionaires', student)).body.list.some((x: { id: number }) => x.id === qid)).toBe(true);
    expect((await post('/delete-questionnaire', { questionnaire_id: qid }, admin)).body).toEqual({ message: 'OK' });
    expect((await get('/get-questionaires', admin)).body.list.some((x: { id: number }) => x.id === qid)).toBe(false);
    expect((await get('/get-my-questionaires', student)).body.list.some((x: { id: number }) => x.id === qid)).toBe(false);
    expect((await get(`/get-questionaire/${qid}`, admin)).status).toBe(404);
  });
});
