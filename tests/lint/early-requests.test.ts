/**
 * The loader's early requests (web/src/app/early-requests.ts): each names a GET route of the registry that a
 * signed-in user may call, gives exactly its path parameters, and takes each from a parameter of its app route, a
 * query parameter, or a number field of an earlier request's answer.
 */
import { describe, expect, it } from 'vitest';
import { routes, type RouteDef } from '@lectio/shared';
import { datesAtStart, loaderRequests, paramSource } from '../../web/src/app/early-requests';
import { routePatterns } from '../../web/first-screen';

/** Whether the answer schema has that field (an object path), as a number. */
function fieldOf(schema: unknown, field: string[]): boolean {
  let at = schema as { shape?: Record<string, unknown>; unwrap?: () => unknown; type?: string } | undefined;
  for (const key of field) {
    while (at && !at.shape && at.unwrap) at = at.unwrap() as typeof at;
    at = at?.shape?.[key] as typeof at;
  }
  while (at && at.type !== 'number' && at.unwrap) at = at.unwrap() as typeof at;
  return at?.type === 'number';
}

describe('early requests of the built page', () => {
  it('are GET routes of the registry with their path parameters taken from the page route', () => {
    const patterns = routePatterns();
    expect(patterns.get('chapter_content')).toBe('/chapter_content/:id');
    for (const [page, requests] of Object.entries(loaderRequests)) {
      if (page !== '*') expect(patterns.has(page), page).toBe(true);
      const earlier = page === '*' ? [] : (loaderRequests['*'] ?? []).map(([name]) => name);
      for (const [name, params = {}] of requests) {
        const route = (routes as Record<string, RouteDef>)[name];
        expect(route?.method, name).toBe('GET');
        expect(route?.access, name).toBe('user');
        const declared = [...route!.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();
        expect(Object.keys(params).sort(), name).toEqual(declared);
        for (const text of Object.values(params)) {
          const source = paramSource(text);
          if ('url' in source) expect(patterns.get(page)?.split('/'), `${page} ${name}`).toContain(`:${source.url}`);
          if ('query' in source) expect(source.query, `${page} ${name}`).toMatch(/^\w+$/);
          if ('answer' in source) {
            expect(earlier, `${page} ${name} waits for ${source.answer}`).toContain(source.answer);
            expect(
              fieldOf((routes as Record<string, RouteDef>)[source.answer]!.response, source.field),
              `${page} ${name} ${text}`,
            ).toBe(true);
          }
        }
        earlier.push(name);
      }
    }
  });

  it("checks an answer's field against the registry (the check above is not vacuous)", () => {
    const lessons = (routes as Record<string, RouteDef>).getActiveLessons2!.response;
    expect(fieldOf(lessons, ['course', 'id'])).toBe(true);
    expect(fieldOf(lessons, ['course', 'missing'])).toBe(false);
    expect(fieldOf(lessons, ['course'])).toBe(false);
  });

  it("names app routes where the loader loads the date data ('' is `/`)", () => {
    const patterns = routePatterns();
    expect(datesAtStart).toContain('dashboard');
    for (const route of datesAtStart) if (route !== '') expect(patterns.has(route), route).toBe(true);
  });
});
