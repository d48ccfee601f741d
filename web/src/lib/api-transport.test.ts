/** The transport loads the route registry one domain at a time: every route of the registry is found, and only there. */
import { describe, expect, it } from 'vitest';
import { routes } from '@lectio/shared';
import { routeOf } from './api-transport';

describe('the transport’s route table', () => {
  it('knows every route of the registry, as the registry defines it (a new domain is added to domainLoaders too)', async () => {
    for (const [name, route] of Object.entries(routes)) {
      const found = await routeOf(name);
      expect({ name, method: found.method, path: found.path, domain: found.domain }).toEqual({ name, method: route.method, path: route.path, domain: route.domain });
    }
  });

  it('refuses a name no domain has', async () => {
    await expect(routeOf('noSuchRoute')).rejects.toThrow('unknown route noSuchRoute');
  });
});
