/**
 * Builds one Lambda handler per domain from the route registry: dispatch on `routeKey`, then
 * body parsing, authentication, course permission, zod validation, the domain function, and one
 * mapping of typed errors to statuses. Unexpected errors are logged and answered with a generic 500.
 */
import middy from '@middy/core';
import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type { z } from 'zod';
import { routeKey, isAdminRole, serverErrorCode, type Domain, type RouteDef, type Routes, type RouteName } from '@lectio/shared';
import { bearerToken, verifyToken, type SessionUser } from '../auth/tokens';
import { maxCourseLevel } from '../auth/course-grants';
import { DomainError, Forbidden, Invalid, Unauthorized, TooManyRequests } from './errors';
import { json } from './response';
import { parseOrThrow } from './validation';
import { sanitizeSvgDataUrls } from '../content/svg';
import { logger } from './logger';
import { countRequest } from './metrics';
import { env } from '../config';
import { tracingMiddleware } from '../tracing';

export interface RequestContext<R extends RouteDef> {
  params: z.output<R['params']>;
  query: z.output<R['query']>;
  body: z.output<R['body']>;
  /** Set for `user`/`admin` routes, and for `public` routes when a valid token was sent. */
  user: R['access'] extends 'public' ? SessionUser | null : SessionUser;
  sourceIp: string;
  /**
   * When the API received the request (API Gateway's `requestContext.timeEpoch`; the local cloud sets
   * it on arrival): deadlines are judged by it, not by when the request is processed.
   */
  receivedAt: number;
  event: APIGatewayProxyEventV2;
}

type NamesOf<D extends Domain> = { [K in RouteName]: Routes[K]['domain'] extends D ? K : never }[RouteName];

export type DomainImplementation<D extends Domain> = {
  [K in NamesOf<D>]: (ctx: RequestContext<Routes[K]>) => Promise<z.input<Routes[K]['response']>>;
};

type Event = APIGatewayProxyEventV2;
type Result = APIGatewayProxyStructuredResultV2;

interface Internal {
  route: RouteDef;
  name: string;
  rawBody: unknown;
  user: SessionUser | null;
}

function parseBody(event: Event): unknown {
  if (event.body === undefined || event.body === null || event.body === '') return {};
  const text = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  const type = (event.headers?.['content-type'] ?? event.headers?.['Content-Type'] ?? '').toLowerCase();
  if (type.startsWith('application/x-www-form-urlencoded')) {
    return Object.fromEntries(new URLSearchParams(text));
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new Invalid('Malformed JSON body.', { '(root)': ['The body is not valid JSON'] });
  }
}

const ITEM_TOO_LARGE = 'The data is too large: texts, files and images of one form must stay under 400 KB together.';

/** DynamoDB refuses items over 400 KB (also inside transactions): the caller sent too much, a 400. */
const isItemTooLarge = (error: unknown) => {
  const e = error as { name?: string; message?: string } | null;
  return (
    (e?.name === 'ValidationException' || e?.name === 'TransactionCanceledException') &&
    /item size (has )?exceeded|maximum allowed size/i.test(e.message ?? '')
  );
};

/**
 * Maps typed domain errors to statuses; anything else is a logged, generic 500. Every error body
 * carries the stable `code` of its text beside the English message (shared api/server-errors.ts).
 */
const errorMapping = (): MiddlewareObj<Event, Result> => ({
  onError: async (request) => {
    const error = request.error;
    if (error instanceof DomainError) {
      const headers: Record<string, string> =
        error instanceof TooManyRequests ? { 'retry-after': String(Math.max(1, error.retryAfterSeconds)) } : {};
      countRequest(request.event.routeKey, error.status);
      request.response = json(
        error.status,
        {
          message: error.message,
          ...(error.description ? { description: error.description } : {}),
          ...(error.errors ? { errors: error.errors } : {}),
          // The expired-session answer stays exactly `{ message: 'Unauthorized.' }` (ARCHITECTURE §3).
          ...(error instanceof Unauthorized ? {} : { code: serverErrorCode(error.status, error.message, error.description) }),
        },
        headers,
      );
      return;
    }
    if (isItemTooLarge(error)) {
      countRequest(request.event.routeKey, 400);
      request.response = json(400, { message: ITEM_TOO_LARGE, description: ITEM_TOO_LARGE });
      return;
    }
    logger.error('unhandled error', { error: error as Error, routeKey: request.event.routeKey });
    countRequest(request.event.routeKey, 500);
    request.response = json(500, { message: 'Internal server error.', code: 'internal_error' });
  },
});

/** A domain's own route tables (e.g. `catalogueRoutes`), as its module in shared/src/api exports them. */
type RouteTables = Array<Record<string, RouteDef>>;

/**
 * The domain's Lambda handler. It gets the domain's own route tables, not the registry of every
 * domain, so its bundle holds only its schemas (issue 19 part 8); `routeNames` lets a test check the
 * tables against the registry.
 */
export function domainHandler<D extends Domain>(domain: D, tables: RouteTables, implementation: DomainImplementation<D>) {
  const own = tables.flatMap((table) => Object.entries(table));
  const stray = own.filter(([, route]) => route.domain !== domain).map(([name]) => name);
  if (stray.length) throw new Error(`routes of another domain given to the ${domain} handler: ${stray.join(', ')}`);
  const byKey = new Map<string, { name: string; route: RouteDef }>(own.map(([name, route]) => [routeKey(route), { name, route }]));
  const impls = implementation as unknown as Record<string, (ctx: RequestContext<RouteDef>) => Promise<unknown>>;

  const core = async (event: Event, context: Context): Promise<Result> => {
    const internal = (context as Context & { lectio: Internal }).lectio;
    const { route, name, user, rawBody } = internal;
    const params = parseOrThrow(route.params, event.pathParameters ?? {}, 'params');
    const query = parseOrThrow(route.query, event.queryStringParameters ?? {}, 'query');
    // Every SVG data URL of every body is sanitised before a handler sees it (issue 8).
    const body = sanitizeSvgDataUrls(parseOrThrow(route.body, rawBody, 'body'));
    const result = await impls[name]!({
      params,
      query,
      body,
      user: user as SessionUser,
      sourceIp: event.requestContext?.http?.sourceIp ?? 'unknown',
      receivedAt: event.requestContext?.timeEpoch ?? Date.now(),
      event,
    });
    if (env('STRICT_RESPONSES') === '1') {
      const checked = route.response.safeParse(result);
      if (!checked.success) {
        logger.error('response does not match the registry', { route: name, issues: checked.error.issues });
        throw new Error(`response of ${name} does not match its schema`);
      }
    }
    countRequest(event.routeKey, 200);
    return json(200, result);
  };

  /** Finds the route, parses the body and authenticates before validation. */
  const prepare: MiddlewareObj<Event, Result> = {
    before: async (request) => {
      const event = request.event;
      const entry = byKey.get(event.routeKey);
      if (!entry) {
        request.response = json(404, { message: 'Not found.', code: 'not_found' });
        return request.response;
      }
      logger.appendKeys({ route: entry.name });
      const token = bearerToken(event.headers);
      const user = token ? await verifyToken(token) : null;
      if (entry.route.access !== 'public' && !user) throw new Unauthorized();
      if (user) logger.appendKeys({ userId: user.userId });
      if (entry.route.access === 'admin' && !isAdminRole(user!.roleId)) throw new Forbidden();
      const rawBody = parseBody(event);
      const check = entry.route.coursePermission;
      if (check && !isAdminRole(user!.roleId)) {
        const source = check.from === 'path' ? event.pathParameters ?? {} : (rawBody as Record<string, unknown>);
        const courseId = Number(source?.[check.field]);
        if (!Number.isInteger(courseId)) throw new Invalid(`${check.field}: Must be a number`, { [check.field]: ['Must be a number'] });
        if ((await maxCourseLevel(user!.userId, courseId)) < check.minLevel) throw new Forbidden();
      }
      (request.context as Context & { lectio: Internal }).lectio = { ...entry, user, rawBody };
      return undefined;
    },
  };

  const handler = middy<Event, Result>()
    .use(tracingMiddleware<Event, Result>())
    .use({
      before: async (request) => {
        logger.addContext(request.context);
        logger.resetKeys();
      },
    })
    .use(errorMapping())
    .use(prepare)
    .handler(core);
  return Object.assign(handler, { routeNames: own.map(([name]) => name) });
}
