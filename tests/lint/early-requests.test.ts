/**
 * The loader's early requests (web/src/app/early-requests.ts): each names a GET route of the registry that a
 * signed-in user may call, gives exactly its path parameters, and takes them from a parameter of its app route.
 */
import { describe, expect, it } from 'vitest';
import { routes, type RouteDef } from '@lectio/shared';
import { loaderRequests } from '../../web/src/app/early-requests';
import { routePatterns } from '../../web/first-screen';

describe('early requests of the built page', () => {
  it('are GET routes of the registry with their path parameters taken from the page route', () => {
    const patterns = routePatterns();
    expect(patterns.get('chapter_content')).toBe('/chapter_content/:id');
    for (const [page, requests] of Object.entries(loaderRequests)) {
      if (page !== '*') expect(patterns.has(page), page).toBe(true);
      for (const [name, params = {}] of requests) {
        const route = (routes as Record<string, RouteDef>)[name];
        expect(route?.method, name).toBe('GET');
        expect(route?.access, name).toBe('user');
        const declared = [...route!.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();
        expect(Object.keys(params).sort(), name).toEqual(declared);
        for (const urlParam of Object.values(params))
          expect(patterns.get(page)?.split('/'), `${page} ${name}`).toContain(`:${urlParam}`);
      }
    }
  });
});
