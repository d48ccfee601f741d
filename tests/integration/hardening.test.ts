/**
 * Issue 8 against DynamoDB Local: brute force (count-first limits), finishreg as a password oracle,
 * sessions (revocation, atomic refresh rotation, role changes, sockets closed on logout) and the
 * fields `updateUser` refuses.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { DynamoDBClient, QueryCommand, UpdateItemCommand } from '@aws-sdk/client-dynamodb';
import { startTestCloud, type TestCloud } from './helpers';

let cloud: TestCloud;
beforeAll(async () => {
  cloud = await startTestCloud('none');
});
afterAll(() => cloud?.stop());

const post = (path: string, json: unknown, token?: string) => cloud.api(`/api${path}`, { method: 'POST', json, token });
const grant = (over: Record<string, unknown>) =>
  post('/oauth/token', { grant_type: 'password', client_id: 2, client_secret: cloud.clientSecret, ...over });
const tally = (statuses: number[]) =>
  statuses.reduce<Record<number, number>>((acc, s) => ({ ...acc, [s]: (acc[s] ?? 0) + 1 }), {});

/** Attempts counted in the current windows of a budget (read straight from the table). */
async function attemptsCounted(scope: string, who: string): Promise<number> {
  const client = new DynamoDBClient({ endpoint: cloud.dynamoEndpoint, region: 'local', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  const out = await client.send(
    new QueryCommand({
      TableName: cloud.tableName,
      KeyConditionExpression: 'pk = :p',
      ExpressionAttributeValues: { ':p': { S: `RATE#${scope}#${who}` } },
      ConsistentRead: true,
    }),
  );
  client.destroy();
  return (out.Items ?? []).reduce((sum, item) => sum + Number(item.attempts?.N ?? 0), 0);
}

let registered = 0;
async function registerUnconfirmed(password: string) {
  const email = `oracle${Date.now()}${registered++}@example.com`;
  const res = await post('/register', {
    name: 'Ora',
    surname: 'Cle',
    nick: 'oracle',
    email,
    passw: password,
    country: 703,
    lang: 1,
    group: 'Demo',
    age: 2001,
    content_type_id: 1,
    client_secret: cloud.clientSecret,
  });
  expect(res.status).toBe(200);
  return email;
}

/**
 * The budgets are fixed windows of 15 minutes (or an hour, a multiple of it): a test that spends a budget
 * and then expects 429 must not straddle a window's edge, where the budget starts afresh. Each test takes
 * well under a minute, so one that would start in a window's last minute waits for the next window.
 */
async function awayFromWindowEdge(windowSeconds = 15 * 60, marginSeconds = 60) {
  const left = windowSeconds - ((Date.now() / 1000) % windowSeconds);
  if (left < marginSeconds) await new Promise((r) => setTimeout(r, left * 1000 + 500));
}

describe('count-first rate limits', () => {
  beforeEach(() => awayFromWindowEdge(), 90_000);
  it('200 parallel wrong logins for one e-mail: at most the budget (10) is evaluated, the rest get 429', async () => {
    const email = 'student@example.com';
    const statuses = await Promise.all(
      Array.from({ length: 200 }, (_, i) => grant({ username: email, password: `wrong-${i}` }).then((r) => r.status)),
    );
    const counts = tally(statuses);
    expect(counts[401] ?? 0).toBeLessThanOrEqual(10);
    expect(counts[429]).toBeGreaterThanOrEqual(190);
    expect(Object.keys(counts).sort()).toEqual(['401', '429']);
    expect(await attemptsCounted('login-email', email)).toBeLessThanOrEqual(10);
    // A request that held an e-mail slot but was refused by the IP budget gives its slot back (it was not
    // evaluated), so the burst may leave the e-mail budget short of spent. Spend the rest one at a time.
    for (let i = 0; i < 10 && (await attemptsCounted('login-email', email)) < 10; i++) {
      expect([401, 429]).toContain((await grant({ username: email, password: `wrong-again-${i}` })).status);
    }
    expect(await attemptsCounted('login-email', email)).toBe(10);
    // Even the right password is refused while the window's budget is spent.
    expect((await grant({ username: email, password: 'student-demo' })).status).toBe(429);
  });

  it('a successful login gives its slot back: many good logins never lock a user out', async () => {
    for (let i = 0; i < 14; i++) expect((await grant({ username: 'teacher@example.com', password: 'teacher-demo' })).status).toBe(200);
  });

  it('parallel confirmation guesses for one e-mail: at most 10 are evaluated', async () => {
    const mail = 'nobody-confirm@example.com';
    const statuses = await Promise.all(
      Array.from({ length: 60 }, (_, i) => post('/confirm', { mail, token: `guess${i}` }).then((r) => r.status)),
    );
    const counts = tally(statuses);
    expect(60 - (counts[429] ?? 0)).toBeLessThanOrEqual(10);
    // Counted first: no more guesses than the budget were ever let through (before: every guess was).
    expect(await attemptsCounted('confirm-email', mail)).toBeLessThanOrEqual(10);
  });

  it('parallel reset-code guesses for one e-mail: at most 10 are evaluated', async () => {
    const email = 'admin@example.com';
    expect((await post('/pwd-change-mail', { mail: email, client_secret: cloud.clientSecret })).status).toBe(200);
    const statuses = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        post('/pwd-confirm-code', { email, client_secret: cloud.clientSecret, code: `AAAA-BBBB-${String(i).padStart(4, '0')}` }).then(
          (r) => r.status,
        ),
      ),
    );
    const counts = tally(statuses);
    expect(counts[429]).toBeGreaterThanOrEqual(50);
    expect(await attemptsCounted('reset-code-email', email)).toBeLessThanOrEqual(10);
    expect(await attemptsCounted('reset-code-ip', '127.0.0.1')).toBeLessThanOrEqual(20);
  });
});

describe('POST /finishreg is no password oracle', () => {
  it('answers unknown e-mail, wrong password and an unconfirmed account alike', async () => {
    const email = await registerUnconfirmed('right-pass-1');
    const answers = await Promise.all([
      post('/finishreg', { email: 'nobody-here@example.com', password: 'whatever1' }),
      post('/finishreg', { email: 'teacher@example.com', password: 'wrong-pass' }),
      post('/finishreg', { email, password: 'right-pass-1' }),
      post('/finishreg', { email, password: 'wrong-pass' }),
    ]);
    const shapes = answers.map((a) => ({ status: a.status, body: a.body }));
    expect(new Set(shapes.map((s) => JSON.stringify(s))).size).toBe(1);
    expect(shapes[0]!.status).toBe(400);
    expect((await post('/finishreg', { email: 'teacher@example.com', password: 'teacher-demo' })).body).toEqual({
      message: 'OK',
      description: 'Registration finished.',
    });
  });

  it('applies the login budget: the 11th failure for one e-mail answers 429', async () => {
    const email = 'finish-brute@example.com';
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await post('/finishreg', { email, password: `guess-${i}` })).status);
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('hashes against a dummy for an unknown e-mail (similar timing)', async () => {
    const time = async (email: string) => {
      const started = performance.now();
      await post('/finishreg', { email, password: 'timing-probe' });
      return performance.now() - started;
    };
    // Warm up the dummy hash, then compare the fastest of five answers for a known and an unknown
    // e-mail: the fastest is the work itself, without the delays a busy machine adds to some runs.
    await time('warm-up@example.com');
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 5; i++) {
      known.push(await time('admin@example.com'));
      unknown.push(await time(`ghost${i}@example.com`));
    }
    // argon2id (19 MiB, t=2) dominates both; without the dummy an unknown e-mail answered in a few ms.
    expect(Math.min(...unknown)).toBeGreaterThan(Math.min(...known) * 0.4);
  });
});

describe('sessions', () => {
  const refreshGrant = (refresh_token: string) =>
    post('/oauth/token', { grant_type: 'refresh_token', client_id: 2, client_secret: cloud.clientSecret, refresh_token });

  it('the same refresh token used twice in parallel yields exactly one new pair', async () => {
    const pair = await grant({ username: 'teacher@example.com', password: 'teacher-demo' });
    const results = await Promise.all(Array.from({ length: 8 }, () => refreshGrant(pair.body.refresh_token)));
    const ok = results.filter((r) => r.status === 200);
    expect(ok).toHaveLength(1);
    expect(results.filter((r) => r.status === 401)).toHaveLength(7);
    // The rotated-away pair is dead, the new one lives.
    expect((await cloud.api('/api/get-full-user-parameters', { token: pair.body.access_token })).status).toBe(401);
    expect((await cloud.api('/api/get-full-user-parameters', { token: ok[0]!.body.access_token })).status).toBe(200);
  });

  it('logout revokes the refresh token too', async () => {
    const pair = await grant({ username: 'teacher@example.com', password: 'teacher-demo' });
    expect((await post('/logout', { action: 'logout' }, pair.body.access_token)).status).toBe(200);
    expect((await refreshGrant(pair.body.refresh_token)).status).toBe(401);
  });

  it('a password reset revokes every token of the user', async () => {
    const email = await registerUnconfirmed('before-reset-1');
    const link = /\/confirm\/([^/\s]+)\/([A-Za-z0-9_-]+)/.exec(
      ((await cloud.api('/_local/outbox')).body as Array<{ to: string; text: string }>).find((m) => m.to === email)!.text,
    )!;
    expect((await post('/confirm', { mail: decodeURIComponent(link[1]!), token: link[2]! })).status).toBe(200);
    const before = await grant({ username: email, password: 'before-reset-1' });
    expect(before.status).toBe(200);

    expect((await post('/pwd-change-mail', { mail: email, client_secret: cloud.clientSecret })).status).toBe(200);
    const mails = (await cloud.api('/_local/outbox')).body as Array<{ to: string; text: string }>;
    const codeOf = (text: string) => /\b([A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4})\b/.exec(text)?.[1];
    const code = codeOf(mails.find((m) => m.to === email && codeOf(m.text))!.text)!;
    const confirmed = await post('/pwd-confirm-code', { email, client_secret: cloud.clientSecret, code });
    expect(confirmed.status).toBe(200);
    expect((await post('/pwd-change-pwd', { email, client_secret: cloud.clientSecret, code: confirmed.body.token, passwd: 'after-reset-2' })).status).toBe(200);

    expect((await cloud.api('/api/get-full-user-parameters', { token: before.body.access_token })).status).toBe(401);
    expect((await refreshGrant(before.body.refresh_token)).status).toBe(401);
    const after = await grant({ username: email, password: 'after-reset-2' });
    expect((await cloud.api('/api/get-full-user-parameters', { token: after.body.access_token })).status).toBe(200);
  });

  it('a role change takes effect on the next request', async () => {
    // (The brute-force test above spent the student's login budget.)
    const token = await cloud.login('teacher@example.com', 'teacher-demo');
    const me = (await cloud.api('/api/get-full-user-parameters', { token })).body as { user_id: number };
    const setRole = async (role: number) => {
      const client = new DynamoDBClient({ endpoint: cloud.dynamoEndpoint, region: 'local', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
      await client.send(
        new UpdateItemCommand({
          TableName: cloud.tableName,
          Key: { pk: { S: `USER#${me.user_id}` }, sk: { S: 'PROFILE' } },
          UpdateExpression: 'SET role_id = :r',
          ExpressionAttributeValues: { ':r': { N: String(role) } },
        }),
      );
      client.destroy();
    };
    expect((await cloud.api('/api/get-full-user-parameters', { token })).body.role_id).toBe(1);
    await setRole(2);
    const promoted = await cloud.api('/api/get-full-user-parameters', { token });
    expect(promoted.body.role_id).toBe(2);
    // An admin-only route admits the same token now, and refuses it again after the demotion.
    expect((await cloud.api('/api/area-all-courses2/1', { token })).status).not.toBe(403);
    await setRole(1);
    expect((await cloud.api('/api/area-all-courses2/1', { token })).status).toBe(403);
  });

  it("logout closes the user's WebSocket connections", async () => {
    const token = await cloud.login('admin@example.com', 'admin-demo');
    const socket = new WebSocket(`${cloud.url.replace('http', 'ws')}/ws?token=${token}`);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
    expect((await post('/logout', { action: 'logout' }, token)).status).toBe(200);
    expect(await Promise.race([closed, new Promise((r) => setTimeout(() => r('still open'), 5000))])).not.toBe('still open');
  });
});

describe('money-like fields', () => {
  it('updateUser refuses xp, coins, role_id, the password and unknown fields', async () => {
    const { updateUser } = await import('../../functions/src/accounts/users');
    const userId = cloud.seed.accounts.student!;
    for (const field of ['xp', 'coins', 'role_id', 'password_hash', 'email', 'tokens_valid_after', 'is_admin']) {
      await expect(updateUser(userId, { [field]: 1 } as never)).rejects.toThrow(/cannot change/);
    }
    await expect(updateUser(userId, { nickname: 'still-fine' })).resolves.toBeUndefined();
  });
});
