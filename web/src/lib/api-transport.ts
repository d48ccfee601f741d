/**
 * The heavy half of the HTTP client, loaded on the first call rather than before the first screen
 * (issue 20 item 22): the route registry with its zod schemas, and aws-amplify's REST category as the
 * transport. `api-client.ts` is the face every screen imports.
 */
import { Amplify } from 'aws-amplify';
import { del, get, post, put } from 'aws-amplify/api';
import type { RouteDef, RouteName } from '@lectio/shared';
import { buildPath, errorBody } from '@lectio/shared/registry';
import { ApiError } from './api-error';

/**
 * The route registry, one domain at a time (issue 20 item 22): building every domain's zod schemas was one
 * long task of a phone's start-up. Each domain is its own chunk, all fetched at once, and each is
 * evaluated when it arrives, in a task of its own; a call waits only until its route is known (the
 * session's `accounts` usually first). The merged table is the one `@lectio/shared`'s `routes` spreads.
 */
const domainLoaders: Array<() => Promise<Record<string, RouteDef>>> = [
  () => import('@lectio/shared/api/accounts').then((m) => m.accountsRoutes),
  () => import('@lectio/shared/api/catalogue/routes').then((m) => m.catalogueRoutes),
  () => import('@lectio/shared/api/authoring').then((m) => m.authoringRoutes),
  () => import('@lectio/shared/api/competitions').then((m) => m.competitionsRoutes),
  () => import('@lectio/shared/api/messages').then((m) => m.messagesRoutes),
  () => import('@lectio/shared/api/player').then((m) => m.playerRoutes),
  () => import('@lectio/shared/api/judge').then((m) => m.judgeRoutes),
  () => import('@lectio/shared/api/authoring-tasks').then((m) => m.authoringTaskRoutes),
  () => import('@lectio/shared/api/tests').then((m) => m.testsRoutes),
  () => import('@lectio/shared/api/groups').then((m) => m.groupsRoutes),
  () => import('@lectio/shared/api/teaching').then((m) => m.teachingRoutes),
  () => import('@lectio/shared/api/revisions').then((m) => m.revisionsRoutes),
  () => import('@lectio/shared/api/activity').then((m) => m.activityRoutes),
  () => import('@lectio/shared/api/questionnaires').then((m) => m.questionnairesRoutes),
  () => import('@lectio/shared/api/kernels').then((m) => m.kernelsRoutes),
  () => import('@lectio/shared/api/notebook').then((m) => m.notebookRoutes),
];

const known = new Map<string, RouteDef>();
let pending: Set<Promise<void>> | null = null;

function loadDomains(): Set<Promise<void>> {
  if (pending) return pending;
  const loading = new Set<Promise<void>>();
  pending = loading;
  for (const load of domainLoaders) {
    const step: Promise<void> = load().then(
      (table) => {
        for (const [name, route] of Object.entries(table)) known.set(name, route);
        loading.delete(step);
      },
      (error: unknown) => {
        loading.delete(step);
        // A chunk that failed to load is asked for again by the next call.
        if (pending === loading) pending = null;
        throw error;
      },
    );
    loading.add(step);
    step.catch(() => undefined); // the call racing it reports the failure
  }
  return loading;
}

/** The route of a name, once the domain that has it is loaded. */
export async function routeOf(name: string): Promise<RouteDef> {
  for (;;) {
    const route = known.get(name);
    if (route) return route;
    const loading = loadDomains();
    if (loading.size === 0) throw new ApiError({ status: 0, message: `unknown route ${name}` });
    await Promise.race(loading);
  }
}

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
  const route = await routeOf(name);
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
