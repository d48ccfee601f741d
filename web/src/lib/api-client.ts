/**
 * The one HTTP client of the web: `api(routeName, { params, query, body })`, typed from the route
 * registry of `@lectio/shared`. aws-amplify's REST category is the transport (`api-transport.ts`,
 * loaded with the registry on the first call, so neither delays the first screen); this module adds the
 * bearer token, turns every failure into an `ApiError` and handles the expired session (spec/1 §8).
 */
import type { RouteBody, RouteName, RouteParams, RouteQuery, RouteResponse, Routes } from '@lectio/shared';
import { UNAUTHORIZED_MESSAGE } from '@lectio/shared/constants';
import { ApiError } from './api-error';
import type { TransportRequest } from './api-transport';
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

type ApiArgs<N extends RouteName> =
  {} extends ApiRequest<N> ? [request?: ApiRequest<N>] : [request: ApiRequest<N>];

// ---------- expired session ----------

let onUnauthorized: () => void = () => {
  storage.clearAll();
  window.location.assign('/login');
};

/** The session registers its own handler (clear user, close socket, navigate to /login). */
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

// ---------- the call ----------

let transport: Promise<typeof import('./api-transport')> | undefined;
const loadTransport = () => (transport ??= import('./api-transport'));

/** Starts loading the transport now: a signed-in start calls the API at once, so it should not wait for it. */
export function preloadApi(): void {
  void loadTransport();
}

export async function api<N extends RouteName>(name: N, ...args: ApiArgs<N>): Promise<ApiResult<N>> {
  const token = storage.get('token');
  try {
    const { send } = await loadTransport();
    const request = (args[0] ?? {}) as TransportRequest;
    return (await send(apiBase, name, request, token)) as ApiResult<N>;
  } catch (raw) {
    const error = raw instanceof ApiError ? raw : new ApiError({ status: 0, message: raw instanceof Error ? raw.message : 'Network error' });
    // Only a session that sent a token can expire; a failed login keeps its own message.
    if (token && error.status === 401 && error.message === UNAUTHORIZED_MESSAGE) {
      error.handled = true;
      onUnauthorized();
    }
    throw error;
  }
}
