/**
 * The heavy half of the HTTP client, loaded on the first call rather than before the first screen
 * (issue 20 item 22): the route registry with its zod schemas, and aws-amplify's REST category as the
 * transport. `api-client.ts` is the face every screen imports.
 */
import { Amplify } from 'aws-amplify';
import { del, get, post, put } from 'aws-amplify/api';
import { buildPath, errorBody, routes, type RouteName } from '@lectio/shared';
import { ApiError } from './api-error';

const API_NAME = 'lectio';

let configuredBase: string | undefined;

/** Points the transport at the API; `apiBase` must be absolute (see lib/config). */
function configure(apiBase: string): void {
  if (configuredBase === apiBase) return;
  Amplify.configure(
    { API: { REST: { [API_NAME]: { endpoint: apiBase } } } },
    // TanStack Query owns retries; there are no AWS credentials to sign with.
    { API: { REST: { retryStrategy: { strategy: 'no-retry' }, defaultAuthMode: 'none' } } },
  );
  configuredBase = apiBase;
}

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

export interface TransportRequest {
  params?: Record<string, unknown>;
  query?: unknown;
  body?: unknown;
}

/** One call: throws an ApiError for every failure; the payload is checked against the registry. */
export async function send(apiBase: string, name: RouteName, request: TransportRequest, token: string | null): Promise<unknown> {
  configure(apiBase);
  const route = routes[name];
  const path = buildPath(route.path, request.params ?? {});
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
    throw toApiError(raw);
  }

  const payload = parseJson(await response.body.text());
  const parsed = route.response.safeParse(payload);
  if (!parsed.success) {
    // Stay usable when the server adds or renames a field; the warning makes the drift visible.
    console.warn(`api ${name}: response does not match the registry`, parsed.error.issues);
    return payload;
  }
  return parsed.data;
}
