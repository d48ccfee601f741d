/**
 * The WebSocket path end to end: `/ws?token=` → `$connect`, subscribe through `$default`, a table
 * change → stream poller → stream handler → ApiGatewayManagementApiClient → the browser socket;
 * GoneException removes stale connections; AWS's size and idle limits.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startTestCloud, type TestCloud } from './helpers';
import { competitionKeys } from '../../functions/src/competitions/keys';
import { messageKeys } from '../../functions/src/messages/keys';

let cloud: TestCloud;
let token: string;
let userId: number;

beforeAll(async () => {
  cloud = await startTestCloud('none', { wsIdleTimeoutMs: 2500 });
  token = await cloud.login('student@example.com', 'student-demo');
  userId = cloud.seed.accounts.student!;
});
afterAll(() => cloud?.stop());

const wsUrl = (t?: string) => `${cloud.url.replace('http', 'ws')}/ws${t ? `?token=${t}` : ''}`;

/** An open socket with a queue of parsed messages. */
async function connect(t = token) {
  const socket = new WebSocket(wsUrl(t));
  const inbox: any[] = [];
  const waiters: Array<() => void> = [];
  socket.on('message', (data) => {
    inbox.push(JSON.parse(data.toString()));
    waiters.splice(0).forEach((w) => w());
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  const next = async (predicate: (m: any) => boolean, timeoutMs = 5000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const i = inbox.findIndex(predicate);
      if (i >= 0) return inbox.splice(i, 1)[0];
      if (Date.now() > deadline) throw new Error(`no matching message; got ${JSON.stringify(inbox)}`);
      await new Promise<void>((r) => {
        waiters.push(r);
        setTimeout(r, 100);
      });
    }
  };
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  return { socket, next, closed, send: (m: unknown) => socket.send(JSON.stringify(m)) };
}

describe('connect', () => {
  it('refuses the handshake without a valid token (401)', async () => {
    for (const t of [undefined, 'not-a-token']) {
      const status = await new Promise<number>((resolve) => {
        const s = new WebSocket(wsUrl(t));
        s.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
        s.once('open', () => resolve(101));
      });
      expect(status).toBe(401);
    }
  });

  it('answers ping with pong and the server time', async () => {
    const c = await connect();
    c.send({ action: 'ping', id: 'p1' });
    const pong = await c.next((m) => m.type === 'pong');
    expect(pong.id).toBe('p1');
    expect(Math.abs(pong.serverNow - Date.now())).toBeLessThan(5000);
    c.socket.close();
  });

  it('rejects bad messages and other users\u2019 topics', async () => {
    const c = await connect();
    c.socket.send('not json');
    expect((await c.next((m) => m.type === 'error')).message).toMatch(/JSON/);
    c.send({ action: 'subscribe', topic: 'nonsense' });
    expect((await c.next((m) => m.type === 'error')).message).toMatch(/topic/i);
    c.send({ action: 'subscribe', topic: `user:${userId + 1000}` });
    expect((await c.next((m) => m.type === 'error')).message).toBe('Forbidden topic.');
    c.send({ action: 'subscribe', topic: 'competition:4242' });
    expect((await c.next((m) => m.type === 'error')).topic).toBe('competition:4242');
    c.socket.close();
  });

  it("answers a topic kind no domain registered with 'Unknown topic' (kinds are the domains', not the events package's)", async () => {
    const c = await connect();
    c.send({ action: 'subscribe', topic: 'kernel:7' });
    const error = await c.next((m) => m.type === 'error');
    expect(error.message).toBe('Unknown topic');
    expect(error.topic).toBe('kernel:7');
    c.socket.close();
  });
});

describe('push', () => {
  it('delivers a message created in the table to the subscribed socket (stream → handler → management API)', async () => {
    const c = await connect();
    c.send({ action: 'subscribe', topic: `user:${userId}` });
    await c.next((m) => m.type === 'subscribed');
    const { db, table } = await import('../../functions/src/platform/db/client');
    const { PutCommand } = await import('@aws-sdk/lib-dynamodb');
    await db.send(
      new PutCommand({
        TableName: table(),
        Item: { ...messageKeys.message(userId, 42), type: 'message', user_id: userId, message_id: 42, title: 'Hello from the stream', message_type: 1, date: '2026-11-22 08:00:00' },
      }),
    );
    const pushed = await c.next((m) => m.type === 'message.new', 10_000);
    expect(pushed).toMatchObject({ topic: `user:${userId}`, message: { message_id: 42, title: 'Hello from the stream' } });
    c.send({ action: 'unsubscribe', topic: `user:${userId}` });
    await c.next((m) => m.type === 'unsubscribed');
    c.socket.close();
  });

  it('a post to a closed connection yields GoneException and the connection is removed', async () => {
    const { ApiGatewayManagementApiClient, PostToConnectionCommand, GoneException } = await import('@aws-sdk/client-apigatewaymanagementapi');
    const client = new ApiGatewayManagementApiClient({ endpoint: `${cloud.url}/_ws`, region: 'local' });
    await expect(client.send(new PostToConnectionCommand({ ConnectionId: 'closed=', Data: Buffer.from('{}') }))).rejects.toBeInstanceOf(GoneException);

    // A subscription left behind by a connection that vanished without $disconnect.
    const { subscribe, subscribersOf, saveConnection } = await import('../../functions/src/platform/ws/connections');
    const { publish } = await import('../../functions/src/platform/ws/publish');
    const topic = 'competition:77';
    await saveConnection({ connectionId: 'stale=', userId, roleId: 1, connectedAt: Date.now() });
    await subscribe('stale=', topic);
    // Competition topics are for those who joined: give the student a joined competition 77.
    const { db, table } = await import('../../functions/src/platform/db/client');
    const { PutCommand } = await import('@aws-sdk/lib-dynamodb');
    await db.send(new PutCommand({ TableName: table(), Item: { ...competitionKeys.userCompetition(userId, 77), type: 'user-competition', comp_id: 77 } }));
    const live = await connect();
    live.send({ action: 'subscribe', topic });
    await live.next((m) => m.type === 'subscribed');

    const report = await publish(topic, { type: 'competition.closed', topic, competitionId: 77, serverNow: Date.now() });
    expect(report).toMatchObject({ delivered: 1, gone: 1, failed: 0, dispatched: 0 });
    await live.next((m) => m.type === 'competition.closed');
    const remaining: string[] = [];
    for await (const page of subscribersOf(topic)) remaining.push(...page);
    expect(remaining).toHaveLength(1);
    expect(remaining).not.toContain('stale=');
    live.socket.close();
  });

  it('the management API describes and deletes a live connection', async () => {
    const c = await connect();
    c.send({ action: 'subscribe', topic: `user:${userId}` });
    await c.next((m) => m.type === 'subscribed');
    const { subscribersOf } = await import('../../functions/src/platform/ws/connections');
    const ids: string[] = [];
    for await (const page of subscribersOf(`user:${userId}`)) ids.push(...page);
    const id = ids.at(-1)!;
    const info = await fetch(`${cloud.url}/_ws/@connections/${encodeURIComponent(id)}`);
    expect(info.status).toBe(200);
    expect(await info.json()).toMatchObject({ ConnectedAt: expect.any(String), Identity: { SourceIp: expect.any(String) } });
    expect((await fetch(`${cloud.url}/_ws/@connections/${encodeURIComponent(id)}`, { method: 'DELETE' })).status).toBe(204);
    expect((await c.closed).code).toBe(1000);
  });
});

describe('limits', () => {
  it('closes a connection that sends more than 128 KB in one message', async () => {
    const c = await connect();
    c.socket.send('x'.repeat(129 * 1024));
    expect((await c.closed).code).toBe(1009);
  });

  it('closes an idle connection after the idle timeout', async () => {
    const c = await connect();
    const started = Date.now();
    const { code } = await c.closed;
    expect(code).toBe(1001);
    expect(Date.now() - started).toBeGreaterThanOrEqual(2000);
  });
});
