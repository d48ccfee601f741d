/**
 * WebSocket Lambda (a factory over the domains; the entry is `app/ws.ts`): `$connect` authenticates the
 * `?token=` query parameter, `$default` dispatches the client's action (subscribe / unsubscribe / ping and
 * the domains' actions) through an action map, `$disconnect` removes the connection and its subscriptions.
 */
import middy from '@middy/core';
import type { APIGatewayProxyStructuredResultV2, APIGatewayProxyWebsocketEventV2, Context } from 'aws-lambda';
import { clientMessage, parseTopic, type ClientMessage, type ServerMessage, type Topic } from '@lectio/events';
import { isAdminRole } from '@lectio/shared';
import { verifyToken } from '../auth/tokens';
import type { ActionContext, DomainRealtime, TopicKind, WsActions } from '../domain';
import { logger } from '../http/logger';
import { countRequest, countWsAction } from '../http/metrics';
import { tracingMiddleware } from '../tracing';
import { getConnection, removeConnection, saveConnection, subscribe, unsubscribe, type ConnectionRecord } from './connections';
import { postToConnection } from './publish';

type WsEvent = APIGatewayProxyWebsocketEventV2 & { queryStringParameters?: Record<string, string | undefined> };

const reply = (statusCode: number, body = '') => ({ statusCode, body });

/** The platform's own topic kind: a user's topic, for the user (and admins). Domains add the others. */
const userTopic: TopicKind = { kind: 'user', guard: (conn, id) => isAdminRole(conn.roleId) || String(conn.userId) === id };

/** The topic kinds of the platform and the domains, by kind; a kind registered twice is a mistake. */
function topicKindsOf(domains: DomainRealtime[]): Map<string, TopicKind> {
  const kinds = new Map<string, TopicKind>();
  for (const kind of [userTopic, ...domains.flatMap((d) => d.topics ?? [])]) {
    if (kinds.has(kind.kind)) throw new Error(`topic kind ${kind.kind} is registered twice`);
    kinds.set(kind.kind, kind);
  }
  return kinds;
}

/** Who may listen to a topic: its kind's guard decides; a topic of no registered kind is refused. */
export async function maySubscribe(kinds: Map<string, TopicKind>, conn: ConnectionRecord, topic: Topic): Promise<boolean> {
  const { kind, id } = parseTopic(topic);
  const topicKind = kinds.get(kind);
  return topicKind ? topicKind.guard(conn, id) : false;
}

async function onConnect(event: WsEvent): Promise<APIGatewayProxyStructuredResultV2> {
  const token = event.queryStringParameters?.token;
  const session = token ? await verifyToken(token) : null;
  if (!session) return reply(401, 'Unauthorized.');
  logger.appendKeys({ userId: session.userId });
  await saveConnection({
    connectionId: event.requestContext.connectionId,
    userId: session.userId,
    roleId: session.roleId,
    sid: session.sid,
    connectedAt: event.requestContext.connectedAt,
  });
  return reply(200);
}

/** The platform's actions (ping, subscribe, unsubscribe) and the domains' actions, by name. */
function actionsOf(domains: DomainRealtime[]): WsActions {
  const kinds = topicKindsOf(domains);
  const actions: WsActions = {
    ping: async (message, { send }) => {
      await send({ type: 'pong', id: message.id, serverNow: Date.now() });
      return 200;
    },
    subscribe: async (message, { connectionId, send }) => {
      const conn = await getConnection(connectionId);
      if (!conn) return 410;
      logger.appendKeys({ userId: conn.userId });
      if (!kinds.has(parseTopic(message.topic).kind)) {
        await send({ type: 'error', message: 'Unknown topic', topic: message.topic });
        return 400;
      }
      if (!(await maySubscribe(kinds, conn, message.topic))) {
        await send({ type: 'error', message: 'Forbidden topic.', topic: message.topic });
        return 403;
      }
      await subscribe(connectionId, message.topic);
      await send({ type: 'subscribed', topic: message.topic });
      const { kind, id } = parseTopic(message.topic);
      await kinds.get(kind)?.onSubscribe?.(conn, message.topic, id, send);
      return 200;
    },
    unsubscribe: async (message, { connectionId, send }) => {
      if (!(await getConnection(connectionId))) return 410;
      await unsubscribe(connectionId, message.topic);
      await send({ type: 'unsubscribed', topic: message.topic });
      return 200;
    },
  };
  for (const domain of domains) {
    for (const [name, handle] of Object.entries(domain.actions ?? {})) {
      if (name in actions) throw new Error(`WebSocket action ${name} is registered twice`);
      (actions as Record<string, unknown>)[name] = handle;
    }
  }
  return actions;
}

async function onMessage(actions: WsActions, event: WsEvent): Promise<APIGatewayProxyStructuredResultV2> {
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
  logger.appendKeys({ action: parsed.data.action });
  const handle = actions[parsed.data.action] as ((m: ClientMessage, c: ActionContext) => Promise<number>) | undefined;
  if (!handle) {
    await send({ type: 'error', message: 'Unknown action.' });
    return reply(400);
  }
  const status = await handle(parsed.data, { connectionId, send });
  countWsAction(parsed.data.action, status);
  return reply(status);
}

/**
 * The WebSocket Lambda's handler over the platform's actions and topics and those the domains plug in.
 * As HTTP's: every log line carries the request id, route, connection (and user, once known); every
 * answer is counted per route (`ws $connect`, `ws $default` …); anything unexpected is a logged 500.
 */
export function createWebSocketHandler(domains: DomainRealtime[]) {
  const actions = actionsOf(domains);
  const core = async (event: WsEvent): Promise<APIGatewayProxyStructuredResultV2> => {
    try {
      switch (event.requestContext.routeKey) {
        case '$connect':
          return await onConnect(event);
        case '$disconnect':
          await removeConnection(event.requestContext.connectionId);
          return reply(200);
        default:
          return await onMessage(actions, event);
      }
    } catch (error) {
      logger.error('websocket handler failed', { error: error as Error, routeKey: event.requestContext.routeKey });
      return reply(500);
    }
  };
  return middy<WsEvent, APIGatewayProxyStructuredResultV2, Error, Context>({ timeoutEarlyInMillis: 0 })
    .use(tracingMiddleware<WsEvent, APIGatewayProxyStructuredResultV2>())
    .use({
      before: async ({ event, context }) => {
        if (context?.awsRequestId) logger.addContext(context);
        logger.resetKeys();
        logger.appendKeys({ route: event.requestContext.routeKey, connectionId: event.requestContext.connectionId });
      },
      after: async ({ event, response }) => {
        countRequest(`ws ${event.requestContext.routeKey}`, response?.statusCode ?? 200);
      },
    })
    .handler(core);
}
