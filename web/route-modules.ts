/**
 * `virtual:lectio-routes`: what the web's HTTP client needs of the route registry, without building every
 * domain's zod schemas before the first screen (issue 20 item 22: that took ~380 ms of a phone's CPU at
 * start, on every page).
 *
 * - `routeTable`: each route's method and path, the registry module that declares it and whether it is
 *   public (needs no session), computed here
 *   from `@lectio/shared`'s registry when the web app is built, so the client sends a request without
 *   loading any schema.
 * - `routeModules`: one loader per registry module (`shared/src/api/**`): the client checks an answer
 *   against its route's response schema by loading only the module that declares that route, in parallel
 *   with the request.
 *
 * The dev server and the unit tests (vite's `serve` command) use the registry itself, so a route added
 * while they run is there at once.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { tsImport } from 'tsx/esm/api';
import type { Plugin } from 'vite';
import type { RouteDef } from '../shared/src/registry';

const virtualId = 'virtual:lectio-routes';
const resolvedId = `\0${virtualId}`;
const apiDir = decodeURIComponent(new URL('../shared/src/api', import.meta.url).pathname);

/** Every registry module under shared/src/api, in a stable order. */
function registryModules(dir = apiDir): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return registryModules(path);
      return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : [];
    });
}

/** The registry as the server sees it, loaded from its sources (tsx: they are TypeScript). */
async function registry(): Promise<Array<[string, RouteDef]>> {
  const loaded = (await tsImport(join(apiDir, 'index.ts'), import.meta.url)) as { routeList: () => Array<[string, RouteDef]> };
  return loaded.routeList();
}

/**
 * The module declaring each route: the one file with `name: route(` or `name: defineRoute(` (the two
 * ways a route is declared, see registry.ts). A route found in none or in two stops the build. Only the
 * modules that declare routes get a loader.
 */
export async function routeDeclarations(): Promise<{
  files: string[];
  table: Record<string, [string, string, number, boolean]>;
}> {
  const all = registryModules();
  const sources = all.map((file) => readFileSync(file, 'utf8'));
  const declared = new Map<string, [string, string, number, boolean]>();
  for (const [name, route] of await registry()) {
    const declaration = new RegExp(`^\\s*${name}:\\s*(route|defineRoute)\\s*[(<]`, 'm');
    const found = sources.flatMap((source, index) => (declaration.test(source) ? [index] : []));
    if (found.length !== 1) {
      const where = found.map((index) => relative(apiDir, all[index]!)).join(', ') || 'no module';
      throw new Error(
        `route-modules: route '${name}' must be declared in exactly one module of shared/src/api (found in ${where})`,
      );
    }
    declared.set(name, [route.method, route.path, found[0]!, route.access === 'public']);
  }
  const used = [...new Set([...declared.values()].map(([, , index]) => index))].sort((a, b) => a - b);
  const files = used.map((index) => all[index]!);
  const table = Object.fromEntries(
    [...declared].map(([name, [method, path, index, open]]) => [
      name,
      [method, path, used.indexOf(index), open] as [string, string, number, boolean],
    ]),
  );
  return { files, table };
}

async function builtModule(): Promise<string> {
  const { files, table } = await routeDeclarations();
  const loaders = files.map((file) => `  () => import(${JSON.stringify(file)}),`).join('\n');
  return `export const routeTable = ${JSON.stringify(table)};\nexport const routeModules = [\n${loaders}\n];\n`;
}

/** Serve (dev server, unit tests): the registry itself, as module 0. */
const servedModule = `import { routes } from '@lectio/shared';
export const routeTable = Object.fromEntries(Object.entries(routes).map(([name, route]) => [name, [route.method, route.path, 0, route.access === 'public']]));
export const routeModules = [() => Promise.resolve({ routes })];
`;

export function lectioRoutes(): Plugin {
  let serve = false;
  return {
    name: 'lectio:routes',
    configResolved(config) {
      serve = config.command === 'serve';
    },
    resolveId: (id) => (id === virtualId ? resolvedId : null),
    load: async (id) => (id === resolvedId ? (serve ? servedModule : await builtModule()) : null),
  };
}
