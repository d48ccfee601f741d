/**
 * Walks the route registry against the running local cloud: every route is mounted, protected
 * routes reject missing, forged and expired tokens, and bad input gets a 400 with field errors.
 * No route may answer 500.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { z } from 'zod';
import { routeList, buildPath, type RouteDef } from '@lectio/shared';
import { startTestCloud, type TestCloud } from './helpers';

let cloud: TestCloud;
let studentToken: string;

beforeAll(async () => {
  cloud = await startTestCloud('none');
  studentToken = await mint('student');
});
afterAll(() => cloud?.stop());

const routes = routeList();

/** A concrete path with plausible parameter values (1 for every id). */
const pathOf = (route: RouteDef, value: unknown = 1) =>
  '/api' + buildPath(route.path, Object.fromEntries([...route.path.matchAll(/\{(\w+)\}/g)].map((m) => [m[1], value])));

const call = (route: RouteDef, init: { token?: string; body?: string; contentType?: string; path?: string } = {}) =>
  cloud.api(init.path ?? pathOf(route), {
    method: route.method,
    token: init.token,
    body: route.method === 'GET' ? undefined : init.body,
    headers: init.contentType ? { 'content-type': init.contentType } : undefined,
  });

/** A fresh token per call, so routes with side effects (logout revokes) never spoil later calls. */
async function mint(who: 'student' | 'admin', expiresIn = 3600): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ role: who === 'admin' ? 2 : 1, use: 'access' })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(cloud.seed.accounts[who]))
    .setIssuer('lectio')
    .setJti(crypto.randomUUID())
    .setIssuedAt(now - 60)
    .setExpirationTime(now + expiresIn)
    .sign(new TextEncoder().encode(cloud.jwtSecret));
}
const tokenFor = (route: RouteDef) => mint(route.access === 'admin' || route.coursePermission ? 'admin' : 'student');

/** Top-level fields of an object body schema (zod 4 keeps refinements on the object). */
const bodyFields = (route: RouteDef): string[] =>
  route.body instanceof z.ZodObject ? Object.keys((route.body as z.ZodObject).shape) : [];

describe.each(routes)('%s', (name, route) => {
  it('is mounted (never 404 for its own path, never 500)', async () => {
    const res = await call(route, { token: await tokenFor(route), body: '{}', contentType: 'application/json' });
    // A 404 from the handler for a missing object is fine; the router's own 404 means "not mounted".
    expect(res.status === 404 && res.body?.message === 'Not found.', JSON.stringify(res.body)).toBe(false);
    expect(res.status).toBeLessThan(500);
  });

  it.runIf(route.access !== 'public')('rejects a missing, forged and expired token with 401 Unauthorized.', async () => {
    const missing = await call(route, { body: '{}', contentType: 'application/json' });
    expect(missing.status).toBe(401);
    expect(missing.body).toEqual({ message: 'Unauthorized.' });

    const forged = await call(route, { token: studentToken.slice(0, -4) + 'AAAA', body: '{}', contentType: 'application/json' });
    expect(forged.status).toBe(401);

    const expired = await mint('admin', -60);
    const res = await call(route, { token: expired, body: '{}', contentType: 'application/json' });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'Unauthorized.' });
  });

  it.runIf(route.access === 'admin')('refuses a student with 403', async () => {
    const res = await call(route, { token: await mint('student'), body: '{}', contentType: 'application/json' });
    expect(res.status).toBe(403);
  });

  it.runIf(route.method !== 'GET')('answers a malformed JSON body with 400', async () => {
    const res = await call(route, { token: await tokenFor(route), body: '{"broken": ', contentType: 'application/json' });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/JSON/);
  });

  it.runIf(route.method !== 'GET')('answers a body of the wrong shape with 400 and field errors', async () => {
    const res = await call(route, { token: await tokenFor(route), body: '[1,2,3]', contentType: 'application/json' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toBeTypeOf('object');
  });

  it.runIf(bodyFields(route).length > 0)('answers every field of a wrong type with 400 naming the field', async () => {
    for (const field of bodyFields(route)) {
      const res = await call(route, {
        token: await tokenFor(route),
        body: JSON.stringify({ [field]: { nested: ['<script>alert(1)</script>'] } }),
        contentType: 'application/json',
      });
      expect(res.status, field).toBe(400);
      expect(Object.keys(res.body.errors ?? {}).join(','), field).toContain(field);
    }
  });

  it.runIf(/\{\w+\}/.test(route.path))('answers a non-numeric path id with 400', async () => {
    const res = await call(route, { token: await tokenFor(route), path: pathOf(route, 'abc') });
    expect(res.status).toBe(400);
  });
});

it('answers unknown API paths with 404 JSON', async () => {
  const res = await cloud.api('/api/no-such-route');
  expect(res.status).toBe(404);
  expect(res.body).toEqual({ message: 'Not found.' });
});
