/**
 * WebSocket connections and topic subscriptions in DynamoDB (with TTL). Fan-out finds the
 * subscribers of a topic through GSI1 (never a Scan).
 */
import { GetCommand, PutCommand, QueryCommand, DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { batchDelete } from '../db/batch';
import { db, table } from '../db/client';
import { GSI1 } from '../db/schema';
import { keys, nowSeconds } from '../db/keys';

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
export const expiryBucket = (epochSeconds: number) => `CONNEXP#${Math.floor(epochSeconds / 3600)}`;

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
        gsi2pk: expiryBucket(ttl),
        gsi2sk: conn.connectionId,
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

export async function subscribe(connectionId: string, topic: string): Promise<void> {
  await db.send(
    new PutCommand({
      TableName: table(),
      Item: {
        ...keys.subscription(connectionId, topic),
        ...keys.topicIndex(topic, connectionId),
        type: 'subscription',
        connectionId,
        topic,
        ttl: nowSeconds() + CONNECTION_TTL_SECONDS,
      },
    }),
  );
}

export async function unsubscribe(connectionId: string, topic: string): Promise<void> {
  await db.send(new DeleteCommand({ TableName: table(), Key: keys.subscription(connectionId, topic) }));
}

/** Connection ids subscribed to a topic, page by page through GSI1. */
export async function* subscribersOf(topic: string): AsyncGenerator<string[]> {
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
        ExpressionAttributeValues: { ':t': `TOPIC#${topic}`, ':now': now },
        ProjectionExpression: 'connectionId',
        ExclusiveStartKey: startKey,
      }),
    );
    const ids = (out.Items ?? []).map((i) => i.connectionId as string);
    if (ids.length) yield ids;
    startKey = out.LastEvaluatedKey;
  } while (startKey);
}

/** Open connections of a user (GSI1), optionally only those of one session. */
export async function connectionsOfUser(userId: number, sid?: string): Promise<string[]> {
  const ids: string[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const out = await db.send(
      new QueryCommand({
        TableName: table(),
        IndexName: GSI1,
        KeyConditionExpression: 'gsi1pk = :u',
        ExpressionAttributeValues: { ':u': `USERCONN#${userId}` },
        ProjectionExpression: 'connectionId, sid',
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of out.Items ?? []) if (sid === undefined || item.sid === sid) ids.push(item.connectionId as string);
    startKey = out.LastEvaluatedKey;
  } while (startKey);
  return ids;
}

/** Removes a connection and all its subscriptions (on $disconnect or GoneException). */
export async function removeConnection(connectionId: string): Promise<void> {
  const out = await db.send(
    new QueryCommand({
      TableName: table(),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': `CONN#${connectionId}` },
      ProjectionExpression: 'pk, sk',
    }),
  );
  await batchDelete((out.Items ?? []).map((k) => ({ pk: k.pk, sk: k.sk })));
}
