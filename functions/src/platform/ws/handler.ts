/**
 * WebSocket Lambda: `$connect` authenticates the `?token=` query parameter, `$default` handles
 * subscribe / unsubscribe / ping, `$disconnect` removes the connection and its subscriptions.
 */
import type { APIGatewayProxyStructuredResultV2, APIGatewayProxyWebsocketEventV2 } from 'aws-lambda';
import { clientMessage, parseTopic, type ServerMessage, type Topic } from '@lectio/events';
import { isAdminRole } from '@lectio/shared';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { verifyToken } from '../auth/tokens';
import { db, table } from '../db/client';
import { keys } from '../db/keys';
import { logger } from '../http/logger';
import { getConnection, removeConnection, saveConnection, subscribe, unsubscribe, type ConnectionRecord } from './connections';
import { postToConnection } from './publish';
import { ownJob, ownsTicket } from '../../judge/service/job-record';
import { judgeInput } from '../../judge/service/input';

type WsEvent = APIGatewayProxyWebsocketEventV2 & { queryStringParameters?: Record<string, string | undefined> };

const reply = (statusCode: number, body = '') => ({ statusCode, body });

/**
 * Who may listen to a topic: admins any; a user their own user topic and the competitions they
 * joined; a judge topic only the user who started the job (not even an admin). Anything else is
 * refused.
 */
export async function maySubscribe(conn: ConnectionRecord, topic: Topic): Promise<boolean> {
  const { kind, id } = parseTopic(topic);
  if (kind === 'judge') return ownsTicket(id, conn.userId);
  if (isAdminRole(conn.roleId)) return true;
  if (kind === 'user') return String(conn.userId) === id;
  if (kind === 'competition') {
    const compId = Number(id);
    if (!Number.isInteger(compId)) return false;
    const joined = await db.send(new GetCommand({ TableName: table(), Key: keys.userCompetition(conn.userId, compId), ProjectionExpression: 'pk' }));
    return Boolean(joined.Item);
  }
  return false;
}

async function onConnect(event: WsEvent): Promise<APIGatewayProxyStructuredResultV2> {
  const token = event.queryStringParameters?.token;
  const session = token ? await verifyToken(token) : null;
  if (!session) return reply(401, 'Unauthorized.');
  await saveConnection({
    connectionId: event.requestContext.connectionId,
    userId: session.userId,
    roleId: session.roleId,
    sid: session.sid,
    connectedAt: event.requestContext.connectedAt,
  });
  return reply(200);
}

async function onMessage(event: WsEvent): Promise<APIGatewayProxyStructuredResultV2> {
  const connectionId = event.requestContext.connectionId;
  const send = (message: ServerMessage) => postToConnection(connectionId, message);
  let raw: unknown;
  try {
    raw = JSON.parse(event.body ?? '');
  } catch {
    await send({ type: 'error', message: 'Messages must be JSON.' });
    return reply(400);
  }
  const parsed = clientMessage.safeParse(raw);
  if (!parsed.success) {
    await send({ type: 'error', message: parsed.error.issues.map((i) => i.message).join('; ') });
    return reply(400);
  }
  const message = parsed.data;
  if (message.action === 'ping') {
    await send({ type: 'pong', id: message.id, serverNow: Date.now() });
    return reply(200);
  }
  const conn = await getConnection(connectionId);
  if (!conn) return reply(410);
  if (message.action === 'judge.input') {
    if (!(await judgeInput(conn.userId, message.ticket, message.text))) {
      await send({ type: 'error', message: 'Unknown ticket.' });
      return reply(404);
    }
    return reply(200);
  }
  if (message.action === 'subscribe') {
    if (!(await maySubscribe(conn, message.topic))) {
      await send({ type: 'error', message: 'Forbidden topic.', topic: message.topic });
      return reply(403);
    }
    await subscribe(connectionId, message.topic);
    await send({ type: 'subscribed', topic: message.topic });
    // A job that ended before its owner subscribed: the end is told again, so the client reads the result.
    const { kind, id } = parseTopic(message.topic);
    if (kind === 'judge' && (await ownJob(id, conn.userId)).status === 'done') {
      for (const m of ['retrieve:', 'close:']) await send({ type: 'judge.monitor', topic: message.topic, ticket: id, message: m });
    }
  } else {
    await unsubscribe(connectionId, message.topic);
    await send({ type: 'unsubscribed', topic: message.topic });
  }
  return reply(200);
}

export const handler = async (event: WsEvent): Promise<APIGatewayProxyStructuredResultV2> => {
  try {
    switch (event.requestContext.routeKey) {
      case '$connect':
        return await onConnect(event);
      case '$disconnect':
        await removeConnection(event.requestContext.connectionId);
        return reply(200);
      default:
        return await onMessage(event);
    }
  } catch (error) {
    logger.error('websocket handler failed', { error: error as Error, routeKey: event.requestContext.routeKey });
    return reply(500);
  }
};
