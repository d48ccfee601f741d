/**
 * WebSocket connections and topic subscriptions in DynamoDB (with TTL). Fan-out finds the
 * subscribers of a topic through GSI1 (never a Scan), one shard at a time (`shards.ts`).
 */
import { GetCommand, PutCommand, QueryCommand, DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { batchDelete, batchGet } from '../db/batch';
import { db, table } from '../db/client';
import { GSI1 } from '../db/schema';
import { keys, nowSeconds } from '../db/keys';
import { queryAll, queryPartition } from '../db/operations';
import { isRostered, shardCountOf, shardOf, shardsOf } from './shards';

/** API Gateway closes a connection after 2 hours at the latest; records live a little longer. */
export const CONNECTION_TTL_SECONDS = 2 * 3600 + 300;

export interface ConnectionRecord {
  connectionId: string;
  userId: number;
  roleId: number;
  connectedAt: number;
  /** Session id of the token the connection was opened with (logout closes that session's sockets). */
  sid?: string;
}

/** Hour bucket of an expiry, so the sweep finds expired connections by Query (GSI2). */
export const expiryBucket = keys.connectionExpiryBucket;

export async function saveConnection(conn: ConnectionRecord): Promise<void> {
  const ttl = nowSeconds() + CONNECTION_TTL_SECONDS;
  await db.send(
    new PutCommand({
      TableName: table(),
      Item: {
        ...keys.connection(conn.connectionId),
        type: 'connection',
        ...conn,
        ...keys.userConnectionIndex(conn.userId, conn.connectionId),
        ttl,
        ...keys.connectionExpiryIndex(ttl, conn.connectionId),
      },
    }),
  );
}

/** Connections whose TTL passed within the last `hours` hour buckets. */
export async function expiredConnections(hours = 3): Promise<string[]> {
  const now = nowSeconds();
  const ids: string[] = [];
  for (let h = hours; h >= 0; h--) {
    const out = await db.send(
      new QueryCommand({
        TableName: table(),
        IndexName: 'gsi2',
        KeyConditionExpression: 'gsi2pk = :b',
        FilterExpression: '#ttl < :now',
        ExpressionAttributeNames: { '#ttl': 'ttl' },
        ExpressionAttributeValues: { ':b': expiryBucket(now - h * 3600), ':now': now },
        ProjectionExpression: 'connectionId',
      }),
    );
    ids.push(...(out.Items ?? []).map((i) => i.connectionId as string));
  }
  return ids;
}

export async function getConnection(connectionId: string): Promise<ConnectionRecord | null> {
  const out = await db.send(new GetCommand({ TableName: table(), Key: keys.connection(connectionId) }));
  if (!out.Item || (typeof out.Item.ttl === 'number' && out.Item.ttl < nowSeconds())) return null;
  return out.Item as ConnectionRecord;
}

/** The GSI1 partition of a topic's shard (a one-shard topic keeps the unsharded spelling). */
const shardPartition = (topic: string, shard: number) => keys.topicSubscribers(topic, shardCountOf(topic) === 1 ? null : shard);

/**
 * The subscription item of a connection to a topic: its own key under the connection (so unsubscribe
 * and $disconnect delete it by key, whatever its shard) and its GSI1 entry in the topic's shard.
 */
export function subscriptionItem(connectionId: string, topic: string, ttl = nowSeconds() + CONNECTION_TTL_SECONDS) {
  const shard = shardOf(topic, connectionId);
  return {
    ...keys.subscription(connectionId, topic),
    ...keys.topicIndex(topic, shardCountOf(topic) === 1 ? null : shard, connectionId),
    type: 'subscription',
    connectionId,
    topic,
    shard,
    ttl,
  };
}

export async function subscribe(connectionId: string, topic: string): Promise<void> {
  const item = subscriptionItem(connectionId, topic);
  await db.send(new PutCommand({ TableName: table(), Item: item }));
  if (isRostered(topic)) await changeRoster(topic, connectionId, 'ADD', item.ttl);
}

export async function unsubscribe(connectionId: string, topic: string): Promise<void> {
  await db.send(new DeleteCommand({ TableName: table(), Key: keys.subscription(connectionId, topic) }));
  if (isRostered(topic)) await changeRoster(topic, connectionId, 'DELETE');
}

/**
 * Adds a connection to a topic's roster or takes it out (a string set: both are atomic, and DynamoDB
 * drops the attribute when the set empties). An added roster lives as long as its newest subscription.
 */
async function changeRoster(topic: string, connectionId: string, action: 'ADD' | 'DELETE', ttl?: number): Promise<void> {
  await db.send(
    new UpdateCommand({
      TableName: table(),
      Key: keys.topicRoster(topic),
      UpdateExpression: action === 'ADD' ? 'ADD conns :c SET #ttl = :ttl, topic = :t' : 'DELETE conns :c',
      ExpressionAttributeValues: action === 'ADD' ? { ':c': new Set([connectionId]), ':ttl': ttl, ':t': topic } : { ':c': new Set([connectionId]) },
      ...(action === 'ADD' ? { ExpressionAttributeNames: { '#ttl': 'ttl' } } : {}),
    }),
  );
}

/**
 * The subscribed connection ids of many rostered topics (`isRostered`), 100 rosters a BatchGet: what a
 * publish to every member of a group reads instead of one Query a topic. A topic without subscribers
 * is absent from the map.
 */
export async function rostersOf(topics: string[]): Promise<Map<string, string[]>> {
  const wanted = [...new Set(topics)].filter(isRostered);
  const chunks: string[][] = [];
  for (let i = 0; i < wanted.length; i += 100) chunks.push(wanted.slice(i, i + 100));
  const found = (await Promise.all(chunks.map((chunk) => batchGet<{ topic: string; conns?: Set<string>; ttl?: number }>(chunk.map((topic) => keys.topicRoster(topic)))))).flat();
  const now = nowSeconds();
  const out = new Map<string, string[]>();
  for (const roster of found) {
    if (roster.conns?.size && (roster.ttl ?? 0) > now) out.set(roster.topic, [...roster.conns]);
  }
  return out;
}

/** Connection ids of one GSI1 partition, page by page (expired subscriptions left out). */
async function* subscribersIn(partition: string): AsyncGenerator<string[]> {
  let startKey: Record<string, unknown> | undefined;
  const now = nowSeconds();
  do {
    const out = await db.send(
      new QueryCommand({
        TableName: table(),
        IndexName: GSI1,
        KeyConditionExpression: 'gsi1pk = :t',
        FilterExpression: '#ttl > :now',
        ExpressionAttributeNames: { '#ttl': 'ttl' },
        ExpressionAttributeValues: { ':t': partition, ':now': now },
        ProjectionExpression: 'connectionId',
        ExclusiveStartKey: startKey,
      }),
    );
    const ids = (out.Items ?? []).map((i) => i.connectionId as string);
    if (ids.length) yield ids;
    startKey = out.LastEvaluatedKey;
  } while (startKey);
}

/**
 * Connection ids subscribed to one shard of a topic, page by page. Shard 0 of a sharded topic also
 * reads the unsharded partition `TOPIC#{topic}`, where subscriptions made before the topic's kind was
 * sharded still are: they expire with their connection (2 h 5 min at most), so this read can go one
 * subscription TTL after the sharded release is deployed.
 */
export async function* subscribersOfShard(topic: string, shard: number): AsyncGenerator<string[]> {
  yield* subscribersIn(shardPartition(topic, shard));
  if (shard === 0 && shardCountOf(topic) > 1) yield* subscribersIn(keys.topicSubscribers(topic));
}

/** Connection ids subscribed to a topic, every shard (tests and tools; fan-out reads one shard a publisher). */
export async function* subscribersOf(topic: string): AsyncGenerator<string[]> {
  for (const shard of shardsOf(topic)) yield* subscribersOfShard(topic, shard);
}

/** Open connections of a user (GSI1), optionally only those of one session. */
export async function connectionsOfUser(userId: number, sid?: string): Promise<string[]> {
  const items = await queryAll<{ connectionId: string; sid?: string }>({
    IndexName: GSI1,
    KeyConditionExpression: 'gsi1pk = :u',
    ExpressionAttributeValues: { ':u': keys.userConnections(userId) },
    ProjectionExpression: 'connectionId, sid',
  });
  return items.filter((item) => sid === undefined || item.sid === sid).map((item) => item.connectionId);
}

/** Removes a connection and all its subscriptions (on $disconnect or GoneException). */
export async function removeConnection(connectionId: string): Promise<void> {
  const items = await queryPartition<{ pk: string; sk: string; topic?: string }>(keys.connectionPartition(connectionId), { ProjectionExpression: 'pk, sk, topic' });
  await batchDelete(items.map((k) => ({ pk: k.pk, sk: k.sk })));
  const rostered = items.flatMap((item) => (item.topic && isRostered(item.topic) ? [item.topic] : []));
  await Promise.all(rostered.map((topic) => changeRoster(topic, connectionId, 'DELETE')));
}
