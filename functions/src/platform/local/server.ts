/**
 * The local cloud's HTTP server: `/api/*` through the real domain handlers, `/ws` and
 * `/_ws/@connections/*` through the WebSocket gateway emulation, `/_local/outbox`, `/config.json`
 * and the built web app. Expects the environment (table, endpoints, secrets) to be set already.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { localOnlyRefusal } from './local-only';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { routeList, routeKey, matchPath, type Domain, type RouteDef } from '@lectio/shared';
import { domainEvent } from '@lectio/events';
import { httpHandlers, type HttpHandler, type KernelProxyLike, type LocalHandlers } from './handlers';
import { httpEvent } from './http-events';
import { lambdaContext } from './lambda-context';
import { WsGateway } from './ws-gateway';
import { listOutbox } from './outbox';
import { serveStatic, securityHeaders } from './static-files';

export interface ServerOptions {
  webRoot: string;
  outboxDir: string;
  clientSecret: string;
  version: string;
  wsIdleTimeoutMs?: number;
  /** The handlers it runs (the composition root's). */
  handlers: LocalHandlers;
}

/** Where the kernel proxy answers (the kernels domain's `KERNEL_PROXY_PATH`). */
const KERNELS_PREFIX = '/kernels';

/** API Gateway's payload limit. */
const MAX_BODY_BYTES = 10 * 1024 * 1024;

const routes = routeList().map(([, r]) => r);

function findRoute(method: string, path: string): { route: RouteDef; pathParameters: Record<string, string> } | null {
  for (const route of routes) {
    if (route.method !== method) continue;
    const params = matchPath(route.path, path);
    if (params) return { route, pathParameters: params };
  }
  return null;
}

function readBody(req: IncomingMessage): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY_BYTES) {
        resolve(null);
        req.destroy();
      } else chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/**
 * What a page request gets while the web app has never been built (a fresh checkout's first `npm start`
 * builds it beside the start-up, and the API is ready first): a page that reloads itself.
 */
const BUILDING_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta http-equiv="refresh" content="3"><title>Lectio</title></head>
<body><main><h1>Lectio</h1><p>The web app is being built (the first start of a checkout, about a minute). This page reloads by itself.</p></main></body></html>`;

const sendJson = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
};

/** Pending connections the kernel keeps for the server (capped by net.core.somaxconn). */
const LISTEN_BACKLOG = 4096;

export class LocalServer {
  readonly http: Server;
  readonly ws: WsGateway;
  ready = false;
  /** The demo's writes after `ready` are done (or there were none). */
  demoComplete = false;
  /** Whether the web root has a built app (checked until it has). */
  private webBuilt = false;

  private readonly httpHandler: (domain: Domain) => Promise<HttpHandler>;
  private kernelProxy: Promise<KernelProxyLike> | null = null;

  /** The kernel proxy, loaded on the first `/kernels/…` request (jupyter-server starts on the first kernel); null when not offered. */
  private kernels(): Promise<KernelProxyLike> | null {
    const kernels = this.options.handlers.kernels;
    if (!kernels || !kernels.configured()) return null;
    this.kernelProxy ??= kernels.load();
    return this.kernelProxy;
  }

  constructor(private readonly options: ServerOptions) {
    this.httpHandler = httpHandlers(options.handlers.http);
    this.ws = new WsGateway({ handler: options.handlers.ws, idleTimeoutMs: options.wsIdleTimeoutMs });
    this.http = createServer((req, res) => {
      // the receive instant, as API Gateway's requestContext.timeEpoch: deadlines are judged by it
      const arrivedAt = Date.now();
      this.handle(req, res, arrivedAt).catch((error: unknown) => {
        console.error('[local-cloud] request failed', error);
        if (!res.headersSent) sendJson(res, 500, { message: 'Internal server error.' });
        else res.end();
      });
    });
    this.http.on('upgrade', (req, socket, head) => {
      const path = new URL(req.url ?? '/', 'http://local').pathname;
      if (path.startsWith(`${KERNELS_PREFIX}/`) && this.kernels()) {
        void this.kernels()!.then((proxy) => proxy.upgrade(req, socket, head)).catch(() => socket.destroy());
        return;
      }
      if (path !== '/ws') {
        socket.end('HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n');
        return;
      }
      void this.ws.upgrade(req, socket, head);
    });
    this.http.keepAliveTimeout = 5000;
  }

  private async handle(req: IncomingMessage, res: ServerResponse, arrivedAt = Date.now()) {
    const url = new URL(req.url ?? '/', 'http://local');
    const path = url.pathname;
    const method = req.method ?? 'GET';
    // A malformed % escape is the caller's mistake (API Gateway answers it with 400 too), not a 500.
    try {
      decodeURIComponent(path);
    } catch {
      return sendJson(res, 400, { message: 'Malformed URL escape.' });
    }

    if (path === '/api/health') {
      // `demo`: whether the seed's part after `ready` (the demo learners) is written; `?demo=complete` answers
      // 503 until it is, for a script that needs the whole demo (the browser tests' leaderboard pages).
      const healthy = this.ready && (url.searchParams.get('demo') !== 'complete' || this.demoComplete);
      sendJson(res, healthy ? 200 : 503, { status: this.ready ? 'ok' : 'starting', demo: this.demoComplete ? 'complete' : 'writing' });
      return;
    }
    if (path.startsWith('/api/') || path === '/api') {
      if (!this.ready) return sendJson(res, 503, { message: 'Starting, try again in a moment.' });
      const apiPath = path.slice(4) || '/';
      const found = findRoute(method, apiPath);
      if (!found) return sendJson(res, 404, { message: 'Not found.' });
      const body = await readBody(req);
      if (body === null) return sendJson(res, 413, { message: 'Request too large.' });
      const key = routeKey(found.route);
      const handler = await this.httpHandler(found.route.domain);
      const result = await handler(
        httpEvent(req, apiPath, url.searchParams, body, { routeKey: key, pathParameters: found.pathParameters }, arrivedAt),
        lambdaContext(`lectio-${found.route.domain}`),
      );
      res.writeHead(result.statusCode ?? 200, { ...(result.headers as Record<string, string>) });
      res.end(result.isBase64Encoded && result.body ? Buffer.from(result.body, 'base64') : result.body);
      return;
    }
    if (path.startsWith(`${KERNELS_PREFIX}/`) && this.kernels()) {
      if (!this.ready) return sendJson(res, 503, { message: 'Starting, try again in a moment.' });
      return (await this.kernels()!).http(req, res);
    }
    if (path.startsWith('/_local/') || path.startsWith('/_ws/')) {
      const refusal = localOnlyRefusal(req);
      if (refusal) return sendJson(res, 403, { message: refusal });
    }
    const management = /^\/_ws\/@connections\/([^/]+)$/.exec(path);
    if (management) {
      const body = (await readBody(req)) ?? Buffer.alloc(0);
      this.ws.management(req, res, decodeURIComponent(management[1]!), body);
      return;
    }
    if (path === '/_local/outbox' && method === 'GET') {
      return sendJson(res, 200, await listOutbox(this.options.outboxDir));
    }
    if (path === '/_local/domain-events' && method === 'POST') {
      // Local-only: hands a domain event to the stream handler's delivery, as a table change would.
      let input: unknown;
      try {
        input = JSON.parse(((await readBody(req)) ?? Buffer.alloc(0)).toString('utf8'));
      } catch {
        return sendJson(res, 400, { message: 'Malformed JSON body.' });
      }
      const parsed = domainEvent.safeParse(input);
      if (!parsed.success) return sendJson(res, 400, { message: 'Invalid domain event.', errors: parsed.error.flatten().fieldErrors });
      const deliver = await this.options.handlers.deliver();
      await deliver(parsed.data);
      return sendJson(res, 200, { message: 'OK' });
    }
    if (path === '/config.json') {
      const host = req.headers.host ?? '127.0.0.1';
      res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store', ...securityHeaders });
      res.end(
        JSON.stringify({
          apiBase: '/api',
          wsUrl: `ws://${host}/ws`,
          clientId: 2,
          clientSecret: this.options.clientSecret,
          version: this.options.version,
        }),
      );
      return;
    }
    if (method !== 'GET' && method !== 'HEAD') return sendJson(res, 405, { message: 'Method not allowed.' });
    this.webBuilt ||= existsSync(join(this.options.webRoot, 'index.html'));
    if (!this.webBuilt) {
      res.writeHead(503, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'retry-after': '3', ...securityHeaders });
      res.end(BUILDING_PAGE);
      return;
    }
    await serveStatic(this.options.webRoot, req, res);
  }

  listen(port: number, host: string): Promise<number> {
    return new Promise((resolve, reject) => {
      this.http.once('error', reject);
      // A competition's start is thousands of WebSocket handshakes at once; Node's default backlog of 511
      // reset the ones beyond it (ECONNRESET) while $connect was still running for the first.
      this.http.listen({ port, host, backlog: LISTEN_BACKLOG }, () => resolve((this.http.address() as { port: number }).port));
    });
  }

  async close(): Promise<void> {
    if (this.kernelProxy) await (await this.kernelProxy.catch(() => null))?.close();
    this.ws.close();
    this.http.closeAllConnections();
    await new Promise<void>((resolve) => this.http.close(() => resolve()));
  }
}

