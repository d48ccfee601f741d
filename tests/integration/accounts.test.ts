/** Login and session against DynamoDB Local through the local cloud. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestCloud, type TestCloud } from './helpers';

let cloud: TestCloud;
beforeAll(async () => {
  cloud = await startTestCloud('demo');
});
afterAll(() => cloud?.stop());

const tokenBody = (over: Record<string, unknown> = {}) => ({
  grant_type: 'password',
  client_id: 2,
  client_secret: cloud.clientSecret,
  username: 'teacher@example.com',
  password: 'teacher-demo',
  ...over,
});

describe('POST /oauth/token', () => {
  it('issues a bearer token for each demo account (JSON body)', async () => {
    for (const [email, password] of [
      ['admin@example.com', 'admin-demo'],
      ['teacher@example.com', 'teacher-demo'],
      ['student@example.com', 'student-demo'],
    ]) {
      const res = await cloud.api('/api/oauth/token', { method: 'POST', json: tokenBody({ username: email, password }) });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ token_type: 'Bearer', expires_in: expect.any(Number) });
      expect(res.body.access_token.split('.')).toHaveLength(3);
      expect(res.body.refresh_token).toBeTypeOf('string');
    }
  });

  it('accepts an application/x-www-form-urlencoded body (OAuth 2 clients)', async () => {
    const form = new URLSearchParams({ ...tokenBody(), client_id: '2' } as Record<string, string>);
    const res = await cloud.api('/api/oauth/token', {
      method: 'POST',
      body: form.toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(200);
  });

  it('refuses a wrong password, an unknown e-mail, a wrong client id or secret with 401', async () => {
    for (const over of [{ password: 'nope' }, { username: 'ghost@example.com' }, { client_id: 3 }, { client_secret: 'x' }]) {
      const res = await cloud.api('/api/oauth/token', { method: 'POST', json: tokenBody(over) });
      expect(res.status, JSON.stringify(over)).toBe(401);
      expect(res.body.message).toBeTypeOf('string');
    }
  });

  it('answers missing fields with 400 and field errors', async () => {
    const res = await cloud.api('/api/oauth/token', {
      method: 'POST',
      json: { grant_type: 'password', client_id: 2, client_secret: cloud.clientSecret },
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors)).toEqual(expect.arrayContaining(['email', 'password']));
  });

  it('exchanges a refresh token once', async () => {
    const first = await cloud.api('/api/oauth/token', { method: 'POST', json: tokenBody() });
    const refresh = { grant_type: 'refresh_token', client_id: 2, client_secret: cloud.clientSecret, refresh_token: first.body.refresh_token };
    expect((await cloud.api('/api/oauth/token', { method: 'POST', json: refresh })).status).toBe(200);
    expect((await cloud.api('/api/oauth/token', { method: 'POST', json: refresh })).status).toBe(401);
  });

  it('cuts off brute force on one e-mail with 429', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      statuses.push((await cloud.api('/api/oauth/token', { method: 'POST', json: tokenBody({ username: 'brute@example.com', password: `guess${i}` }) })).status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });
});

describe('session', () => {
  it('returns the session user with role, language, theme and initial performance', async () => {
    const token = await cloud.login('admin@example.com', 'admin-demo');
    const res = await cloud.api('/api/get-full-user-parameters', { token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      role_id: 2,
      lang_id: 1,
      theme_value: 'light',
      performance: { xp: 0, coins: 0, level: 1, badges: [] },
    });
  });

  it("returns the caller's own profile fields too (the original platform's mobile client reads them here), never a password hash", async () => {
    const token = await cloud.login('student@example.com', 'student-demo');
    const res = await cloud.api('/api/get-full-user-parameters', { token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      email: 'student@example.com',
      name: expect.any(String),
      surname: expect.any(String),
      yob: expect.any(Number),
      country_id: expect.any(Number),
      pref_lang_id: expect.any(Number),
      content_type_id: expect.any(Number),
      theme_id: expect.any(Number),
      groups: expect.any(String),
    });
    expect(JSON.stringify(res.body)).not.toMatch(/password|hash/);
  });

  it('changes the language and lists it second in /languages', async () => {
    const token = await cloud.login('student@example.com', 'student-demo');
    const change = await cloud.api('/api/change-user-language', { method: 'POST', token, json: { lang: 2 } });
    expect(change.body).toEqual({ message: 'OK', lang_id: 2 });
    const user = await cloud.api('/api/get-full-user-parameters', { token });
    expect(user.body.lang_id).toBe(2);
    const langs = await cloud.api('/api/languages', { token });
    expect(langs.body.list.map((l: { id: number }) => l.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    await cloud.api('/api/change-user-language', { method: 'POST', token, json: { lang: 5 } });
    const again = await cloud.api('/api/languages', { token });
    expect(again.body.list.slice(0, 2).map((l: { id: number }) => l.id)).toEqual([1, 5]);
    expect((await cloud.api('/api/change-user-language', { method: 'POST', token, json: { lang: 9 } })).status).toBe(400);
  });

  it('logout revokes the token', async () => {
    const token = await cloud.login('teacher@example.com', 'teacher-demo');
    expect((await cloud.api('/api/logout', { method: 'POST', token, json: { action: 'logout' } })).status).toBe(200);
    const after = await cloud.api('/api/get-full-user-parameters', { token });
    expect(after.status).toBe(401);
    expect(after.body).toEqual({ message: 'Unauthorized.' });
  });
});

describe('local cloud', () => {
  it('serves health, config.json and an empty outbox', async () => {
    expect((await cloud.api('/api/health')).body).toEqual({ status: 'ok', demo: 'complete' });
    const config = await cloud.api('/config.json');
    expect(config.body).toMatchObject({ apiBase: '/api', clientId: 2, clientSecret: cloud.clientSecret, version: expect.any(String) });
    expect(config.body.wsUrl).toMatch(/^ws:\/\/.+\/ws$/);
    expect((await cloud.api('/_local/outbox')).body).toEqual([]);
  });

  it('seeds the demo course and grants the teacher permission 200 on it', async () => {
    expect(cloud.seed.demoCourseId).toBeTypeOf('number');
    const { maxCourseLevel } = await import('../../functions/src/platform/auth/course-grants');
    expect(await maxCourseLevel(cloud.seed.accounts.teacher!, cloud.seed.demoCourseId!)).toBe(200);
    expect(await maxCourseLevel(cloud.seed.accounts.student!, cloud.seed.demoCourseId!)).toBe(0);
  });
});
