/**
 * The one HTTP client of the web: `api(routeName, { params, query, body })`, typed from the route
 * registry of `@lectio/shared`. aws-amplify's REST category is the transport; this module adds the
 * bearer token, turns every failure into an `ApiError` and handles the expired session (spec/1 §8).
 */
import { Amplify } from 'aws-amplify';
import { del, get, post, put } from 'aws-amplify/api';
import {
  buildPath,
  errorBody,
  routes,
  UNAUTHORIZED_MESSAGE,
  type RouteBody,
  type RouteName,
  type RouteParams,
  type RouteQuery,
  type RouteResponse,
  type Routes,
} from '@lectio/shared';
import { ApiError } from './api-error';
import { storage } from './storage';

export { ApiError, isApiError } from './api-error';

const API_NAME = 'lectio';

/** Points the transport at the API; `apiBase` must be absolute (see lib/config). */
export function configureApi(apiBase: string): void {
  Amplify.configure(
    { API: { REST: { [API_NAME]: { endpoint: apiBase } } } },
    // TanStack Query owns retries; there are no AWS credentials to sign with.
    { API: { REST: { retryStrategy: { strategy: 'no-retry' }, defaultAuthMode: 'none' } } },
  );
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

type JsonBody = NonNullable<NonNullable<Parameters<typeof post>[0]['options']>['body']>;

interface TransportResponse {
  statusCode: number;
  body: { text(): Promise<string> };
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Amplify throws a RestApiError carrying `response: { statusCode, body }` for statuses ≥ 300. */
function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  const response = (error as { response?: { statusCode?: number; body?: string } } | null)?.response;
  if (response && typeof response.statusCode === 'number') {
    const payload = parseJson(response.body ?? '');
    const parsed = errorBody.safeParse(payload);
    if (parsed.success) return new ApiError({ status: response.statusCode, ...parsed.data });
    const message = typeof payload === 'string' && payload ? payload : `HTTP ${response.statusCode}`;
    return new ApiError({ status: response.statusCode, message });
  }
  const message = error instanceof Error && error.message ? error.message : 'Network error';
  return new ApiError({ status: 0, message });
}

function toQueryParams(query: unknown): Record<string, string> | undefined {
  if (!query || typeof query !== 'object') return undefined;
  const entries = Object.entries(query as Record<string, unknown>).filter(
    ([, v]) => v !== undefined && v !== null,
  );
  if (entries.length === 0) return undefined;
  return Object.fromEntries(entries.map(([k, v]) => [k, String(v)]));
}

export async function api<N extends RouteName>(name: N, ...args: ApiArgs<N>): Promise<ApiResult<N>> {
  const route = routes[name];
  const request = (args[0] ?? {}) as { params?: Record<string, unknown>; query?: unknown; body?: unknown };
  const path = buildPath(route.path, request.params ?? {});
  const token = storage.get('token');
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const queryParams = toQueryParams(request.query);
  const options = {
    headers,
    ...(queryParams ? { queryParams } : {}),
  };
  const withBody = { ...options, body: (request.body ?? {}) as JsonBody };

  let response: TransportResponse;
  try {
    const input = { apiName: API_NAME, path };
    const operation =
      route.method === 'GET'
        ? get({ ...input, options })
        : route.method === 'POST'
          ? post({ ...input, options: withBody })
          : route.method === 'PUT'
            ? put({ ...input, options: withBody })
            : del({ ...input, options });
    response = await operation.response;
  } catch (raw) {
    const error = toApiError(raw);
    // Only a session that sent a token can expire; a failed login keeps its own message.
    if (token && error.status === 401 && error.message === UNAUTHORIZED_MESSAGE) {
      error.handled = true;
      onUnauthorized();
    }
    throw error;
  }

  const payload = parseJson(await response.body.text());
  const parsed = route.response.safeParse(payload);
  if (!parsed.success) {
    // Stay usable when the server adds or renames a field; the warning makes the drift visible.
    console.warn(`api ${name}: response does not match the registry`, parsed.error.issues);
    return payload as ApiResult<N>;
  }
  return parsed.data as ApiResult<N>;
}
