/**
 * Messages and users activity (issue 23 item 5), on the bench's local cloud.
 *
 * `messages`: an admin sends a message to a group of BENCH_MSG_MEMBERS (2,000) members, BENCH_MSG_CONNECTED
 * (1,000) of them connected and subscribed to their `user:{id}` topic. Each of BENCH_MSG_SENDS sends
 * (POST /send-message; a re-send is a new push) is timed until every connected member has its
 * `message.new` (send → last member: p50 / p99 / max; budget 1 s at p99) and until each member has it;
 * printed with the request's own time and the capacity units of the request path and of the whole
 * delivery (stream, pushes). Members arrive in the group with plain relation writes (no accounts).
 *
 * `activity`: BENCH_ACTIVITY_ENTRIES (1,000,000) log entries of 10,000 users over 30 days are written
 * with batch writes (the time printed), the stream drained, then GET /get-users-activity is timed for
 * the first page, pages further on (by cursor), a user filter, an action filter and a date range:
 * p95 (budget 100 ms) and the read units a page (bounded whatever the log's size).
 */
import WebSocket from 'ws';
import type { BenchContext } from './run';
import { dbMeter } from './db-meter';
import { ms, percentiles, report } from './stats';
import { until } from './fan-out';

const MEMBERS = Number(process.env.BENCH_MSG_MEMBERS ?? 2000);
const CONNECTED = Number(process.env.BENCH_MSG_CONNECTED ?? 1000);
const SENDS = Number(process.env.BENCH_MSG_SENDS ?? 10);
const ENTRIES = Number(process.env.BENCH_ACTIVITY_ENTRIES ?? 1_000_000);
const PAGES = Number(process.env.BENCH_ACTIVITY_PAGES ?? 100);

async function login(ctx: BenchContext, email: string, password: string) {
  const res = await fetch(`${ctx.cloud.url}/api/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'password', client_id: 2, client_secret: ctx.clientSecret, username: email, password }),
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

const call = async (ctx: BenchContext, token: string, path: string, body?: unknown) => {
  const res = await fetch(`${ctx.cloud.url}/api${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<any>;
};

/** Runs `fn` over the items with `width` in flight. */
async function pool<T>(items: T[], width: number, fn: (item: T) => Promise<unknown>) {
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, async () => {
    while (next < items.length) await fn(items[next++]!);
  }));
}

interface Member {
  socket: WebSocket;
  /** message.new arrivals, in order (performance.now()) */
  received: number[];
}

function connectMember(url: string, userId: number): Promise<Member> {
  const socket = new WebSocket(url);
  const received: number[] = [];
  return new Promise((resolve, reject) => {
    socket.once('error', reject);
    socket.on('message', (data: Buffer) => {
      const m = JSON.parse(data.toString()) as { type: string };
      if (m.type === 'message.new') received.push(performance.now());
      else if (m.type === 'subscribed') resolve({ socket, received });
    });
    socket.once('open', () => socket.send(JSON.stringify({ action: 'subscribe', topic: `user:${userId}` })));
  });
}

export const messagesBench = {
  name: 'messages',
  run: async (ctx: BenchContext) => {
    const { createGroupRecord, addRelationRecord } = await import('../../functions/src/groups');
    const { issueTokens } = await import('../../functions/src/platform/auth/tokens');
    const adminId = ctx.cloud.seed.accounts.admin!;
    const admin = await login(ctx, 'admin@example.com', 'admin-demo');
    const groupId = await createGroupRecord({ name: 'Bench class', type: 0, group_key: 'bench-key', teacher_key: 'bench-teach', owner_id: adminId });
    const firstId = 1_000_000;
    const ids = Array.from({ length: MEMBERS }, (_, i) => firstId + i);
    const { userItem } = await import('../../functions/src/accounts/users');
    const { batchPut } = await import('../../functions/src/platform/db/batch');
    let t = performance.now();
    // Profiles (a socket's $connect reads the user's role) written in batches, then the group relations.
    const profiles = ids.map((userId) => userItem({ user_id: userId, email: `m${userId}@bench.example`, password_hash: '!', role_id: 1, name: 'Bench', surname: `Member ${userId}`, nickname: `m${userId}`, yob: 2010, country_id: 703, pref_lang_id: 1, lang_id: 1, content_type_id: 1, theme_id: 1, groups: '', xp: 0, coins: 0, badges: [], confirmed: true, created_at: new Date().toISOString() }));
    await pool(Array.from({ length: Math.ceil(profiles.length / 25) }, (_, i) => profiles.slice(i * 25, i * 25 + 25)), 16, (chunk) => batchPut(chunk));
    await pool(ids, 64, (userId) => addRelationRecord({ group_id: groupId, user_id: userId, role: 'member', by_key: true }));
    console.log(`${MEMBERS} members (profiles and relations) written in ${ms(performance.now() - t)}`);

    t = performance.now();
    const members: Member[] = [];
    const url = `${ctx.cloud.url.replace('http', 'ws')}/ws?token=`;
    await pool(ids.slice(0, CONNECTED), 100, async (userId) => {
      const { access_token } = await issueTokens(userId, 1);
      members.push(await connectMember(url + access_token, userId));
    });
    console.log(`${CONNECTED} members connected and subscribed to their user topic in ${ms(performance.now() - t)}`);

    const created = await call(ctx, admin, '/save-message', { message_id: 0, id: 0, language_id: 1, message_type: 2, title: 'Bench message', description: '<p>Hello, class.</p>' });
    const meter = await dbMeter();
    const lastMember: number[] = [];
    const everyMember: number[] = [];
    const requestMs: number[] = [];
    const requestUnits: number[] = [];
    const deliveryUnits: number[] = [];
    // send 0 warms the paths up and is not counted
    for (let send = 0; send <= SENDS; send++) {
      await ctx.cloud.drain();
      meter.reset();
      const start = performance.now();
      const answer = await call(ctx, admin, '/send-message', { group_list: [groupId], message_id: created.message_id });
      const answered = performance.now();
      const requestCapacity = meter.capacity;
      if (answer.recipients !== MEMBERS) throw new Error(`recipients ${answer.recipients}`);
      const delivered = await until(() => members.every((m) => m.received.length > send), 60_000);
      if (!delivered) throw new Error(`send ${send}: ${members.filter((m) => m.received.length <= send).length} members without the message after 60 s`);
      await ctx.cloud.drain();
      if (send === 0) continue;
      const times = members.map((m) => m.received[send]! - start);
      lastMember.push(Math.max(...times));
      everyMember.push(...times);
      requestMs.push(answered - start);
      requestUnits.push(requestCapacity);
      deliveryUnits.push(meter.capacity);
    }
    // Where a send's time goes: the members' relations, then the pushes (the same functions as the request).
    const { membersOfGroups } = await import('../../functions/src/groups');
    const { pushToMembers } = await import('../../functions/src/messages/admin');
    let w = performance.now();
    const memberIds = (await membersOfGroups([groupId])).map((m) => m.user_id);
    const membersMs = performance.now() - w;
    w = performance.now();
    await pushToMembers(memberIds, { id: created.message_id, type: 2, title: 'Bench message', date: '' });
    const pushesMs = performance.now() - w;
    await until(() => members.every((m) => m.received.length > SENDS + 1), 60_000);
    console.log(`one send's parts: ${MEMBERS} members read ${ms(membersMs)}; ${MEMBERS} topics pushed from their rosters (${CONNECTED} connected) ${ms(pushesMs)}`);
    report(`send-message request (${MEMBERS} recipients)`, requestMs);
    const last = report(`send → last of ${CONNECTED} connected members`, lastMember);
    report(`send → each connected member`, everyMember);
    const avg = (v: number[]) => v.reduce((a, b) => a + b, 0) / v.length;
    console.log(`capacity units per send: request path ${avg(requestUnits).toFixed(1)} (${(avg(requestUnits) / MEMBERS).toFixed(2)} a recipient), with stream and pushes ${avg(deliveryUnits).toFixed(1)}`);
    console.log(`budget: every connected member within 1 s at p99: ${last.p99 <= 1000 ? 'met' : 'NOT met'} (${ms(last.p99)})`);
    for (const m of members) m.socket.terminate();
  },
};

export const activityBench = {
  name: 'activity',
  run: async (ctx: BenchContext) => {
    const { activityItem } = await import('../../functions/src/activity');
    const { batchWrite } = await import('../../functions/src/platform/db/batch');
    const admin = await login(ctx, 'admin@example.com', 'admin-demo');
    const users = 10_000;
    const now = Date.now();
    const span = 30 * 86_400_000;
    const actions = ['open task', 'close task', 'login', 'logout'];
    const chunks = Math.ceil(ENTRIES / 25);
    let written = 0;
    const t = performance.now();
    await pool(Array.from({ length: chunks }, (_, c) => c), 32, async (c) => {
      const items = [];
      for (let i = c * 25; i < Math.min(ENTRIES, c * 25 + 25); i++) {
        const at = new Date(now - Math.floor((i / ENTRIES) * span) - (i % 1000)).toISOString();
        items.push(activityItem(1_000_000 + (i % users), { action: actions[i % actions.length]!, object1: 'task', object1_value: i % 500 }, at, i));
      }
      await batchWrite(items.map((Item) => ({ PutRequest: { Item } })));
      written += items.length;
    });
    const seedMs = performance.now() - t;
    console.log(`${written.toLocaleString('en')} entries written in ${(seedMs / 1000).toFixed(1)} s (${Math.round(written / (seedMs / 1000)).toLocaleString('en')} a second; batch writes of 25, 32 in flight)`);
    const d = performance.now();
    await ctx.cloud.drain();
    console.log(`stream drained in ${((performance.now() - d) / 1000).toFixed(1)} s`);

    // The filtered user needs a profile (the filter reads it); their log holds ENTRIES / users entries.
    const { userItem } = await import('../../functions/src/accounts/users');
    const { batchPut } = await import('../../functions/src/platform/db/batch');
    await batchPut([userItem({ user_id: 1_000_042, email: 'a1000042@bench.example', password_hash: '!', role_id: 1, name: 'Bench', surname: 'User', nickname: 'a1000042', yob: 2010, country_id: 703, pref_lang_id: 1, lang_id: 1, content_type_id: 1, theme_id: 1, groups: '', xp: 0, coins: 0, badges: [], confirmed: true, created_at: new Date().toISOString() })]);
    const meter = await dbMeter();
    const { usersActivity } = await import('../../functions/src/activity/query');
    const day = new Date(now - 10 * 86_400_000).toISOString().slice(0, 10);
    const cases: Array<[string, Record<string, string>]> = [
      ['first page', {}],
      ['user filter (id)', { user: String(1_000_000 + 42) }],
      ['action filter', { action: 'logout' }],
      ['date range (one day)', { from: day, to: day }],
      ['date range + action', { from: day, to: day, action: 'login' }],
    ];
    for (const [label, filter] of cases) {
      const times: number[] = [];
      const units: number[] = [];
      let after: string | undefined;
      for (let i = 0; i < PAGES; i++) {
        const query = new URLSearchParams({ ...filter, ...(after ? { after } : {}), offset: String(i * 20) });
        meter.reset();
        const start = performance.now();
        const page = await call(ctx, admin, `/get-users-activity?${query}`);
        times.push(performance.now() - start);
        units.push(meter.capacity);
        after = page.next ?? undefined;
        if (!after) break;
      }
      const p = report(`get-users-activity, ${label} (pages 1-${times.length})`, times);
      const u = percentiles(units);
      console.log(`${''.padEnd(44)} read units a page: p50 ${u.p50.toFixed(1)}  max ${u.max.toFixed(1)}; budget p95 ≤ 100 ms: ${p.p95 <= 100 ? 'met' : 'NOT met'}`);
    }
    // the pure query (no HTTP): Query calls a page
    let queries = 0;
    await usersActivity({}, () => queries++);
    console.log(`Queries a page without a user: ${queries} (one a shard); with a user: 1`);
  },
};
