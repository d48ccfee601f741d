/**
 * Users activity (issue 23 item 4; spec/3 "Users activity", §3 Activity and Log entry, §6, §7, §9) on
 * DynamoDB Local: /write-to-log2 entries, logins and logouts listed newest first, 20 a page with a
 * cursor, filtered by user (e-mail or id), action and date range; every Query reads a bounded number of
 * items; the entries carry the retention TTL; students and teachers are refused; bad input is a 400.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTestUser, startTestCloud, type TestCloud } from './helpers';

let cloud: TestCloud;
let admin: string;
let teacher: string;
let ola: string;

const post = (path: string, json: unknown, token?: string) => cloud.api(`/api${path}`, { method: 'POST', json, token });
const get = (path: string, token?: string) => cloud.api(`/api${path}`, { token });
const page = (query: Record<string, string | number> = {}) => get(`/get-users-activity?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`, admin);
const log = (action: string, token: string, n = 0) => post('/write-to-log2', { action, object1: 'task', object1_value: n, object2: 'seconds', object2_value: 5, description: '' }, token);

beforeAll(async () => {
  cloud = await startTestCloud('none');
  admin = await cloud.login('admin@example.com', 'admin-demo');
  teacher = await cloud.login('teacher@example.com', 'teacher-demo');
  ola = await addTestUser(cloud, 'aola');
  for (let i = 0; i < 25; i++) expect((await log('open task', ola, i)).status).toBe(200);
  expect((await log('close task', ola, 99)).status).toBe(200);
  expect((await post('/logout', {}, teacher)).status).toBe(200);
});
afterAll(() => cloud?.stop());

describe('the table', () => {
  it('refuses students and teachers, and anyone not logged in', async () => {
    const other = await cloud.login('teacher@example.com', 'teacher-demo');
    expect((await get('/get-users-activity', ola)).status).toBe(403);
    expect((await get('/get-users-activity', other)).status).toBe(403);
    expect((await get('/get-users-activity')).status).toBe(401);
  });

  it('lists logins, logouts and log entries newest first, 20 a page, and pages on with the cursor', async () => {
    const first = await page();
    expect(first.status).toBe(200);
    expect(first.body.list).toHaveLength(20);
    expect(first.body.list[0]).toMatchObject({ order: 1, action: expect.any(String), name: expect.any(String), time: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/) });
    const times = first.body.list.map((r: { time: string }) => r.time);
    expect([...times].sort().reverse()).toEqual(times);
    expect(first.body.next).toEqual(expect.any(String));
    const actions = new Set<string>();
    let rows = [...first.body.list];
    let next = first.body.next;
    for (let n = 1; next && n < 10; n++) {
      const more = await page({ after: next, offset: n * 20 });
      expect(more.body.list[0]?.order ?? n * 20 + 1).toBe(n * 20 + 1);
      rows = rows.concat(more.body.list);
      next = more.body.next;
    }
    for (const r of rows) actions.add(r.action);
    // 3 logins of the set-up (admin, teacher, ola) + the login above, 25 opens, 1 close, 1 logout.
    expect(rows).toHaveLength(4 + 25 + 1 + 1);
    expect(new Set(rows.map((r) => `${r.time}|${r.user_id}|${r.action}|${r.description}`)).size).toBeGreaterThan(20);
    expect([...actions].sort()).toEqual(['close task', 'login', 'logout', 'open task']);
    expect(rows.find((r) => r.action === 'close task')).toMatchObject({ name: 'aola Tester', description: 'task: 99, seconds: 5' });
    expect(rows.find((r) => r.action === 'logout')).toMatchObject({ name: 'Tomas Teacher' });
  });

  it('filters by user (e-mail or id), action and date range', async () => {
    const byMail = await page({ user: 'aola@example.com' });
    expect(byMail.body.list).toHaveLength(20);
    expect(new Set(byMail.body.list.map((r: { name: string }) => r.name))).toEqual(new Set(['aola Tester']));
    const byId = await page({ user: String(byMail.body.list[0].user_id), action: 'close task' });
    expect(byId.body.list).toEqual([expect.objectContaining({ action: 'close task', order: 1 })]);
    expect(byId.body.next).toBeNull();
    const logins = await page({ action: 'login' });
    expect(logins.body.list.map((r: { action: string }) => r.action)).toEqual(Array(4).fill('login'));
    expect((await page({ user: 'nobody@example.com' })).body).toEqual({ list: [], next: null });
    const today = new Date().toISOString().slice(0, 10);
    expect((await page({ from: today, to: today, action: 'logout' })).body.list).toHaveLength(1);
    expect((await page({ to: '2020-01-01' })).body).toEqual({ list: [], next: null });
    expect((await page({ from: '2999-01-01' })).body.list).toEqual([]);
  });

  it('bounds each Query: a page of 21 items a shard (4 shards), 100 with an action filter', async () => {
    const { usersActivity } = await import('../../functions/src/activity/query');
    const reads: number[] = [];
    await usersActivity({}, (u) => reads.push(u));
    expect(reads).toHaveLength(4);
    await usersActivity({ user: 'aola@example.com', action: 'login' }, (u) => reads.push(u));
    expect(reads).toHaveLength(5);
  });

  it('keeps the entries for the retention (TTL, 365 days by default)', async () => {
    const { queryPartition } = await import('../../functions/src/platform/db/operations');
    const id = (await page({ user: 'aola@example.com' })).body.list[0].user_id;
    const items = await queryPartition<{ ttl: number }>(`ULOG#${id}`);
    const days = (items[0]!.ttl - Date.now() / 1000) / 86_400;
    expect(days).toBeGreaterThan(364.9);
    expect(days).toBeLessThan(365.1);
  });

  it.each([
    ['from', { from: '24.11.2026' }],
    ['to', { to: 'yesterday' }],
    ['offset', { offset: -1 }],
    ['user', { user: 'x'.repeat(201) }],
    ['action', { action: 'x'.repeat(101) }],
    ['after', { after: 'x'.repeat(301) }],
  ])('refuses a bad %s (400)', async (field, query) => {
    const res = await page(query);
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors ?? {})).toContain(`query.${field}`);
  });
});
