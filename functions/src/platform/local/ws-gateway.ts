/**
 * Emulates API Gateway's WebSocket API: `/ws` upgrades produce `$connect` / `$default` /
 * `$disconnect` events for the real handler, and `/_ws/@connections/{id}` is the management API
 * (POST sends, GET describes, DELETE closes; unknown ids answer 410 GoneException) so handlers
 * use `ApiGatewayManagementApiClient` unchanged. Message size and idle limits follow AWS.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { WS_IDLE_TIMEOUT_MS, WS_MAX_MESSAGE_BYTES } from '@lectio/shared';
import { lambdaContext } from './lambda-context';
import type { PostOutcome } from '../ws/publish';

export type WsHandler = (event: any, context: any) => Promise<{ statusCode?: number; body?: string } | undefined | void>;

interface LiveConnection {
  socket: WebSocket;
  connectedAt: number;
  lastActiveAt: number;
  sourceIp: string;
  userAgent: string;
  idleTimer?: NodeJS.Timeout;
  maxTimer?: NodeJS.Timeout;
}

export interface WsGatewayOptions {
  handler: () => Promise<WsHandler>;
  idleTimeoutMs?: number;
  maxConnectionMs?: number;
  stage?: string;
}

const connectionId = () => randomBytes(9).toString('base64').replace(/\//g, '_').replace(/\+/g, '-') + '=';

export class WsGateway {
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: WS_MAX_MESSAGE_BYTES * 2 });
  private readonly live = new Map<string, LiveConnection>();
  private readonly idleMs: number;
  private readonly maxMs: number;

  constructor(private readonly options: WsGatewayOptions) {
    this.idleMs = options.idleTimeoutMs ?? WS_IDLE_TIMEOUT_MS;
    this.maxMs = options.maxConnectionMs ?? 2 * 3600 * 1000;
  }

  get size() {
    return this.live.size;
  }

  private event(id: string, routeKey: string, eventType: string, req: { host: string; ip: string; ua: string; connectedAt: number }, extra: object = {}) {
    return {
      requestContext: {
        routeKey,
        eventType,
        messageDirection: 'IN',
        stage: this.options.stage ?? 'local',
        connectionId: id,
        connectedAt: req.connectedAt,
        requestTimeEpoch: Date.now(),
        requestId: randomUUID(),
        extendedRequestId: randomUUID(),
        domainName: req.host,
        apiId: 'local',
        identity: { sourceIp: req.ip, userAgent: req.ua },
      },
      isBase64Encoded: false,
      ...extra,
    };
  }

  private async invoke(event: object) {
    const handler = await this.options.handler();
    return (await handler(event, lambdaContext('lectio-ws'))) ?? { statusCode: 200 };
  }

  /** Handles an HTTP upgrade on `/ws`: `$connect` decides whether the handshake succeeds. */
  async upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://local');
    const id = connectionId();
    const meta = {
      host: req.headers.host ?? '127.0.0.1',
      ip: req.socket.remoteAddress ?? '127.0.0.1',
      ua: req.headers['user-agent'] ?? '',
      connectedAt: Date.now(),
    };
    let result;
    try {
      result = await this.invoke(
        this.event(id, '$connect', 'CONNECT', meta, {
          headers: req.headers,
          queryStringParameters: Object.fromEntries(url.searchParams),
        }),
      );
    } catch {
      result = { statusCode: 500 };
    }
    const status = result.statusCode ?? 200;
    if (status < 200 || status >= 300) {
      socket.end(`HTTP/1.1 ${status === 401 ? '401 Unauthorized' : status === 403 ? '403 Forbidden' : '500 Internal Server Error'}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
      return;
    }
    this.wss.handleUpgrade(req, socket, head, (ws) => this.accept(id, ws, meta));
  }

  private accept(id: string, socket: WebSocket, meta: { host: string; ip: string; ua: string; connectedAt: number }) {
    const conn: LiveConnection = { socket, connectedAt: meta.connectedAt, lastActiveAt: Date.now(), sourceIp: meta.ip, userAgent: meta.ua };
    this.live.set(id, conn);
    const touch = () => {
      conn.lastActiveAt = Date.now();
      clearTimeout(conn.idleTimer);
      conn.idleTimer = setTimeout(() => socket.close(1001, 'Going away'), this.idleMs);
    };
    touch();
    conn.maxTimer = setTimeout(() => socket.close(1001, 'Going away'), this.maxMs);
    socket.on('message', (data: Buffer, isBinary) => {
      touch();
      if (data.length > WS_MAX_MESSAGE_BYTES) {
        socket.close(1009, 'Message too big');
        return;
      }
      void this.invoke(this.event(id, '$default', 'MESSAGE', meta, { body: isBinary ? data.toString('base64') : data.toString('utf8'), isBase64Encoded: isBinary, messageId: randomUUID() })).catch(() => undefined);
    });
    socket.on('close', (code, reason) => {
      clearTimeout(conn.idleTimer);
      clearTimeout(conn.maxTimer);
      this.live.delete(id);
      void this.invoke(this.event(id, '$disconnect', 'DISCONNECT', meta, { disconnectStatusCode: code, disconnectReason: reason.toString() })).catch(() => undefined);
    });
    socket.on('error', () => socket.terminate());
  }

  /** `/_ws/@connections/{id}`: the management API used by `ApiGatewayManagementApiClient`. */
  management(req: IncomingMessage, res: ServerResponse, id: string, body: Buffer): void {
    const conn = this.live.get(id);
    const send = (status: number, payload?: object, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(payload ? JSON.stringify(payload) : undefined);
    };
    if (!conn || conn.socket.readyState !== conn.socket.OPEN) {
      send(410, { message: null }, { 'x-amzn-ErrorType': 'GoneException' });
      return;
    }
    switch (req.method) {
      case 'POST':
        if (body.length > WS_MAX_MESSAGE_BYTES) {
          send(413, { message: 'Message too long' }, { 'x-amzn-ErrorType': 'PayloadTooLargeException' });
          return;
        }
        conn.socket.send(body.toString('utf8'));
        conn.lastActiveAt = Date.now();
        send(200);
        return;
      case 'GET':
        send(200, {
          ConnectedAt: new Date(conn.connectedAt).toISOString(),
          LastActiveAt: new Date(conn.lastActiveAt).toISOString(),
          Identity: { SourceIp: conn.sourceIp, UserAgent: conn.userAgent },
        });
        return;
      case 'DELETE':
        conn.socket.close(1000, 'Closed by the server');
        send(204);
        return;
      default:
        send(405, { message: 'Method not allowed' });
    }
  }

  /**
   * What the management API's POST does, for many connections at once and without an HTTP round trip
   * each: the local publish pool's shard publishers post through this (a message port), as API Gateway's
   * own fan-out would not cost a request per socket either. An unknown or closed connection is gone.
   */
  deliver(connectionIds: string[], payload: string): PostOutcome[] {
    if (Buffer.byteLength(payload) > WS_MAX_MESSAGE_BYTES) return connectionIds.map(() => ({ error: 'Message too long' }));
    const now = Date.now();
    return connectionIds.map((id) => {
      const conn = this.live.get(id);
      if (!conn || conn.socket.readyState !== conn.socket.OPEN) return 'gone';
      conn.socket.send(payload);
      conn.lastActiveAt = now;
      return 'delivered';
    });
  }

  close(): void {
    for (const conn of this.live.values()) conn.socket.terminate();
    this.wss.close();
  }
}
