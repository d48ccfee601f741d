/**
 * Tests domain (spec/3 §3-§9, spec/1 §1) on DynamoDB Local: lists and pages, answer records whose
 * scores the server recomputes from raw answers, finished attempts that stay finished, the
 * personalisation repeat limit and the anonymous research export.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { personTestDefinitions } from '@lectio/shared';
import { startTestCloud, type TestCloud } from './helpers';

let cloud: TestCloud;
let student: string;
let teacher: string;
let admin: string;

beforeAll(async () => {
  cloud = await startTestCloud('none');
  [student, teacher, admin] = await Promise.all([
    cloud.login('student@example.com', 'student-demo'),
    cloud.login('teacher@example.com', 'teacher-demo'),
    cloud.login('admin@example.com', 'admin-demo'),
  ]);
});
afterAll(() => cloud?.stop());

const get = (path: string, token: string) => cloud.api(`/api${path}`, { token });
const post = (path: string, json: unknown, token: string) => cloud.api(`/api${path}`, { method: 'POST', json, token });
const psycho = (json: Record<string, unknown>, token = student) => post('/write-my-psycho-test-answer', json, token);
const person = (json: Record<string, unknown>, token = student) => post('/write-my-person-test-answer', json, token);

const ok = (n: string) => ({ number: n, answer: n });
const bad = (n: string) => ({ number: n, answer: '0' });
const memoryRun = [ok('12'), ok('34'), bad('56'), ok('123'), ok('456'), bad('789'), ok('1234'), bad('5678')];
const mackTargets = [5, 15, 25, 35, 45, 55, 65, 75, 85, 95, 105, 115];

const bartleAnswers = (choice: 0 | 1, consent: 0 | 1) => ({
  ...Object.fromEntries(personTestDefinitions.bartle.items.map((c) => [c, choice])),
  X: consent,
});

describe('lists and pages', () => {
  it('lists the three cognitive tests with no attempts yet', async () => {
    const res = await get('/get-my-psycho-tests', student);
    expect(res.status).toBe(200);
    expect(res.body.tests.map((t: { test_type: string }) => t.test_type)).toEqual(['number_memory', 'mackworth', 'vigilance']);
    expect(res.body.tests[0]).toMatchObject({ id: 1, test_name: 'Number memory', test_count: 0, max_score: 100, attempts: [] });
    expect(res.body.tests[0].info[0].description).toContain('27');
  });

  it('lists the five personalisation tests with their repeat limit', async () => {
    const res = await get('/get-my-person-tests', student);
    expect(res.body.tests.map((t: { test_type: string }) => t.test_type)).toEqual(['bartle', 'itq', 'metacognition', 'critical_inquiry', 'challenging']);
    expect(res.body.tests[1]).toMatchObject({ id: 2, test_count: 0, rpt: 3, max_score: 7 });
  });

  it("loads a test by id with its items in the caller's language", async () => {
    const en = await get('/get-info-person-test/1', student);
    expect(en.body.message).toBe('OK');
    const [info] = en.body.info;
    expect(info).toMatchObject({ id: 1, test_name: 'Bartle player type', test_type: 'bartle', rpt: 3 });
    expect(info.instrument.items).toHaveLength(30);
    expect(info.instrument.items[0].options).toHaveLength(2);
    expect(info.instrument.source).toMatch(/written for Lectio/);
    // The trait behind each option stays on the server.
    expect(JSON.stringify(info.instrument)).not.toContain('traits');

    expect((await post('/change-user-language', { lang: 2 }, teacher)).status).toBe(200);
    const sk = await get('/get-info-person-test/4', teacher);
    expect(sk.body.info[0].test_name).toBe('Kritické skúmanie a sebaúčinnosť');
    expect(sk.body.info[0].instrument.items).toHaveLength(22);
    expect((await get('/get-info-psycho-test/2', teacher)).body.info[0]).toMatchObject({ test_name: 'Mackworthove hodiny', test_type: 'mackworth' });
  });

  it("names and describes the tests in the caller's UI language (issue 20 item 7), items falling back to English", async () => {
    // Prepare: the admin reads in Russian, then in Czech.
    expect((await post('/change-user-language', { lang: 8 }, admin)).status).toBe(200);
    // Act
    const psychoList = await get('/get-my-psycho-tests', admin);
    const personList = await get('/get-my-person-tests', admin);
    const memory = await get('/get-info-psycho-test/1', admin);
    const bartle = await get('/get-info-person-test/1', admin);
    // Assess
    expect(psychoList.body.tests.map((t: { test_name: string }) => t.test_name)).toEqual(['Память на числа', 'Часы Макворта', 'Бдительность и реакция']);
    expect(psychoList.body.tests[0].info[0].description).toMatch(/^На несколько секунд появляется число/);
    expect(personList.body.tests[4].test_name).toBe('Личность и вызовы');
    expect(memory.body.info[0]).toMatchObject({ test_name: 'Память на числа', description: expect.stringContaining('27 × 100') });
    expect(bartle.body.info[0]).toMatchObject({ test_name: 'Тип игрока по Бартлу', description: expect.stringMatching(/^30 вопросов/) });
    expect(bartle.body.info[0].instrument.lang).toBe('en');
    expect((await get('/get-person-test-info/2', admin)).body.info.test_name).toBe('Склонность к погружению (ITQ)');

    expect((await post('/change-user-language', { lang: 3 }, admin)).status).toBe(200);
    expect((await get('/get-info-psycho-test/2', admin)).body.info[0].test_name).toBe('Mackworthovy hodiny');
    expect((await post('/change-user-language', { lang: 1 }, admin)).status).toBe(200);
  });

  it('answers 404 for an unknown test', async () => {
    expect((await get('/get-info-psycho-test/9', student)).status).toBe(404);
    expect((await get('/get-person-test-info/9', student)).status).toBe(404);
    expect((await psycho({ id: 0, test_id: 9, answers: '{}', final: 0 })).status).toBe(404);
  });
});

describe('cognitive answer records', () => {
  it('number memory: saved while running, then final with the server-computed score 5/27 → 18.52', async () => {
    const start = await psycho({ id: 0, test_id: 1, score: 0, answers: JSON.stringify({ status: 'running', attempts: [] }), final: 0, agreement: 1 });
    expect(start.status).toBe(200);
    expect(start.body).toMatchObject({ message: 'OK', score: 0 });
    const id = start.body.answer_id;

    const done = await psycho({ id, test_id: 1, score: 100, answers: JSON.stringify({ status: 'completed', attempts: memoryRun }), final: 1, agreement: 1 });
    expect(done.body).toEqual({ message: 'OK', answer_id: id, score: 18.52 });

    const info = await get('/get-psycho-test-info/1', student);
    expect(info.body.info.test_count).toBe(1);
    expect(info.body.info.attempts[0]).toMatchObject({ id, score: 18.52, final: 1, status: 'completed' });
    expect(info.body.info.attempts[0].time_start).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
  });

  it('refuses any further record for a finished attempt (409) and someone else\u2019s attempt (404)', async () => {
    const first = await psycho({ id: 0, test_id: 1, answers: JSON.stringify({ status: 'completed', attempts: memoryRun }), final: 1 });
    const id = first.body.answer_id;
    const again = await psycho({ id, test_id: 1, answers: JSON.stringify({ status: 'completed', attempts: memoryRun.map((a) => ok(a.number)) }), final: 1 });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This attempt is already finished.');
    const reopen = await psycho({ id, test_id: 1, answers: JSON.stringify({ status: 'running', attempts: [] }), final: 0 });
    expect(reopen.status).toBe(409);
    expect((await psycho({ id, test_id: 1, answers: JSON.stringify({ status: 'abandon', attempts: [] }), final: 1 }, teacher)).status).toBe(404);
  });

  it('refuses raw answers that break the rules', async () => {
    const notOver = await psycho({ id: 0, test_id: 1, answers: JSON.stringify({ status: 'completed', attempts: [ok('12')] }), final: 1 });
    expect(notOver.status).toBe(400);
    expect(notOver.body.message).toMatch(/3 errors or 27 attempts/);
    const wrongLength = await psycho({ id: 0, test_id: 1, answers: JSON.stringify({ status: 'abandon', attempts: [ok('123')] }), final: 1 });
    expect(wrongLength.status).toBe(400);
    expect((await psycho({ id: 0, test_id: 1, answers: 'not json', final: 1 })).status).toBe(400);
    expect((await psycho({ id: 0, test_id: 1, answers: JSON.stringify({ status: 'running', attempts: [] }), final: 1 })).status).toBe(400);
    expect((await psycho({ id: 0, test_id: 1, answers: '{}', final: 2 })).status).toBe(400);
  });

  it('an abandoned run is final with the score of what was done', async () => {
    const res = await psycho({ id: 0, test_id: 1, answers: JSON.stringify({ status: 'abandon', attempts: [ok('12'), ok('34')] }), final: 1 });
    expect(res.body.score).toBe(7.41);
  });

  it('Mackworth: 10 hits of 12 with median 400 ms → 2.08', async () => {
    const onsets = mackTargets.map((t) => t * 1000 + 3);
    const rts = [300, 350, 400, 400, 400, 400, 450, 500, 600, 750];
    const presses = [...rts.map((rt, i) => onsets[i]! + rt), onsets[10]! + 1000, 500];
    const res = await psycho({ id: 0, test_id: 2, score: 10, answers: JSON.stringify({ status: 'completed', targets: mackTargets, onsets, presses }), final: 1 });
    expect(res.body.score).toBe(2.08);
    const bad = await psycho({ id: 0, test_id: 2, answers: JSON.stringify({ status: 'completed', targets: [1, 2, 3], onsets: [], presses: [] }), final: 1 });
    expect(bad.status).toBe(400);
  });

  it('vigilance: median 300 ms and 2 false starts → 33.11', async () => {
    const answers = { status: 'completed', onsets: [3000, 8000, 14000, 20000], presses: [1000, 3250, 8300, 14520, 20050] };
    const res = await psycho({ id: 0, test_id: 3, score: 99, answers: JSON.stringify(answers), final: 1, agreement: 1 });
    expect(res.body.score).toBe(33.11);
  });
});

describe('personalisation answer records', () => {
  it('Bartle: starts with score -1, then the server computes score and scales and ignores the client\u2019s', async () => {
    const start = await person({ id: 0, test_id: 1, score: 50, answers: '{}', final: 0, rslt: '', agreement: 0, time_length: 0 });
    expect(start.body).toMatchObject({ message: 'OK', score: -1, rslt: '' });
    const id = start.body.answer_id;
    const partial = await person({ id, test_id: 1, answers: JSON.stringify({ Q1: 0, Q2: 1 }), final: 0 });
    expect(partial.body.score).toBe(-1);

    const incomplete = await person({ id, test_id: 1, answers: JSON.stringify({ Q1: 0 }), final: 1 });
    expect(incomplete.status).toBe(400);
    expect(incomplete.body.message).toMatch(/Every item needs an answer/);

    const done = await person({ id, test_id: 1, score: 100, answers: JSON.stringify(bartleAnswers(0, 1)), final: 1, rslt: '{"A":100}', agreement: 0, time_length: 9999 });
    expect(done.status).toBe(200);
    expect(done.body.score).toBe(30);
    expect(JSON.parse(done.body.rslt)).toEqual({ A: 30, S: 26.667, E: 23.333, K: 20 });

    const info = await get('/get-person-test-info/1', student);
    const attempt = info.body.info.attempts.find((a: { id: number }) => a.id === id);
    expect(attempt).toMatchObject({ final: 1, score: 30 });
    expect(attempt.time_length).toBeLessThan(60);
    expect(info.body.info.test_count).toBe(1);
    expect((await person({ id, test_id: 1, answers: JSON.stringify(bartleAnswers(1, 1)), final: 1 })).status).toBe(409);
  });

  it('starting and saving progress use no repeat; finishing uses one (issue 20 item 17)', async () => {
    // Prepare
    const count = async () => (await get('/get-person-test-info/5', student)).body.info.test_count as number;
    const answers = JSON.stringify(Object.fromEntries(personTestDefinitions.challenging.items.map((c) => [c, 4])));
    // Act: start, as the Start button does, and save progress
    const start = await person({ id: 0, test_id: 5, answers: '{}', final: 0, agreement: 0, time_length: 0 });
    expect(start.status).toBe(200);
    const id = start.body.answer_id;
    // Assess
    expect(await count()).toBe(0);
    expect((await get('/get-my-person-tests', student)).body.tests[4]).toMatchObject({ test_count: 0, rpt: 3 });
    expect((await person({ id, test_id: 5, answers: JSON.stringify({ CP1: 2 }), final: 0 })).status).toBe(200);
    expect(await count()).toBe(0);
    // Opening the page again and starting anew use none either.
    expect((await person({ id: 0, test_id: 5, answers: '{}', final: 0 })).status).toBe(200);
    expect(await count()).toBe(0);
    const done = await person({ id, test_id: 5, answers, final: 1, agreement: 1 });
    expect(done.status).toBe(200);
    expect(await count()).toBe(1);
  });

  it('refuses a new attempt once test_count reaches rpt', async () => {
    const answers = JSON.stringify(Object.fromEntries(personTestDefinitions.metacognition.items.map((c) => [c, 3])));
    // Started while repeats were left, finished after they were used up.
    const late = await person({ id: 0, test_id: 3, answers: '{}', final: 0 }, teacher);
    expect(late.status).toBe(200);
    for (let i = 0; i < 3; i++) {
      const res = await person({ id: 0, test_id: 3, answers, final: 1, agreement: 1 }, teacher);
      expect(res.status).toBe(200);
      expect(JSON.parse(res.body.rslt)).toEqual({ Planning: 3, Knowledge: 3, Regulation: 3, Motivation: 3, Global: 3 });
    }
    const fourth = await person({ id: 0, test_id: 3, answers, final: 1, agreement: 1 }, teacher);
    expect(fourth.status).toBe(409);
    expect(fourth.body.message).toBe('No more attempts of this test are allowed.');
    expect((await person({ id: 0, test_id: 3, answers: '{}', final: 0 }, teacher)).status).toBe(409);
    const lateFinish = await person({ id: late.body.answer_id, test_id: 3, answers, final: 1, agreement: 1 }, teacher);
    expect(lateFinish.status).toBe(409);
    expect(lateFinish.body.message).toBe('No more attempts of this test are allowed.');
    const list = await get('/get-my-person-tests', teacher);
    expect(list.body.tests[2]).toMatchObject({ test_count: 3, rpt: 3 });
  });

  it('refuses values out of range and unknown items', async () => {
    expect((await person({ id: 0, test_id: 2, answers: JSON.stringify({ ITQ01: 9 }), final: 0 })).status).toBe(400);
    expect((await person({ id: 0, test_id: 2, answers: JSON.stringify({ Q1: 1 }), final: 0 })).status).toBe(400);
  });
});

describe('research export', () => {
  it('exports only consented, finished answers under stable pseudonyms, never who gave them', async () => {
    // The student declines in ITQ: never exported.
    const itq = Object.fromEntries(personTestDefinitions.itq.items.map((c) => [c, 4]));
    expect((await person({ id: 0, test_id: 2, answers: JSON.stringify({ ...itq, X: 0 }), final: 1, agreement: 1 })).status).toBe(200);
    const itqExport = await get('/get-tests-research-export?kind=person&test_id=2', admin);
    expect(itqExport.status).toBe(200);
    expect(itqExport.body.list).toEqual([]);

    const meta = await get('/get-tests-research-export?kind=person&test_id=3', admin);
    expect(meta.body.list).toHaveLength(3);
    const pseudonyms = new Set(meta.body.list.map((r: { pseudonym: string }) => r.pseudonym));
    expect(pseudonyms.size).toBe(1);
    const [record] = meta.body.list;
    expect(Object.keys(record).sort()).toEqual(['answer_id', 'answers', 'kind', 'pseudonym', 'rslt', 'score', 'test_id', 'test_type', 'time_length', 'time_start']);
    const text = JSON.stringify(meta.body);
    expect(text).not.toContain('teacher@example.com');
    expect(text).not.toContain(`"user_id"`);

    // Psycho: only the records sent with the consent box ticked (two number memory runs above had none).
    const memory = await get('/get-tests-research-export?kind=psycho&test_id=1', admin);
    expect(memory.body.list).toHaveLength(1);
    expect(memory.body.list[0].score).toBe(18.52);
    expect(memory.body.list[0].pseudonym).not.toBe(record.pseudonym);
  });

  it('pages with a cursor and refuses a forged one', async () => {
    const first = await get('/get-tests-research-export?kind=person&test_id=3&limit=2', admin);
    expect(first.body.list).toHaveLength(2);
    expect(first.body.next).toEqual(expect.any(String));
    const second = await get(`/get-tests-research-export?kind=person&test_id=3&limit=2&after=${first.body.next}`, admin);
    expect(second.body.list).toHaveLength(1);
    const forged = Buffer.from(JSON.stringify({ gsi1pk: 'USER#1', gsi1sk: 'x', pk: 'a', sk: 'b' })).toString('base64url');
    expect((await get(`/get-tests-research-export?kind=person&test_id=3&after=${forged}`, admin)).status).toBe(400);
  });

  it('is for admins only', async () => {
    expect((await get('/get-tests-research-export?kind=person&test_id=3', student)).status).toBe(403);
    expect((await get('/get-tests-research-export?kind=nope&test_id=3', admin)).status).toBe(400);
  });
});
