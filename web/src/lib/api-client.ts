/**
 * The one HTTP client of the web: `api(routeName, { params, query, body })`, typed from the route
 * registry of `@lectio/shared`. `api-transport.ts` sends the request (fetch, from the registry's route
 * table; a route's schemas load beside its first request); this module adds the bearer token, turns
 * every failure into an `ApiError` and handles the expired session (spec/1 §8).
 */
import type { RouteBody, RouteName, RouteParams, RouteQuery, RouteResponse, Routes } from '@lectio/shared';
import { UNAUTHORIZED_MESSAGE } from '@lectio/shared/constants';
import { ApiError } from './api-error';
import { isPublicRoute, loaderChainedRequests, receive, send, takeLoaderRequest, type TransportRequest } from './api-transport';
import { storage } from './storage';

export { ApiError, isApiError } from './api-error';

let apiBase = typeof window === 'undefined' ? 'http://localhost/api' : `${window.location.origin}/api`;

/** Points the client at the API; `apiBase` must be absolute (see lib/config). */
export function configureApi(base: string): void {
  apiBase = base;
}

// ---------- types ----------

/** A part is optional when an empty object satisfies its schema. */
type Part<K extends string, T> = {} extends T ? { [P in K]?: T } : { [P in K]: T };

export type ApiRequest<N extends RouteName> = Part<'params', RouteParams<Routes[N]>> &
  Part<'query', RouteQuery<Routes[N]>> &
  Part<'body', RouteBody<Routes[N]>>;

export type ApiResult<N extends RouteName> = RouteResponse<Routes[N]>;

type ApiArgs<N extends RouteName> = {} extends ApiRequest<N> ? [request?: ApiRequest<N>] : [request: ApiRequest<N>];

// ---------- expired session ----------

let onUnauthorized: () => void = () => {
  storage.clearAll();
  window.location.assign('/login');
};

/** The session registers its own handler (clear user, close socket, navigate to /login). */
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

/** A new token being obtained for the session (after a password change the old ones are refused). */
let renewing: Promise<unknown> | null = null;

/**
 * While `renewal` runs, an answer 'Unauthorized.' to the old token does not end the session: it waits for
 * the renewal and is asked again with the new token (the server refuses every older token of the user once
 * the password changed, also to requests the page sends meanwhile).
 */
export function holdUnauthorized(renewal: Promise<unknown>): void {
  const held = renewal
    .catch(() => undefined)
    .finally(() => {
      if (renewing === held) renewing = null;
    });
  renewing = held;
}

// ---------- answers asked for early ----------

/** How long an early answer waits for the screen that asked for it; after that it is dropped. */
const EARLY_ANSWER_MS = 15_000;

interface EarlyAnswer {
  answer: Promise<unknown>;
  token: string | null;
  at: number;
}

/** Start-up requests sent before the screen that needs them rendered, by route and request. */
const earlyAnswers = new Map<string, EarlyAnswer>();

const requestKey = (name: RouteName, request: TransportRequest) => `${name} ${JSON.stringify(request)}`;

/**
 * Sends a GET now that a screen will ask for once it has rendered (start-up: the session's user and the
 * first screen's data while its code loads; issue 20 item 22). The screen's own `api()` call with the same
 * request (same route, same parameters in the same order) takes the answer over, once; if that answer
 * failed, it asks again itself (so a 401 or a retry is handled as always). A call with another token, or
 * more than 15 s later, does not use it. Returns the answer, for a prefetch that depends on it.
 */
export function prefetchApi<N extends RouteName>(name: N, ...args: ApiArgs<N>): Promise<ApiResult<N>> {
  const request = (args[0] ?? {}) as TransportRequest;
  const token = storage.get('token');
  const answer = startupAnswer(name, request, token);
  answer.catch(() => undefined);
  earlyAnswers.set(requestKey(name, request), { answer, token, at: Date.now() });
  return answer;
}

/**
 * A start-up GET for the query cache (issue 20 item 22): the screen then renders with its data at once,
 * instead of rendering waiting and again when the answer comes. The built page's loader may have sent this
 * very request already, with this token (src/app/early-requests.ts); else it is sent now. A failure is
 * not handled here: the screen finds no data and asks again itself, through `api()`.
 */
export function firstAnswer<N extends RouteName>(name: N, ...args: ApiArgs<N>): Promise<ApiResult<N>> {
  return startupAnswer(name, (args[0] ?? {}) as TransportRequest, storage.get('token'));
}

function startupAnswer<N extends RouteName>(name: N, request: TransportRequest, token: string | null): Promise<ApiResult<N>> {
  const key = requestKey(name, request);
  const answer = (sent: Promise<Response> | null) =>
    (sent ? receive(name, sent) : send(apiBase, name, request, token)) as Promise<ApiResult<N>>;
  const sent = takeLoaderRequest(key, token);
  // A request the loader sends after an earlier answer may not be there yet: looked for again once it is.
  const chained = sent ? null : loaderChainedRequests();
  return chained ? chained.then(() => answer(takeLoaderRequest(key, token))) : answer(sent);
}

/** The early answer for this request, taken (each is used once), or null. */
function takeEarlyAnswer(name: RouteName, request: TransportRequest, token: string | null): Promise<unknown> | null {
  if (earlyAnswers.size === 0) return null;
  const key = requestKey(name, request);
  const early = earlyAnswers.get(key);
  if (!early) return null;
  earlyAnswers.delete(key);
  if (early.token !== token || Date.now() - early.at > EARLY_ANSWER_MS) return null;
  return early.answer.catch(() => send(apiBase, name, request, token));
}

// ---------- the call ----------

export async function api<N extends RouteName>(name: N, ...args: ApiArgs<N>): Promise<ApiResult<N>> {
  const token = storage.get('token');
  try {
    const request = (args[0] ?? {}) as TransportRequest;
    return (await (takeEarlyAnswer(name, request, token) ?? send(apiBase, name, request, token))) as ApiResult<N>;
  } catch (raw) {
    const error =
      raw instanceof ApiError ? raw : new ApiError({ status: 0, message: raw instanceof Error ? raw.message : 'Network error' });
    const unauthorized = error.status === 401 && error.message === UNAUTHORIZED_MESSAGE;
    // Only a session that sent a token can expire; a failed login keeps its own message.
    if (unauthorized && token) {
      if (renewing && name !== 'oauthToken') await renewing;
      const current = storage.get('token');
      if (current && current !== token) return api(name, ...args);
      error.handled = true;
      onUnauthorized();
    } else if (unauthorized && !isPublicRoute(name)) {
      // A route that needs a session, asked without one: a screen still mounted after the session ended
      // (logout, expiry) sent it. That session has already gone to /login; reporting the failure put a
      // "session expired" dialog over the login form. A public route's 401 (a wrong password) is reported.
      error.handled = true;
    }
    throw error;
  }
}
