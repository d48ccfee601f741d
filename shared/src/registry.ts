/**
 * The route registry's building blocks. Every HTTP endpoint of Lectio is declared exactly once with
 * `defineRoute`; the functions routers, the CDK HTTP API and the web's typed client all derive from
 * the declarations collected in `./api/index.ts`.
 */
import * as z from 'zod';

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

/** What a route declaration says; omitted schemas mean "no parameters / no body". */
export interface RouteSpec<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType, R extends z.ZodType> {
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
}

/** Declares one route; omitted schemas mean "no parameters / no body". */
export function defineRoute<
  P extends z.ZodType = Defaults['params'],
  Q extends z.ZodType = Defaults['query'],
  B extends z.ZodType = Defaults['body'],
  R extends z.ZodType = z.ZodType,
>(def: RouteSpec<P, Q, B, R>): RouteDef<P, Q, B, R> {
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
>(
  def: Omit<RouteSpec<P, Q, B, R>, 'domain'>,
) => RouteDef<P, Q, B, R>;

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

/**
 * The words the original platform's mobile client sends as `activity_type`, and their numbers (the
 * chapter types: a chapter 1, a competition 2, an exercise 3).
 */
export const activityTypeWords = { chapter: 1, competition: 2, exercise: 3 } as const;

/** `activity_type`: a number 0-10, or one of the words above (one mapping; anything else is refused). */
export const activityType = z.preprocess(
  (v) => (typeof v === 'string' && Object.hasOwn(activityTypeWords, v) ? activityTypeWords[v as keyof typeof activityTypeWords] : v),
  numeric(z.number({ message: 'Must be a number or chapter, competition, exercise' }).int().min(0).max(10)),
);

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

export { buildPath, matchPath } from './path';

/**
 * Bounded inputs (the rule for every route, old and new): every list a caller sends has a maximum
 * length, and every id list is deduplicated and capped at `MAX_IDS_PER_LIST` ids. Request
 * amplification (one request fanning out into thousands of reads) starts with an unbounded list;
 * `unboundedInputs` finds them and the registry test refuses any route that has one.
 */
export const MAX_IDS_PER_LIST = 20;

/**
 * Comma-separated ids (`"3,7,7,12"`), as the spec's filters send them: duplicates are dropped, more
 * than `max` distinct ids answer 400 with a clear message. The output stays a string (`"3,7,12"`).
 */
export const idCsv = (max = MAX_IDS_PER_LIST) =>
  z
    .string()
    .max(max * 12)
    .regex(/^(\d{1,10}(,\d{1,10})*)?$/, 'Must be comma-separated ids')
    .transform((s) => [...new Set(s.split(',').filter(Boolean))].join(','))
    .refine((s) => (s ? s.split(',').length : 0) <= max, { message: `At most ${max} different ids` })
    .optional()
    .default('');

/** A JSON list with a maximum length (and, for ids, no duplicates). */
export const boundedList = <T extends z.ZodType>(item: T, max: number) => z.array(item).max(max, `At most ${max} entries`);

/** Paths of arrays without a maximum length in a request schema (params, query or body). */
export function unboundedInputs(schema: z.ZodType, path = '$'): string[] {
  const def = (schema as unknown as { _zod: { def: Record<string, unknown>; bag?: Record<string, unknown> } })._zod;
  const type = def.def.type as string;
  const inner = (key: string, at = path) => unboundedInputs(def.def[key] as z.ZodType, at);
  switch (type) {
    case 'array': {
      const own = typeof def.bag?.maximum === 'number' ? [] : [path];
      return [...own, ...inner('element', `${path}[]`)];
    }
    case 'set':
    case 'map':
    case 'record':
      return [path];
    case 'object':
      return Object.entries(def.def.shape as Record<string, z.ZodType>).flatMap(([k, v]) => unboundedInputs(v, `${path}.${k}`));
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return inner('innerType');
    case 'pipe':
      return [...inner('in'), ...inner('out')];
    case 'union':
    case 'intersection':
      return type === 'union'
        ? (def.def.options as z.ZodType[]).flatMap((o) => unboundedInputs(o, path))
        : [...inner('left'), ...inner('right')];
    case 'tuple':
      return (def.def.items as z.ZodType[]).flatMap((o, i) => unboundedInputs(o, `${path}[${i}]`));
    case 'lazy':
      return [];
    default:
      return [];
  }
}

/**
 * A file name a caller may choose: 1-100 characters, no path separators, no `..`, no control
 * characters (the rule for every route that takes file names).
 */
export const safeFileName = z
  .string()
  .min(1, 'The file name is required')
  .max(100, 'At most 100 characters')
  .regex(/^[^/\\\u0000-\u001f\u007f]+$/, 'File names may not contain / \\ or control characters')
  .refine((name) => !name.includes('..') && name.trim() === name && name !== '.', 'File names may not contain .. or surrounding spaces');

/** The first bytes of every PNG file. */
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** True when a `data:image/png;base64,…` URL holds a PNG by its signature (not only its prefix). */
export function isPngDataUrl(url: string): boolean {
  const m = /^data:image\/png;base64,([A-Za-z0-9+/=]+)$/.exec(url);
  if (!m) return false;
  try {
    const head = atob(m[1]!.slice(0, 12));
    return PNG_SIGNATURE.every((byte, i) => head.charCodeAt(i) === byte);
  } catch {
    return false;
  }
}
