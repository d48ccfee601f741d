/** Registration, confirmation, password reset and profile (spec/1 §2, §4, §5, §8) through the local cloud. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { languages } from '@lectio/shared';
import { startTestCloud, type TestCloud } from './helpers';
import { accountKeys } from '../../functions/src/accounts/keys';

let cloud: TestCloud;
beforeAll(async () => {
  cloud = await startTestCloud('none');
});
afterAll(() => cloud?.stop());

const year = new Date().getFullYear();
const registration = (over: Record<string, unknown> = {}) => ({
  name: 'Jana',
  surname: 'Nováková',
  nick: 'jana',
  email: `jana${Math.random().toString(36).slice(2, 8)}@example.com`,
  passw: 'secret1',
  country: 703,
  lang: 2,
  group: 'Demo',
  age: 2005,
  content_type_id: 1,
  client_secret: cloud.clientSecret,
  ...over,
});

const outbox = async () => (await cloud.api('/_local/outbox')).body as Array<{ to: string; subject: string; text: string; html: string; sentAt: string }>;
const mailTo = async (to: string) => (await outbox()).find((m) => m.to === to);
const confirmLink = (text: string) => {
  const m = /\/confirm\/([^/\s]+)\/([A-Za-z0-9_-]+)/.exec(text);
  if (!m) throw new Error(`no link in ${text}`);
  return { mail: decodeURIComponent(m[1]!), token: m[2]! };
};
const post = (path: string, json: unknown, token?: string) => cloud.api(`/api${path}`, { method: 'POST', json, token });

describe('registration data', () => {
  it('lists languages, a full country list in the asked language, groups and themes', async () => {
    const en = await cloud.api('/api/get-registration-data');
    expect(en.status).toBe(200);
    expect(en.body.languages).toHaveLength(8);
    expect(en.body.countries.length).toBeGreaterThan(240);
    expect(en.body.countries).toContainEqual({ id: 703, country_name: 'Slovakia' });
    expect(en.body.groups.length).toBeGreaterThan(0);
    expect(en.body.themes.map((t: { theme_name: string }) => t.theme_name)).toEqual(['light', 'dark', 'colourblind', 'os-preference']);
    const sk = await cloud.api('/api/get-registration-data?lang=2');
    expect(sk.body.countries).toContainEqual({ id: 703, country_name: 'Slovensko' });
    expect((await cloud.api('/api/get-registration-data?lang=x')).status).toBe(400);
  });
});

describe('register → mail → confirm → finish → login', () => {
  it('walks the whole flow; the token is single use; duplicates are refused with 401', async () => {
    const body = registration();
    const res = await post('/register', body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ message: 'OK', description: 'Please check your mailbox and confirm registration (check the spam folder too).' });

    const login = () => post('/oauth/token', { grant_type: 'password', client_id: 2, client_secret: cloud.clientSecret, username: body.email, password: body.passw });
    const early = await login();
    expect(early.status).toBe(403);
    expect(early.body.message).toBe('Account not confirmed.');

    const mail = await mailTo(body.email);
    expect(mail?.subject).toBe('Potvrďte registráciu v Lectio'); // preferred language 2 = Slovak
    const link = confirmLink(mail!.text);
    expect(link.mail).toBe(body.email);

    const confirmed = await post('/confirm', link);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ message: 'OK', token: expect.any(String) });
    expect((await post('/confirm', link)).status).toBe(400);

    const finished = await post('/finishreg', { email: body.email, password: '' }, confirmed.body.token);
    expect(finished.body).toEqual({ message: 'OK', description: 'Registration finished.' });
    const user = await cloud.api('/api/get-full-user-parameters', { token: confirmed.body.token });
    expect(user.body).toMatchObject({ nickname: 'jana', lang_id: 2, role_id: 1, performance: { xp: 0, coins: 0, level: 1, badges: [] } });
    expect((await login()).status).toBe(200);

    const again = await post('/register', { ...body, email: body.email.toUpperCase() });
    expect(again.status).toBe(401);
    expect(again.body.message).toBe(`Email "${body.email.toUpperCase()}" is used. Registration was aborted.`);
  });

  it('uses name + surname as nickname when the nickname is shorter than 2', async () => {
    const body = registration({ nick: 'x' });
    await post('/register', body);
    const { mail, token } = confirmLink((await mailTo(body.email))!.text);
    const { body: c } = await post('/confirm', { mail, token });
    expect((await cloud.api('/api/get-full-user-parameters', { token: c.token })).body.nickname).toBe('Jana Nováková');
  });

  it('refuses an expired confirmation token', async () => {
    const body = registration();
    await post('/register', body);
    const link = confirmLink((await mailTo(body.email))!.text);
    const { db, table } = await import('../../functions/src/platform/db/client');
    const { UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
    await db.send(new UpdateCommand({ TableName: table(), Key: accountKeys.confirmation(body.email), UpdateExpression: 'SET expires_at = :p', ExpressionAttributeValues: { ':p': 1 } }));
    const res = await post('/confirm', link);
    expect(res.status).toBe(400);
    expect(res.body.description).toMatch(/expired/);
  });

  it('frees the e-mail of an account that was never confirmed once its link expired', async () => {
    const body = registration();
    await post('/register', body);
    expect((await post('/register', body)).status).toBe(401); // link still valid
    const { db, table } = await import('../../functions/src/platform/db/client');
    const { UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
    await db.send(new UpdateCommand({ TableName: table(), Key: accountKeys.confirmation(body.email), UpdateExpression: 'SET expires_at = :p', ExpressionAttributeValues: { ':p': 1 } }));
    expect((await post('/register', { ...body, name: 'Janka' })).status).toBe(200);
    const { token } = confirmLink((await mailTo(body.email))!.text) as { mail: string; token: string };
    const confirmed = await post('/confirm', { mail: body.email, token });
    expect(confirmed.status).toBe(200);
    expect((await cloud.api('/api/get-full-user-parameters', { token: confirmed.body.token })).body.name).toBe('Janka');
  });

  it('renders the confirmation mail in each of the 8 languages', async () => {
    const subjects: string[] = [];
    for (const lang of languages) {
      const body = registration({ lang: lang.id });
      expect((await post('/register', body)).status).toBe(200);
      const mail = await mailTo(body.email);
      subjects.push(mail!.subject);
      expect(mail!.html).toContain(`lang="${lang.shortcut}"`);
    }
    expect(new Set(subjects).size).toBe(8);
  });
});

describe('validation rules of §5, on the server', () => {
  const cases: Array<[string, Record<string, unknown>, string, string]> = [
    ['empty name', { name: '' }, 'name', 'The value is required'],
    ['short name', { name: 'J' }, 'name', 'Name is too short.'],
    ['short surname', { surname: 'N' }, 'surname', 'Surname is too short.'],
    ['long name', { name: 'J'.repeat(41) }, 'name', 'The value must be 2-40 characters'],
    ['year 1940', { age: 1940 }, 'age', 'Please set your age - content is dependent on age too.'],
    ['year before 1940', { age: 1900 }, 'age', 'Please set your age - content is dependent on age too.'],
    ['year in the future', { age: year + 1 }, 'age', 'Please set your age - content is dependent on age too.'],
    ['no e-mail', { email: '' }, 'email', 'E-mail is required'],
    ['e-mail without domain', { email: 'jana@example' }, 'email', 'E-mail must be valid'],
    ['unsupported character', { email: 'ján@example.com' }, 'email', 'Unsupported character in email address (a-z, A-Z, 0-9, !#$%&*+-/=?^_`{|}~)'],
    ['short password', { passw: '1234' }, 'passw', 'Min 5 characters'],
    ['student type 3', { content_type_id: 3 }, 'content_type_id', 'Choose a student type'],
    ['unknown language', { lang: 9 }, 'lang', 'Choose a language'],
  ];
  it.each(cases)('%s → 400 %s', async (_label, over, field, message) => {
    const res = await post('/register', registration(over));
    expect(res.status).toBe(400);
    expect(res.body.errors[field]).toContain(message);
  });

  it('answers hostile input with 400, never 500, and stores no script', async () => {
    for (const over of [
      { name: '<script>alert(1)</script>'.repeat(5) },
      { email: '<script>@x.y' },
      { age: 'nineteen' },
      { country: [1] },
      { nick: { $ne: 1 } },
      { passw: 'x'.repeat(100_000) },
    ]) {
      const res = await post('/register', registration(over));
      expect(res.status, JSON.stringify(over).slice(0, 60)).toBe(400);
    }
  });

  it('refuses a wrong client secret with 401', async () => {
    expect((await post('/register', registration({ client_secret: 'nope' }))).status).toBe(401);
  });
});

describe('password reset', () => {
  const code = (text: string) => /\b([A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4})\b/.exec(text)![1]!;
  const reset = (email: string) => post('/pwd-change-mail', { mail: email, client_secret: cloud.clientSecret });

  it('walks mail → code → token → new password → login, and never tells whether an e-mail exists', async () => {
    const email = 'student@example.com';
    const unknown = await reset('nobody@example.com');
    const known = await reset(email);
    expect(unknown.body).toEqual(known.body);
    expect(known.body).toEqual({ message: 'OK', description: 'Please check your mailbox and confirm password change (check the spam folder too).' });
    expect(await mailTo('nobody@example.com')).toBeUndefined();

    const mailed = code((await mailTo(email))!.text);
    const exchanged = await post('/pwd-confirm-code', { email, client_secret: cloud.clientSecret, code: mailed });
    expect(exchanged.status, JSON.stringify(exchanged.body)).toBe(200);
    expect((await post('/pwd-confirm-code', { email, client_secret: cloud.clientSecret, code: mailed })).status).toBe(400);

    const changed = await post('/pwd-change-pwd', { email, client_secret: cloud.clientSecret, code: exchanged.body.token, passwd: 'new-student-pw' });
    expect(changed.body).toEqual({ message: 'OK', description: 'Password changed.' });
    expect((await post('/pwd-change-pwd', { email, client_secret: cloud.clientSecret, code: exchanged.body.token, passwd: 'again-pw' })).status).toBe(400);
    await cloud.login(email, 'new-student-pw');
    await expect(cloud.login(email, 'student-demo')).rejects.toThrow();
  });

  it('burns a code after 5 wrong attempts (brute force is cut off)', async () => {
    const email = 'teacher@example.com';
    await reset(email);
    const right = code((await mailTo(email))!.text);
    const wrong = right.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'));
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await post('/pwd-confirm-code', { email, client_secret: cloud.clientSecret, code: wrong })).status);
    expect(statuses).toEqual([400, 400, 400, 400, 429]);
    const late = await post('/pwd-confirm-code', { email, client_secret: cloud.clientSecret, code: right });
    expect(late.status).toBe(400);
    expect(late.body.description).toMatch(/new code/);
  });

  it('when logged in, the e-mail must be the logged user\u2019s', async () => {
    const token = await cloud.login('admin@example.com', 'admin-demo');
    const res = await post('/pwd-change-mail', { mail: 'teacher@example.com', client_secret: cloud.clientSecret }, token);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('This is not email of logged user.');
    expect((await post('/pwd-change-mail', { mail: 'not-an-email', client_secret: cloud.clientSecret })).body.errors.mail).toContain('Invalid email address.');
  });
});

describe('profile', () => {
  it('reads and saves the personal fields and theme', async () => {
    const token = await cloud.login('admin@example.com', 'admin-demo');
    const before = await cloud.api('/api/get-profile-data', { token });
    expect(before.body).toMatchObject({ email: 'admin@example.com', name: 'Ada' });
    expect(before.body).not.toHaveProperty('password_hash');
    const saved = await post('/profile-change', { name: 'Adela', surname: 'Admin', nick: '', country: 203, lang: 3, group: 'Demo', age: 1990, content_type_id: 2, theme_id: 2 }, token);
    expect(saved.body).toEqual({ message: 'OK' });
    const after = await cloud.api('/api/get-profile-data', { token });
    expect(after.body).toMatchObject({ name: 'Adela', nickname: 'Adela Admin', country_id: 203, pref_lang_id: 3, yob: 1990, theme_id: 2 });
    expect((await cloud.api('/api/get-full-user-parameters', { token })).body.theme_value).toBe('dark');
    expect((await post('/profile-change', { ...before.body, name: 'A' }, token)).status).toBe(400);
  });
});

describe('permissions', () => {
  it('an admin grants a course permission; students may not', async () => {
    const admin = await cloud.login('admin@example.com', 'admin-demo');
    const student = await cloud.login('teacher@example.com', 'teacher-demo').catch(() => '');
    const grant = { email: 'teacher@example.com', course_id: 999, role_code: 'teacher', language_id: 0, sub_obj_id: 0 };
    expect((await post('/grant-permission', grant, admin)).status).toBe(404);
    if (student) expect((await post('/grant-permission', grant, student)).status).toBe(403);
    expect((await post('/grant-permission', { ...grant, role_code: 'king' }, admin)).status).toBe(400);
  });
});
