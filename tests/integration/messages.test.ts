/**
 * Messages (issue 23 items 1, 2, 5; spec/3 "Messages", §3, §4, §6, §7, §9) on DynamoDB Local: the
 * admin writes a message in two languages, changes its type and sends it to the demo class; a member
 * lists it in their language (English as fallback), gets it pushed live on `user:{id}`, reads and
 * deletes it; a message past its finish date is not listed. Students and teachers are refused every
 * admin route; bad input is a 400 with the field, never a 500; the spec's texts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { messageTexts } from '@lectio/shared';
import { addTestUser, eventually, startTestCloud, type TestCloud } from './helpers';

let cloud: TestCloud;
let admin: string;
let teacher: string;
/** Member of Class 1.A, English. */
let anna: string;
/** Member of Class 1.A, Slovak. */
let boris: string;
/** In no group. */
let cyril: string;
let classId: number;
let courseId: number;

const post = (path: string, json: unknown, token?: string) => cloud.api(`/api${path}`, { method: 'POST', json, token });
const get = (path: string, token?: string) => cloud.api(`/api${path}`, { token });

beforeAll(async () => {
  cloud = await startTestCloud('demo');
  admin = await cloud.login('admin@example.com', 'admin-demo');
  teacher = await cloud.login('teacher@example.com', 'teacher-demo');
  [anna, boris, cyril] = (await Promise.all([addTestUser(cloud, 'manna'), addTestUser(cloud, 'mboris', { pref_lang_id: 2 }), addTestUser(cloud, 'mcyril')])) as [string, string, string];
  courseId = cloud.seed.demoCourseId!;
  const page = await get('/get-admin-message/0', admin);
  classId = page.body.groups.find((g: { name: string }) => g.name === 'Class 1.A').id;
  for (const t of [anna, boris]) expect((await post('/add-student-to-course-group', { group_id: classId, group_key: 'class-1a-key', course_id: courseId }, t)).status).toBe(200);
});
afterAll(() => cloud?.stop());

const entry = (over: Record<string, unknown> = {}) => ({ message_id: 0, id: 0, language_id: 1, message_type: 2, title: 'Exam on Friday', description: '<p>Bring a <strong>pen</strong>.</p>', ...over });

describe('admin routes refuse students and teachers', () => {
  it.each([
    ['GET', '/get-admin-messages', undefined],
    ['GET', '/get-admin-message/0', undefined],
    ['POST', '/save-message', entry()],
    ['POST', '/save-message-type', { message_id: 101, message_type: 1 }],
    ['POST', '/send-message', { group_list: [1], message_id: 101 }],
  ])('%s %s', async (method, path, json) => {
    for (const token of [anna, teacher]) {
      const res = method === 'GET' ? await get(path, token) : await post(path, json, token);
      expect(res.status).toBe(403);
    }
    const anonymous = method === 'GET' ? await get(path) : await post(path, json);
    expect(anonymous.status).toBe(401);
  });
});

describe('the demo messages', () => {
  it('lists one message of each type, owned by the admin, in English and Slovak', async () => {
    const list = (await get('/get-admin-messages', admin)).body.list;
    expect(list.map((m: { message_type_id: number }) => m.message_type_id).sort()).toEqual([1, 2, 3, 4]);
    expect(list[0]).toMatchObject({ owner: 'Ada Admin', last_used_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/) });
    const one = (await get(`/get-admin-message/${list[0].id}`, admin)).body;
    expect(one.list.map((e: { language_id: number }) => e.language_id)).toEqual([1, 2]);
  });

  it('a pupil of the demo class has the four, in English; in Slovak once their language is Slovak', async () => {
    const { membersOfGroups } = await import('../../functions/src/groups');
    const { latestMessages } = await import('../../functions/src/messages/messages');
    const { users } = await import('../../functions/src/accounts/users');
    const { accountKeys } = await import('../../functions/src/accounts/keys');
    const pupil = (await membersOfGroups([classId])).map((m) => m.user_id).sort((a, b) => a - b)[0]!;
    const en = await latestMessages(pupil);
    expect(en.map((m) => m.message_type).sort()).toEqual([1, 2, 3, 4]);
    expect(en.map((m) => m.title)).toContain('Server maintenance');
    await users.update(accountKeys.user(pupil), { set: { lang_id: 2 } });
    expect((await latestMessages(pupil)).map((m) => m.title)).toContain('Údržba servera');
    // Anna and Boris join after the demo send: they have none of them.
    expect((await get('/get-user-messages', anna)).body.message_list).toEqual([]);
  });
});

describe('writing and sending a message', () => {
  let messageId: number;

  it('saves an entry (creating the message), a second language, the type; sanitises the description', async () => {
    const created = await post('/save-message', entry({ description: '<p>Bring a <strong>pen</strong>.</p><script>alert(1)</script><img src=x onerror=alert(1)>' }), admin);
    expect(created.status).toBe(200);
    expect(created.body).toEqual({ message: 'OK', message_id: expect.any(Number), id: expect.any(Number) });
    messageId = created.body.message_id;
    const sk = await post('/save-message', entry({ message_id: messageId, language_id: 2, title: 'Skúška v piatok', description: '<p>Prineste si <em>pero</em>.</p>' }), admin);
    expect(sk.body.message_id).toBe(messageId);
    // Saving a language again replaces its entry (same entry id).
    const again = await post('/save-message', entry({ message_id: messageId, id: created.body.id }), admin);
    expect(again.body.id).toBe(created.body.id);
    expect((await post('/save-message-type', { message_id: messageId, message_type: 3 }, admin)).body).toEqual({ message: 'OK' });
    const one = (await get(`/get-admin-message/${messageId}`, admin)).body;
    expect(one.message).toMatchObject({ id: messageId, message_type_id: 3, title: 'Exam on Friday', last_used_at: '', owner: 'Ada Admin' });
    expect(one.list).toHaveLength(2);
    const stored = (await post('/save-message', entry({ message_id: messageId, message_type: 3, description: '<p>ok</p><script>alert(1)</script><img src=x onerror=alert(1)>' }), admin)).body;
    expect(stored.message).toBe('OK');
    const html = (await get(`/get-admin-message/${messageId}`, admin)).body.list[0].description as string;
    expect(html).not.toMatch(/script|onerror/);
    expect((await get('/get-admin-messages', admin)).body.list.some((m: { id: number }) => m.id === messageId)).toBe(true);
  });

  it('sends it to the demo class: pushed live to a connected member, listed in each member\u2019s language', async () => {
    const socket = new WebSocket(`${cloud.url.replace('http', 'ws')}/ws?token=${anna}`);
    const inbox: any[] = [];
    socket.on('message', (d) => inbox.push(JSON.parse(d.toString())));
    await new Promise((r) => socket.once('open', r));
    const { verifyToken } = await import('../../functions/src/platform/auth/tokens');
    const annaUser = (await verifyToken(anna, 'access'))!.userId;
    socket.send(JSON.stringify({ action: 'subscribe', topic: `user:${annaUser}` }));
    await eventually(async () => inbox, (i) => i.some((m) => m.type === 'subscribed'));

    const sent = await post('/send-message', { group_list: [classId], message_id: messageId }, admin);
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({ message: 'OK', recipients: 32 });
    const pushed = await eventually(async () => inbox, (i) => i.some((m) => m.type === 'message.new'), 10_000);
    expect(pushed.find((m) => m.type === 'message.new')).toMatchObject({ topic: `user:${annaUser}`, message: { message_id: messageId, title: 'Exam on Friday', message_type: 3 } });
    socket.close();

    const en = (await get('/get-user-messages', anna)).body.message_list;
    expect(en).toEqual([expect.objectContaining({ message_id: messageId, title: 'Exam on Friday', message_type: 3, passed: 0 })]);
    expect(en[0].description).toContain('<p>ok</p>');
    const sk = (await get('/get-user-messages', boris)).body.message_list;
    expect(sk).toEqual([expect.objectContaining({ message_id: messageId, title: 'Skúška v piatok', description: '<p>Prineste si <em>pero</em>.</p>' })]);
    // The dashboard lists the same, and someone outside the class has nothing.
    expect((await get('/get-active-user-courses2', boris)).body.message_list[0].title).toBe('Skúška v piatok');
    expect((await get('/get-user-messages', cyril)).body.message_list).toEqual([]);
    expect((await get('/get-admin-messages', admin)).body.list.find((m: { id: number }) => m.id === messageId).last_used_at).not.toBe('');
  });

  it('read when opened, then deleted', async () => {
    expect((await post('/pass-message', { message_id: messageId }, anna)).body).toEqual({ message: 'OK' });
    expect((await get('/get-user-messages', anna)).body.message_list[0].passed).toBe(1);
    // Sending and the first read are in the users activity (a second read is not).
    expect((await post('/pass-message', { message_id: messageId }, anna)).status).toBe(200);
    const activity = (await get('/get-users-activity?action=read+message', admin)).body.list;
    expect(activity).toEqual([expect.objectContaining({ action: 'read message', name: 'manna Tester', description: `message: ${messageId}` })]);
    const sends = (await get('/get-users-activity?action=send+message', admin)).body.list;
    expect(sends[0]).toMatchObject({ name: 'Ada Admin', description: `message: ${messageId}, recipients: 32, Exam on Friday` });
    expect((await post('/delete-message', { message_id: messageId }, anna)).body).toEqual({ message: 'OK' });
    expect((await get('/get-user-messages', anna)).body.message_list).toEqual([]);
  });

  it('a message past its finish date is no longer listed', async () => {
    const { messageKeys } = await import('../../functions/src/messages/keys');
    const { groupMessages } = await import('../../functions/src/messages/group-messages');
    await groupMessages.update(messageKeys.groupMessage(classId, messageId), { set: { finish_at: Date.now() - 1000 } });
    expect((await get('/get-user-messages', boris)).body.message_list).toEqual([]);
    expect((await get('/get-active-user-courses2', boris)).body.message_list).toEqual([]);
  });
});

describe('errors and bad input', () => {
  it('answers the documented errors', async () => {
    expect((await get('/get-admin-message/99999', admin)).body).toMatchObject({ message: messageTexts.notFound });
    expect((await get('/get-admin-message/99999', admin)).status).toBe(404);
    expect((await post('/save-message-type', { message_id: 99999, message_type: 1 }, admin)).status).toBe(404);
    expect((await post('/save-message', entry({ message_id: 99999 }), admin)).status).toBe(404);
    expect((await post('/send-message', { group_list: [classId], message_id: 99999 }, admin)).status).toBe(404);
    const list = (await get('/get-admin-messages', admin)).body.list;
    const past = await post('/send-message', { group_list: [classId], message_id: list[0].id, finish_date: '2020-01-01' }, admin);
    expect(past.status).toBe(400);
    expect(past.body.message).toBe(messageTexts.finishPast);
    // A group the admin does not teach.
    const other = await post('/add-group', { name: 'Someone else', group_key: 'k-12345', teacher_key: 't-12345', group_type: 0 }, teacher);
    const refused = await post('/send-message', { group_list: [other.body.id], message_id: list[0].id }, admin);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('You do not teach this group.');
  });

  it.each([
    ['/save-message', 'message_type', entry({ message_type: 5 })],
    ['/save-message', 'language_id', entry({ language_id: 9 })],
    ['/save-message', 'title', entry({ title: '' })],
    ['/save-message', 'title', entry({ title: 'x'.repeat(201) })],
    ['/save-message', 'description', entry({ description: 'x'.repeat(20_001) })],
    ['/save-message', 'message_id', entry({ message_id: -1 })],
    ['/save-message-type', 'message_id', { message_id: 'a', message_type: 1 }],
    ['/send-message', 'group_list', { group_list: [], message_id: 101 }],
    ['/send-message', 'group_list', { group_list: Array.from({ length: 51 }, (_, i) => i + 1), message_id: 101 }],
    ['/send-message', 'finish_date', { group_list: [1], message_id: 101, finish_date: '24.11.2026' }],
  ])('%s refuses a bad %s', async (path, field, json) => {
    const res = await post(path, json, admin);
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors ?? {}).join(',')).toContain(field);
  });

  it('a user\u2019s message list needs a login', async () => {
    expect((await get('/get-user-messages')).status).toBe(401);
    expect((await get('/get-admin-message/abc', admin)).status).toBe(400);
  });
});
