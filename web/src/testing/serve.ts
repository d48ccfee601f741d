/**
 * The web tests' API: `serve({ routeName: (request) => body })` answers the fetch mock (set up once in
 * setup.ts) by the registry's route names, with the route's typed params, body and answer.
 * A handler returns the answer body (200) or `reply(status, body)`; a route without a handler
 * answers 404. Every request is recorded with its route name, for the Assess step.
 *
 *   const api = serve({ getCategoryInAllLang: ({ params }) => ({ list: [], color: '#123456', category_order: params.id }) });
 *   …
 *   expect(api.bodyOf('createEditCategory')).toEqual({ … });
 */
import { vi } from 'vitest';
import { routeList, type RouteBody, type RouteName, type RouteParams, type RouteResponse, type Routes } from '@lectio/shared';
import { wsClient } from '@/lib/ws-client';
import { testStudent, type TestUser } from './users';

export interface Reply<T = unknown> {
  status: number;
  body: T;
}

/** A non-200 answer (an error envelope or another status). */
export const reply = <T>(status: number, body: T): Reply<T> => ({ status, body });

const isReply = (value: unknown): value is Reply => typeof value === 'object' && value !== null && 'status' in value && 'body' in value && Object.keys(value).length === 2;

export interface ServedRequest<N extends RouteName = RouteName> {
  route: N;
  path: string;
  params: RouteParams<Routes[N]>;
  body: RouteBody<Routes[N]>;
  headers: Record<string, string>;
}

export type RouteHandlers = {
  [N in RouteName]?: (request: ServedRequest<N>) => RouteResponse<Routes[N]> | Reply;
};


/** The registry route a request path belongs to, with its path parameters. */
function match(method: string, fullPath: string): { route: RouteName; params: Record<string, string> } | null {
  const path = fullPath.split('?')[0]!;
  for (const [name, def] of routeList()) {
    if (def.method !== method) continue;
    const names: string[] = [];
    const pattern = new RegExp(`^${def.path.replace(/\{(\w+)\}/g, (_, n: string) => (names.push(n), '([^/]+)'))}$`);
    const found = pattern.exec(path);
    if (found) return { route: name, params: Object.fromEntries(names.map((n, i) => [n, decodeURIComponent(found[i + 1]!)])) };
  }
  return null;
}

/**
 * Answers the API for the rest of the test. With a user (default: the test student) the app starts
 * logged in as that user (stored token, get-full-user-parameters) and the WebSocket stays quiet.
 */
export function serve(handlers: RouteHandlers, options: { as?: TestUser | null } = {}) {
  const user = options.as === undefined ? testStudent : options.as;
  const requests: ServedRequest[] = [];
  // A logged-in shell also asks for the user's messages (the header's unread count).
  const all: RouteHandlers = { ...(user ? { getFullUserParameters: () => user, getUserMessages: () => ({ message_list: [] }) } : {}), ...handlers };
  const answer = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    // The API base ends in /api (lib/config); the registry's paths follow it.
    const path = url.pathname.replace(/^.*?\/api(?=\/)/, '') + url.search;
    const found = match(init.method ?? 'GET', path);
    const request = {
      route: found?.route ?? ('' as RouteName),
      path,
      params: (found?.params ?? {}) as never,
      body: (typeof init.body === 'string' ? JSON.parse(init.body) : {}) as never,
      headers: (init.headers ?? {}) as Record<string, string>,
    } satisfies ServedRequest;
    requests.push(request);
    const handler = found ? (all[found.route] as ((r: ServedRequest) => unknown) | undefined) : undefined;
    const result = handler ? handler(request) : reply(404, { message: 'Not found' });
    const { status, body } = isReply(result) ? result : { status: 200, body: result };
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  };
  vi.spyOn(wsClient, 'connect').mockImplementation(() => {});
  vi.spyOn(wsClient, 'close').mockImplementation(() => {});
  vi.spyOn(wsClient, 'subscribe').mockImplementation(() => () => {});
  if (user) localStorage.setItem('token', 'jwt-stored');
  vi.mocked(globalThis.fetch).mockImplementation(answer);
  return {
    requests,
    /** The requests of one route, oldest first. */
    callsOf: <N extends RouteName>(route: N) => requests.filter((r): r is ServedRequest<N> => r.route === route),
    /** The body of the last request of a route (undefined when it was not called). */
    bodyOf: <N extends RouteName>(route: N) => requests.filter((r) => r.route === route).at(-1)?.body as RouteBody<Routes[N]> | undefined,
  };
}
