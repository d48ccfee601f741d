/**
 * WebSocket Lambda: `$connect` authenticates the `?token=` query parameter, `$default` dispatches
 * the client's action (subscribe / unsubscribe / ping / judge.input) through an action map, `$disconnect` removes
 * the connection and its subscriptions.
 */
import type { APIGatewayProxyStructuredResultV2, APIGatewayProxyWebsocketEventV2 } from 'aws-lambda';
import { clientMessage, parseTopic, type ClientMessage, type ServerMessage, type Topic } from '@lectio/events';
import { isAdminRole } from '@lectio/shared';
import { verifyToken } from '../auth/tokens';
import { hasJoined } from '../../competitions/competitions';
import { logger } from '../http/logger';
import { getConnection, removeConnection, saveConnection, subscribe, unsubscribe, type ConnectionRecord } from './connections';
import { postToConnection } from './publish';
import { ownJob, ownsTicket } from '../../judge/service/job-record';
import { judgeInput } from '../../judge/service/input';
import { judgeRunStarted } from '../../judge/service/service';

type WsEvent = APIGatewayProxyWebsocketEventV2 & { queryStringParameters?: Record<string, string | undefined> };

const reply = (statusCode: number, body = '') => ({ statusCode, body });

/**
 * Who may listen to a topic: admins any; a user their own user topic and the competitions they
 * joined; a judge topic only the user who started the job (not even an admin). Anything else is
 * refused.
 */
const topicGuards: Record<ReturnType<typeof parseTopic>['kind'], (conn: ConnectionRecord, id: string) => Promise<boolean> | boolean> = {
  user: (conn, id) => isAdminRole(conn.roleId) || String(conn.userId) === id,
  competition: (conn, id) => {
    if (isAdminRole(conn.roleId)) return true;
    const compId = Number(id);
    return Number.isInteger(compId) && hasJoined(conn.userId, compId);
  },
  judge: (conn, id) => ownsTicket(id, conn.userId),
};

/** What a new subscriber is told at once, per topic kind. */
const onSubscribed: Partial<Record<ReturnType<typeof parseTopic>['kind'], (conn: ConnectionRecord, topic: Topic, id: string, send: ActionContext['send']) => Promise<void>>> = {
  // A job that ended before its owner subscribed: the end is told again, so the client reads the result;
  // one whose program already runs interactively: 'run:terminal' again, so the terminal takes input.
  judge: async (conn, topic, id, send) => {
    if ((await ownJob(id, conn.userId)).status !== 'done') {
      if (judgeRunStarted(id)) await send({ type: 'judge.monitor', topic, ticket: id, message: 'run:terminal' });
      return;
    }
    for (const m of ['retrieve:', 'close:']) await send({ type: 'judge.monitor', topic, ticket: id, message: m });
  },
};

export async function maySubscribe(conn: ConnectionRecord, topic: Topic): Promise<boolean> {
  const { kind, id } = parseTopic(topic);
  const guard = topicGuards[kind];
  return guard ? guard(conn, id) : false;
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

interface ActionContext {
  connectionId: string;
  send: (message: ServerMessage) => Promise<unknown>;
}

/** The `$default` route: one handler per client action; each answers the status code. */
const actions: { [A in ClientMessage['action']]: (message: Extract<ClientMessage, { action: A }>, ctx: ActionContext) => Promise<number> } = {
  ping: async (message, { send }) => {
    await send({ type: 'pong', id: message.id, serverNow: Date.now() });
    return 200;
  },
  subscribe: async (message, { connectionId, send }) => {
    const conn = await getConnection(connectionId);
    if (!conn) return 410;
    if (!(await maySubscribe(conn, message.topic))) {
      await send({ type: 'error', message: 'Forbidden topic.', topic: message.topic });
      return 403;
    }
    await subscribe(connectionId, message.topic);
    await send({ type: 'subscribed', topic: message.topic });
    const { kind, id } = parseTopic(message.topic);
    await onSubscribed[kind]?.(conn, message.topic, id, send);
    return 200;
  },
  'judge.input': async (message, { connectionId, send }) => {
    const conn = await getConnection(connectionId);
    if (!conn) return 410;
    if (!(await judgeInput(conn.userId, message.ticket, message.text))) {
      await send({ type: 'error', message: 'Unknown ticket.' });
      return 404;
    }
    return 200;
  },
  unsubscribe: async (message, { connectionId, send }) => {
    if (!(await getConnection(connectionId))) return 410;
    await unsubscribe(connectionId, message.topic);
    await send({ type: 'unsubscribed', topic: message.topic });
    return 200;
  },
};

const run = <A extends ClientMessage['action']>(message: Extract<ClientMessage, { action: A }>, ctx: ActionContext) =>
  (actions[message.action as A] as (m: typeof message, c: ActionContext) => Promise<number>)(message, ctx);

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
  return reply(await run(parsed.data, { connectionId, send }));
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
