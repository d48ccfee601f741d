/**
 * Lectio's kernel proxy: the only way to a kernel (local cloud under `/kernels/…`; the AWS gateway's
 * container the same). It authorises every request with a kernel token (`GET /get-jupy-token`), records
 * each kernel's owner when it creates one, lets a user reach only their own kernels (list, get,
 * interrupt, restart, delete and the channels WebSocket), caps live kernels per user and forwards to
 * jupyter-server with the server's own token, which never leaves this process.
 *
 * Paths (after the `/kernels` prefix): `GET|POST /api/kernels`, `GET|DELETE /api/kernels/{id}`,
 * `POST /api/kernels/{id}/interrupt|restart`, WebSocket `/api/kernels/{id}/channels`; for the kernels
 * Lambda only (a `kernel-admin` token): `GET /_admin/kernels`, `DELETE /_admin/kernels/{id}`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { connect, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { KERNEL_ID_PATTERN, KERNELS_PER_USER, kernelTexts } from '@lectio/shared';
import { SandboxUnavailable } from '../judge';
import { jupyterInstalled, startJupyter, type JupyterOptions, type JupyterServer } from './jupyter';
import { kernelMemoryMb, kernelStarting, releaseKernelUids, removeKernelLeftovers } from './sandbox';
import { forgetKernel, kernelOwner, ownersOf, recordKernel } from './store';
import { verifyKernelToken } from './tokens';

export interface JupyterKernel {
  id: string;
  name: string;
  last_activity: string;
  execution_state: string;
  connections: number;
}

export interface KernelProxy {
  /** Handles an HTTP request whose path starts with the proxy's prefix. */
  http(req: IncomingMessage, res: ServerResponse): Promise<void>;
  /** Handles a WebSocket upgrade under the prefix (the channels). */
  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  close(): Promise<void>;
}

export interface KernelProxyOptions extends JupyterOptions {
  /** The path prefix, '/kernels' by default. */
  prefix?: string;
  perUser?: number;
}

const MAX_BODY = 4096;

class HttpError extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
  }
}

const sendJson = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
};

/** The token from `Authorization: token|Bearer …` or `?token=` (browsers cannot set WebSocket headers). */
function tokenOf(req: IncomingMessage, url: URL): string {
  const header = req.headers.authorization ?? '';
  const m = /^(?:token|bearer)\s+(\S+)$/i.exec(header);
  return m ? m[1]! : (url.searchParams.get('token') ?? '');
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let size = 0;
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY) reject(new HttpError(413, 'Request too large.'));
      else chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

type Route =
  | { kind: 'list' | 'create' }
  | { kind: 'get' | 'delete' | 'interrupt' | 'restart' | 'channels'; id: string }
  | { kind: 'admin-list' }
  | { kind: 'admin-delete'; id: string };

/** The route of a path under the prefix; throws 400 for a malformed kernel id, 404 for anything else. */
function routeOf(method: string, path: string): Route {
  if (path === '/_admin/kernels' && method === 'GET') return { kind: 'admin-list' };
  const admin = /^\/_admin\/kernels\/([^/]+)$/.exec(path);
  if (admin && method === 'DELETE') return { kind: 'admin-delete', id: checkedId(admin[1]!) };
  if (path === '/api/kernels' || path === '/api/kernels/') {
    if (method === 'GET') return { kind: 'list' };
    if (method === 'POST') return { kind: 'create' };
  }
  const one = /^\/api\/kernels\/([^/]+)(?:\/(interrupt|restart|channels))?$/.exec(path);
  if (one) {
    const id = checkedId(one[1]!);
    const action = one[2];
    if (!action && method === 'GET') return { kind: 'get', id };
    if (!action && method === 'DELETE') return { kind: 'delete', id };
    if ((action === 'interrupt' || action === 'restart') && method === 'POST') return { kind: action, id };
    if (action === 'channels' && method === 'GET') return { kind: 'channels', id };
  }
  throw new HttpError(404, 'Not found.');
}

function checkedId(raw: string): string {
  if (raw.length > 36 || !KERNEL_ID_PATTERN.test(raw)) throw new HttpError(400, 'Invalid input.');
  return raw;
}

export function createKernelProxy(options: KernelProxyOptions = {}): KernelProxy {
  const prefix = options.prefix ?? '/kernels';
  const perUser = options.perUser ?? KERNELS_PER_USER;
  const log = options.log ?? ((line: string) => console.log(`[kernels] ${line}`));
  let server: Promise<JupyterServer> | null = null;
  let sweeper: NodeJS.Timeout | null = null;
  const creating = new Map<number, Promise<unknown>>();

  /** jupyter-server, started on first use (a failed start is tried again on the next request). */
  function backend(): Promise<JupyterServer> {
    if (!server) {
      if (!jupyterInstalled()) throw new HttpError(503, kernelTexts.unavailable);
      server = startJupyter({ ...options, log }).catch((error: unknown) => {
        server = null;
        log(`jupyter-server not started: ${(error as Error).message}`);
        throw new HttpError(503, error instanceof SandboxUnavailable ? `${kernelTexts.unavailable} ${error.message}` : kernelTexts.unavailable);
      });
      void server.then(() => {
        sweeper = setInterval(() => void sweep().catch(() => undefined), 30_000);
        sweeper.unref();
      }).catch(() => undefined);
    }
    return server;
  }

  async function jupyter(method: string, path: string, body?: unknown): Promise<{ status: number; json: unknown }> {
    const j = await backend();
    const r = await fetch(`${j.url}${path}`, {
      method,
      headers: { authorization: `token ${j.token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await r.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    return { status: r.status, json };
  }

  const liveKernels = async () => ((await jupyter('GET', '/api/kernels')).json as JupyterKernel[] | null) ?? [];

  /**
   * Removes the directories and cgroups of kernels jupyter no longer runs (culled, deleted, dead) and
   * frees their uids (`uids`); a kernel still starting (not yet in jupyter's list) keeps them.
   */
  async function sweep() {
    const j = await backend();
    const live = new Set((await liveKernels()).map((k) => k.id));
    const keep = (id: string) => live.has(id) || kernelStarting(j.runtimeDir, id);
    releaseKernelUids(j.sandbox, j, keep);
    const { readdirSync } = await import('node:fs');
    for (const id of readdirSync(j.kernelsDir)) if (!keep(id)) removeKernelLeftovers(j.kernelsDir, id);
  }

  /** The kernel when the caller owns it; 404 otherwise (another user's kernel looks like a missing one). */
  async function owned(userId: number, id: string) {
    const owner = await kernelOwner(id);
    if (!owner || owner.user_id !== userId) throw new HttpError(404, kernelTexts.notFound);
    return owner;
  }

  async function create(userId: number, raw: string): Promise<{ status: number; json: unknown }> {
    let body: unknown = {};
    if (raw.trim()) {
      try {
        body = JSON.parse(raw);
      } catch {
        throw new HttpError(400, 'Malformed JSON body.');
      }
    }
    if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new HttpError(400, 'Invalid input.');
    const name = (body as { name?: unknown }).name;
    if (name !== undefined && name !== 'python3') throw new HttpError(400, 'Invalid input.');
    // one creation at a time per user, so two parallel requests cannot pass the cap together
    const previous = creating.get(userId) ?? Promise.resolve();
    const run = previous.catch(() => undefined).then(async () => {
      const live = await liveKernels();
      const owners = await ownersOf(live.map((k) => k.id));
      const mine = owners.filter((o) => o.user_id === userId).length;
      if (mine >= perUser) throw new HttpError(409, kernelTexts.tooMany);
      // the kernelspec is always the sandboxed python3 (no path, no environment from the caller)
      const result = await jupyter('POST', '/api/kernels', { name: 'python3' });
      const kernel = result.json as JupyterKernel | null;
      if (result.status === 201 && kernel?.id) await recordKernel(kernel.id, userId);
      return result;
    });
    creating.set(userId, run);
    try {
      return await run;
    } finally {
      if (creating.get(userId) === run) creating.delete(userId);
    }
  }

  async function deleteKernel(id: string) {
    const result = await jupyter('DELETE', `/api/kernels/${id}`);
    if (result.status === 204 || result.status === 404) {
      await forgetKernel(id);
      const j = await backend();
      releaseKernelUids(j.sandbox, j, (other) => other !== id);
      removeKernelLeftovers(j.kernelsDir, id);
    }
    return result;
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://local');
    const path = url.pathname.slice(prefix.length) || '/';
    const method = req.method ?? 'GET';
    const route = routeOf(method, path);
    const token = tokenOf(req, url);
    if (route.kind === 'admin-list' || route.kind === 'admin-delete') {
      if (!(await verifyKernelToken(token, 'kernel-admin'))) throw new HttpError(401, kernelTexts.badToken);
      if (route.kind === 'admin-delete') {
        const result = await deleteKernel(route.id);
        if (result.status === 404) throw new HttpError(404, kernelTexts.notFound);
        return sendJson(res, 200, { message: 'OK' });
      }
      if (!server) return sendJson(res, 200, { kernels: [] });
      await sweep();
      const live = await liveKernels();
      const owners = new Map((await ownersOf(live.map((k) => k.id))).map((o) => [o.kernel_id, o]));
      return sendJson(res, 200, {
        kernels: live.map((k) => ({
          ...k,
          user_id: owners.get(k.id)?.user_id ?? 0,
          started: owners.get(k.id)?.started ?? '',
          memory_mb: kernelMemoryMb(k.id),
        })),
      });
    }
    const userId = await verifyKernelToken(token, 'kernel');
    if (!userId) throw new HttpError(401, kernelTexts.badToken);
    if (route.kind === 'channels') throw new HttpError(400, 'Use a WebSocket.');
    if (route.kind === 'list') {
      // the notebook lists its kernels when it opens: jupyter-server starts then, before the first run
      await backend();
      const live = await liveKernels();
      const mine = new Set((await ownersOf(live.map((k) => k.id))).filter((o) => o.user_id === userId).map((o) => o.kernel_id));
      return sendJson(res, 200, live.filter((k) => mine.has(k.id)));
    }
    if (route.kind === 'create') {
      const result = await create(userId, await readBody(req));
      return sendJson(res, result.status, result.json);
    }
    if (!('id' in route)) throw new HttpError(404, 'Not found.');
    await owned(userId, route.id);
    const result =
      route.kind === 'get'
        ? await jupyter('GET', `/api/kernels/${route.id}`)
        : route.kind === 'delete'
          ? await deleteKernel(route.id)
          : await jupyter('POST', `/api/kernels/${route.id}/${route.kind}`);
    if (result.status === 404) throw new HttpError(404, kernelTexts.notFound);
    if (result.status === 204) {
      res.writeHead(204, { 'cache-control': 'no-store' });
      return res.end();
    }
    return sendJson(res, result.status, result.json);
  }

  const refuse = (socket: Duplex, status: number, message: string) => {
    const body = JSON.stringify({ message });
    socket.end(`HTTP/1.1 ${status} ${status === 401 ? 'Unauthorized' : status === 404 ? 'Not Found' : 'Bad Request'}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
  };

  async function upgrade(req: IncomingMessage, socket: Duplex, head: Buffer) {
    const url = new URL(req.url ?? '/', 'http://local');
    const route = routeOf('GET', url.pathname.slice(prefix.length) || '/');
    if (route.kind !== 'channels') throw new HttpError(404, 'Not found.');
    const userId = await verifyKernelToken(tokenOf(req, url), 'kernel');
    if (!userId) throw new HttpError(401, kernelTexts.badToken);
    await owned(userId, route.id);
    const j = await backend();
    const session = url.searchParams.get('session_id') ?? '';
    const target = `/api/kernels/${route.id}/channels${/^[\w-]{1,64}$/.test(session) ? `?session_id=${session}` : ''}`;
    const { port } = new URL(j.url);
    const upstream: Socket = connect(Number(port), '127.0.0.1');
    // only the WebSocket's own headers pass; the browser's cookies, origin and token stay here
    const pass = ['sec-websocket-key', 'sec-websocket-version', 'sec-websocket-extensions', 'sec-websocket-protocol'];
    const lines = [`GET ${target} HTTP/1.1`, `Host: 127.0.0.1:${port}`, 'Upgrade: websocket', 'Connection: Upgrade', `Authorization: token ${j.token}`];
    for (const name of pass) {
      const value = req.headers[name];
      if (typeof value === 'string') lines.push(`${name}: ${value}`);
    }
    // small frames both ways: Nagle's algorithm with delayed ACKs would hold each for ~40 ms
    upstream.setNoDelay(true);
    (socket as Socket).setNoDelay?.(true);
    upstream.once('connect', () => {
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head.length) upstream.write(head);
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
    const end = () => {
      upstream.destroy();
      socket.destroy();
    };
    upstream.on('error', end);
    upstream.on('close', end);
    socket.on('error', end);
    socket.on('close', end);
  }

  return {
    async http(req, res) {
      try {
        await handle(req, res);
      } catch (error) {
        if (error instanceof HttpError) return sendJson(res, error.status, { message: error.message });
        log(`request failed: ${(error as Error).stack ?? String(error)}`);
        if (!res.headersSent) sendJson(res, 500, { message: 'Internal server error.' });
        else res.end();
      }
    },
    upgrade(req, socket, head) {
      upgrade(req, socket, head).catch((error: unknown) => {
        if (error instanceof HttpError) refuse(socket, error.status, error.message);
        else {
          log(`upgrade failed: ${(error as Error).message}`);
          socket.destroy();
        }
      });
    },
    async close() {
      if (sweeper) clearInterval(sweeper);
      const s = server;
      server = null;
      if (s) await (await s.catch(() => null))?.stop();
    },
  };
}
