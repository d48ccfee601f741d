/**
 * The HTTP half of the client (`api-client.ts` is the face every screen imports): one `fetch` per call,
 * built from the route table (`virtual:lectio-routes`, see web/route-modules.ts).
 *
 * In development and in the web's unit tests an answer is checked against its route's response schema,
 * loading only the registry module that declares the route, in parallel with the request. A production
 * build does not check answers (issue 20 item 22: building the schemas was 60 ms of a phone's first screen,
 * and no response schema transforms what it checks: registry.test.ts); the server checks every answer
 * against the registry in the integration and browser tests (STRICT_RESPONSES=1).
 */
import { routeModules, routeTable } from 'virtual:lectio-routes';
import type { RouteDef, RouteName } from '@lectio/shared';
import { buildPath } from '@lectio/shared/path';
import { ApiError, type ApiErrorInit } from './api-error';

export interface TransportRequest {
  params?: Record<string, unknown>;
  query?: unknown;
  body?: unknown;
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

const isStringList = (value: unknown) => Array.isArray(value) && value.every((item) => typeof item === 'string');
const optional = (value: unknown, check: (v: unknown) => boolean) => value === undefined || check(value);

/**
 * The registry's `errorBody` envelope `{ message, description?, errors?, code? }`, checked without zod (the
 * first screen loads no schema; api-client.test.ts holds this to `errorBody`): the envelope's fields, or null.
 */
export function errorEnvelope(payload: unknown): Omit<ApiErrorInit, 'status'> | null {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return null;
  const { message, description, errors, code } = payload as Record<string, unknown>;
  const isString = (v: unknown) => typeof v === 'string';
  const isErrors = (v: unknown) =>
    typeof v === 'object' && v !== null && !Array.isArray(v) && Object.values(v).every(isStringList);
  if (!isString(message) || !optional(description, isString) || !optional(errors, isErrors) || !optional(code, isString))
    return null;
  return {
    message: message as string,
    ...(description === undefined ? {} : { description: description as string }),
    ...(errors === undefined ? {} : { errors: errors as Record<string, string[]> }),
    ...(code === undefined ? {} : { code: code as string }),
  };
}

/** The error of a status ≥ 300: the server's envelope when it sent one, its text or the status otherwise. */
function errorOf(status: number, text: string): ApiError {
  const payload = parseJson(text);
  const envelope = errorEnvelope(payload);
  if (envelope) return new ApiError({ status, ...envelope });
  return new ApiError({ status, message: typeof payload === 'string' && payload ? payload : `HTTP ${status}` });
}

function queryString(query: unknown): string {
  if (!query || typeof query !== 'object') return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query as Record<string, unknown>)) {
    if (value !== undefined && value !== null) search.append(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** Registry modules already asked for, by index: each is loaded (and its schemas built) once. */
const loadedModules = new Map<number, Promise<Map<string, RouteDef>>>();

const isRoute = (value: unknown): value is RouteDef =>
  typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'response' in value;

/** The routes a registry module exports (its route maps), by name. */
function routesOf(exports: Record<string, unknown>): Map<string, RouteDef> {
  const found = new Map<string, RouteDef>();
  for (const value of Object.values(exports)) {
    if (typeof value !== 'object' || value === null) continue;
    for (const [name, route] of Object.entries(value)) if (isRoute(route)) found.set(name, route);
  }
  return found;
}

/** The registry's declaration of one route (with its schemas), or null when its module could not load. */
function routeDefinition(name: RouteName, module: number): Promise<RouteDef | null> {
  let loading = loadedModules.get(module);
  if (!loading) {
    loading = routeModules[module]!().then(routesOf);
    loadedModules.set(module, loading);
    // A failed load (a deploy replaced the chunk) is asked again by the next call.
    loading.catch(() => loadedModules.delete(module));
  }
  return loading.then(
    (routes) => routes.get(name) ?? null,
    () => null,
  );
}

/** The route answers without a session (its access is 'public' in the registry). */
export const isPublicRoute = (name: RouteName): boolean => routeTable[name]?.[3] === true;

/** One call: throws an ApiError for every failure; the answer is checked against the registry. */
export async function send(apiBase: string, name: RouteName, request: TransportRequest, token: string | null): Promise<unknown> {
  const entry = routeTable[name];
  if (!entry) throw new ApiError({ status: 0, message: `Unknown route ${name}` });
  const [method, pattern] = entry;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const withBody = method === 'POST' || method === 'PUT';
  if (withBody) headers['content-type'] = 'application/json';
  const url = `${apiBase}${buildPath(pattern, request.params ?? {})}${queryString(request.query)}`;
  return receive(name, fetch(url, { method, headers, ...(withBody ? { body: JSON.stringify(request.body ?? {}) } : {}) }));
}

/**
 * The answer of a request already sent (by `send`, or by the built page's loader: see `takeLoaderRequest`):
 * throws an ApiError for every failure; in development the answer is checked against the registry.
 */
export async function receive(name: RouteName, sent: Promise<Response>): Promise<unknown> {
  const entry = routeTable[name];
  const definition = import.meta.env.DEV && entry ? routeDefinition(name, entry[2]) : undefined;
  let status: number;
  let text: string;
  try {
    const response = await sent;
    status = response.status;
    text = await response.text();
  } catch (raw) {
    throw new ApiError({ status: 0, message: raw instanceof Error && raw.message ? raw.message : 'Network error' });
  }
  if (status >= 300) throw errorOf(status, text);

  const payload = parseJson(text);
  const route = await definition;
  if (!route) return payload;
  const parsed = route.response.safeParse(payload);
  if (!parsed.success) {
    // Stay usable when the server adds or renames a field; the warning makes the drift visible.
    console.warn(`api ${name}: response does not match the registry`, parsed.error.issues);
    return payload;
  }
  return parsed.data;
}

/**
 * A GET the built page's loader sent for a signed-in start (src/app/early-requests.ts), by request key
 * (`<route> <request as JSON>`) and token: taken once, or null (another token: left unused).
 */
export function takeLoaderRequest(key: string, token: string | null): Promise<Response> | null {
  const sent = typeof window === 'undefined' ? undefined : window.lectioEarlyRequests?.[key];
  if (!sent) return null;
  delete window.lectioEarlyRequests![key];
  return sent.token === token ? sent.response : null;
}

/**
 * The loader's requests that wait for an earlier answer (the player's tasks wait for its lessons: the course)
 * are sent, or left out, once that answer has come: a promise settling then, or null when none is pending.
 */
export function loaderChainedRequests(): Promise<unknown> | null {
  return typeof window === 'undefined' ? null : (window.lectioEarlyChained ?? null);
}
