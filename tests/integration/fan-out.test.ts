/**
 * Fan-out to a sharded topic (issue 19 part 4), against DynamoDB Local through the local cloud: a
 * competition's subscriptions are spread over its shards' GSI1 partitions, one publish reaches every
 * live subscriber through the worker pool (and a subscription written before sharding, in the
 * unsharded partition), a gone connection is reported and deleted, and unsubscribe / $disconnect
 * leave nothing behind in any shard. The pool's workers post through the gateway's port; a pool
 * without it posts over the management API's HTTP, as the shard publisher Lambda does.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { eventually, startTestCloud, type TestCloud } from './helpers';
import { competitionKeys } from '../../functions/src/competitions/keys';

let cloud: TestCloud;
let token: string;
let userId: number;
const COMPETITION = 4711;
const topic = `competition:${COMPETITION}`;

beforeAll(async () => {
  cloud = await startTestCloud('none');
  token = await cloud.login('student@example.com', 'student-demo');
  userId = cloud.seed.accounts.student!;
  const { db, table } = await import('../../functions/src/platform/db/client');
  await db.send(new PutCommand({ TableName: table(), Item: { ...competitionKeys.userCompetition(userId, COMPETITION), type: 'user-competition', comp_id: COMPETITION } }));
});
afterAll(() => cloud?.stop());

/** A socket subscribed to the topic, counting the `competition.closed` pushes it receives. */
async function subscriber() {
  const socket = new WebSocket(`${cloud.url.replace('http', 'ws')}/ws?token=${token}`);
  const pushes: unknown[] = [];
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.on('message', (data) => {
      const m = JSON.parse(data.toString()) as { type: string };
      if (m.type === 'subscribed') resolve();
      if (m.type === 'competition.closed') pushes.push(m);
    });
    socket.once('open', () => socket.send(JSON.stringify({ action: 'subscribe', topic })));
  });
  return { socket, pushes };
}

/** The GSI1 partitions that hold subscriptions of the topic, with their sizes. */
async function partitions(): Promise<Map<string, number>> {
  const { db, table } = await import('../../functions/src/platform/db/client');
  const { shardsOf } = await import('../../functions/src/platform/ws/shards');
  const { keys } = await import('../../functions/src/platform/db/keys');
  const sizes = new Map<string, number>();
  for (const partition of [keys.topicSubscribers(topic), ...shardsOf(topic).map((s) => keys.topicSubscribers(topic, s))]) {
    const out = await db.send(new QueryCommand({ TableName: table(), IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :p', ExpressionAttributeValues: { ':p': partition }, Select: 'COUNT' }));
    if (out.Count) sizes.set(partition, out.Count);
  }
  return sizes;
}

describe('a sharded topic', () => {
  it('spreads subscribers over shards, publishes to all of them in parallel and cleans up gone ones', async () => {
    const { saveConnection, subscribe, subscriptionItem } = await import('../../functions/src/platform/ws/connections');
    const { publish } = await import('../../functions/src/platform/ws/publish');
    const { db, table } = await import('../../functions/src/platform/db/client');
    // Prepare: 40 live sockets, 2 stale subscriptions (connections gone without $disconnect), and one
    // subscription written before sharding (the unsharded partition) of a live socket
    const live = await Promise.all(Array.from({ length: 40 }, () => subscriber()));
    for (const id of ['stale-a=', 'stale-b=']) {
      await saveConnection({ connectionId: id, userId, roleId: 1, connectedAt: Date.now() });
      await subscribe(id, topic);
    }
    const legacy = await subscriber();
    const { connectionsOfUser } = await import('../../functions/src/platform/ws/connections');
    const legacyId = (await connectionsOfUser(userId)).find((id) => !id.startsWith('stale'))!;
    // rewrite one live subscription as the pre-sharding item: GSI1 under TOPIC#{topic}
    const before = subscriptionItem(legacyId, topic);
    await db.send(new PutCommand({ TableName: table(), Item: { ...before, gsi1pk: `TOPIC#${topic}`, shard: undefined } }));
    const spread = await partitions();
    expect(spread.size).toBeGreaterThanOrEqual(8); // 43 subscriptions over 16 shards (+ the unsharded one)
    expect(Math.max(...spread.values())).toBeLessThanOrEqual(10);
    expect(spread.get(`TOPIC#${topic}`)).toBe(1);

    // Act
    await cloud.publishPool.warm();
    const report = await publish(topic, { type: 'competition.closed', topic, competitionId: COMPETITION, serverNow: Date.now() });

    // Assess: every live socket once, the stale two reported gone and deleted
    expect(report).toMatchObject({ delivered: 41, gone: 2, failed: 0, shards: 16, dispatched: 0 });
    expect(report.durationMs).toBeGreaterThan(0);
    expect(cloud.publishPool.published).toEqual({ byWorkers: 16, inThread: 0 }); // one worker job a shard
    await eventually(async () => [...live, legacy].every((s) => s.pushes.length === 1), (ok) => ok);
    expect([...(await partitions()).values()].reduce((a, b) => a + b, 0)).toBe(41);

    // unsubscribe removes a sharded subscription; closing the sockets ($disconnect) removes the rest
    live[0]!.socket.send(JSON.stringify({ action: 'unsubscribe', topic }));
    await eventually(async () => [...(await partitions()).values()].reduce((a, b) => a + b, 0), (n) => n === 40);
    for (const s of [...live, legacy]) s.socket.close();
    await eventually(async () => (await partitions()).size, (n) => n === 0, 10_000);
  });

  it('a pool without the gateway posts through the management API over HTTP, as a Lambda does', async () => {
    const { PublishPool } = await import('../../functions/src/platform/local/publish-pool');
    const { shardOf } = await import('../../functions/src/platform/ws/shards');
    const pool = new PublishPool({ size: 1 });
    try {
      await pool.warm();
      const s = await subscriber();
      const { connectionsOfUser } = await import('../../functions/src/platform/ws/connections');
      const [id] = await connectionsOfUser(userId);
      const report = await pool.dispatch({ topic, shard: shardOf(topic, id!), message: { type: 'competition.closed', topic, competitionId: COMPETITION, serverNow: 1 } });
      expect(report).toMatchObject({ delivered: 1, gone: 0, failed: 0 });
      expect(pool.published).toEqual({ byWorkers: 1, inThread: 0 });
      await eventually(async () => s.pushes.length, (n) => n === 1);
      s.socket.close();
    } finally {
      await pool.close();
    }
  });

  it('a user topic keeps its one unsharded partition and is published in this process', async () => {
    const { subscriptionItem } = await import('../../functions/src/platform/ws/connections');
    expect(subscriptionItem('abc=', `user:${userId}`)).toMatchObject({ gsi1pk: `TOPIC#user:${userId}`, shard: 0 });
    const { publish } = await import('../../functions/src/platform/ws/publish');
    const report = await publish(`user:${userId}`, { type: 'competition.closed', topic: `user:${userId}`, competitionId: 1, serverNow: Date.now() });
    expect(report).toMatchObject({ shards: 1, dispatched: 0 });
  });
});
