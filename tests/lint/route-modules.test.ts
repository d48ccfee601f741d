/**
 * The build's route table (web/route-modules.ts) against the registry: every route has its method, path and access,
 * and the module its table names declares that very route (the client checks its answers with it).
 */
import { describe, expect, it } from 'vitest';
import { pathToFileURL } from 'node:url';
import { routes, type RouteDef } from '@lectio/shared';
import { routeDeclarations } from '../../web/route-modules';

describe('route table of the built web app', () => {
  it('names each route of the registry with its method, path, declaring module and whether it is public', async () => {
    const { files, table } = await routeDeclarations();
    expect(Object.keys(table).sort()).toEqual(Object.keys(routes).sort());
    const loaded = await Promise.all(files.map((file) => import(pathToFileURL(file).href) as Promise<Record<string, unknown>>));
    for (const [name, [method, path, module, open]] of Object.entries(table)) {
      const route = (routes as Record<string, RouteDef>)[name]!;
      expect([method, path, open], name).toEqual([route.method, route.path, route.access === 'public']);
      const declared = Object.values(loaded[module]!).some(
        (exported) => typeof exported === 'object' && exported !== null && (exported as Record<string, unknown>)[name] === route,
      );
      expect(declared, `${name} in ${files[module]}`).toBe(true);
    }
  });
});
