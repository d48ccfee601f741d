/**
 * The route registry's building blocks. Every HTTP endpoint of Lectio is declared exactly once with
 * `defineRoute`; the functions routers, the CDK HTTP API and the web's typed client all derive from
 * the declarations collected in `./api/index.ts`.
 */
import { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Who may call a route: anyone, any logged-in user, or an administrator (role_id 2). */
export type Access = 'public' | 'user' | 'admin';

/** Lambda per domain; the same names are used in functions/, web/ and infra/. */
export const domains = [
  'accounts',
  'catalogue',
  'authoring',
  'player',
  'judge',
  'notebook',
  'competitions',
  'teaching',
  'groups',
  'revisions',
  'questionnaires',
  'messages',
  'activity',
  'tests',
  'kernels',
] as const;
export type Domain = (typeof domains)[number];

/** A course-level permission check: the course id is read from a path parameter or a body field. */
export interface CoursePermissionCheck {
  from: 'path' | 'body';
  field: string;
  minLevel: number;
}

export interface RouteDef<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> {
  method: HttpMethod;
  /** The spec's path with `{name}` placeholders, without the `/api` prefix. */
  path: string;
  domain: Domain;
  access: Access;
  coursePermission?: CoursePermissionCheck;
  summary: string;
  params: P;
  query: Q;
  body: B;
  response: R;
}

const none = z.object({}).strict();
const noQuery = z.object({}).passthrough();

type Defaults = { params: typeof none; query: typeof noQuery; body: typeof none };

/** Declares one route; omitted schemas mean "no parameters / no body". */
export function defineRoute<
  P extends z.ZodType = Defaults['params'],
  Q extends z.ZodType = Defaults['query'],
  B extends z.ZodType = Defaults['body'],
  R extends z.ZodType = z.ZodType,
>(def: {
  method: HttpMethod;
  path: string;
  domain: Domain;
  access: Access;
  coursePermission?: CoursePermissionCheck;
  summary: string;
  params?: P;
  query?: Q;
  body?: B;
  response: R;
}): RouteDef<P, Q, B, R> {
  const placeholders = [...def.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
  if (placeholders.length > 0 && !def.params) {
    throw new Error(`route ${def.method} ${def.path} has path parameters but no params schema`);
  }
  return {
    ...def,
    params: (def.params ?? none) as P,
    query: (def.query ?? noQuery) as Q,
    body: (def.body ?? none) as B,
  };
}

/** A route declaration inside `defineDomain`: everything but the domain. */
export type DomainRoute = <
  P extends z.ZodType = Defaults['params'],
  Q extends z.ZodType = Defaults['query'],
  B extends z.ZodType = Defaults['body'],
  R extends z.ZodType = z.ZodType,
>(def: {
  method: HttpMethod;
  path: string;
  access: Access;
  coursePermission?: CoursePermissionCheck;
  summary: string;
  params?: P;
  query?: Q;
  body?: B;
  response: R;
}) => RouteDef<P, Q, B, R>;

/**
 * Declares the routes of one domain, so `domain:` is written once:
 * `defineDomain('catalogue', (route) => ({ getCategories2: route({ method: 'GET', … }) }))`.
 */
export function defineDomain<D extends Domain, T extends Record<string, RouteDef>>(
  domain: D,
  build: (route: DomainRoute) => T,
): { [K in keyof T]: T[K] & { domain: D } } {
  // The literal domain is kept in the type, so each domain's handler is checked against its routes.
  return build((def) => defineRoute({ ...def, domain })) as { [K in keyof T]: T[K] & { domain: D } };
}

/** API Gateway's route key, e.g. `GET /get-areas/{id}`. */
export const routeKey = (route: Pick<RouteDef, 'method' | 'path'>): string =>
  `${route.method} ${route.path}`;

/**
 * A number that may arrive as a numeric string (path parameters, form bodies, query strings);
 * unlike `z.coerce`, arrays, objects, booleans and empty strings are rejected, not coerced.
 */
export const numeric = <T extends z.ZodType<number>>(inner: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() !== '' && !Number.isNaN(Number(v)) ? Number(v) : v), inner);

/** Integer id in a path parameter (`/get-areas/{id}`); rejects '1.5', '-1', 'abc'. */
export const idParam = numeric(
  z.number({ message: 'Must be a number' }).int('Must be a whole number').nonnegative('Must not be negative').max(2_147_483_647, 'Too large'),
);

/** The spec's generic OK envelope. */
export const okResponse = z.object({ message: z.literal('OK') });

/**
 * Error body: `{ message, description?, errors?, code }` with field errors for 400s; `code` is the
 * stable name of the text (api/server-errors.ts). Optional here so older answers still parse.
 */
export const errorBody = z.object({
  message: z.string(),
  description: z.string().optional(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  code: z.string().optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;

export type RouteParams<R extends RouteDef> = z.input<R['params']>;
export type RouteQuery<R extends RouteDef> = z.input<R['query']>;
export type RouteBody<R extends RouteDef> = z.input<R['body']>;
export type RouteResponse<R extends RouteDef> = z.output<R['response']>;

/** Builds the concrete path for a route, encoding each parameter. */
export function buildPath(path: string, params: Record<string, unknown> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null) throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

/** Matches a concrete path against a route path; returns the raw parameters or null. */
export function matchPath(pattern: string, actual: string): Record<string, string> | null {
  const names: string[] = [];
  const source = pattern
    .split(/(\{\w+\})/)
    .map((part) => {
      const m = /^\{(\w+)\}$/.exec(part);
      if (m) {
        names.push(m[1]!);
        return '([^/]+)';
      }
      return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('');
  const match = new RegExp(`^${source}$`).exec(actual);
  if (!match) return null;
  return Object.fromEntries(names.map((n, i) => [n, decodeURIComponent(match[i + 1]!)]));
}
