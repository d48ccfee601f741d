/**
 * The screen module of each route (issue 20 item 22): the build writes an app shell per route
 * (`screens/<route>.html`, vite.config.ts) whose head names the route's chunks, so the browser fetches them
 * together with the entry's instead of after the entry has run and the router asked for them (a round trip
 * and a download later on a phone's connection).
 *
 * Read from the sources, where the screens are declared: `web/src/app/router.tsx` and each feature's
 * `routes.ts`, as `name: () => import('./module')…` or `name: screenConst` with
 * `const screenConst: LazyScreen = () => import('./module')…`. A route declared another way simply gets the
 * plain app shell (tests/lint/first-screen.test.ts holds the known routes to this reader).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

const srcDir = decodeURIComponent(new URL('./src', import.meta.url).pathname);

/** The files declaring screens: the router and each feature's routes module. */
function declaringFiles(): string[] {
  const features = join(srcDir, 'features');
  const routeFiles = readdirSync(features).flatMap((feature) =>
    ['routes.ts', 'routes.tsx'].map((name) => join(features, feature, name)).filter((file) => existsSync(file)),
  );
  return [join(srcDir, 'app/router.tsx'), ...routeFiles];
}

/** An import specifier of `file` as a module path ('@/' is src/), with its extension. */
function resolveModule(file: string, specifier: string): string | null {
  const base = specifier.startsWith('@/') ? join(srcDir, specifier.slice(2)) : resolve(dirname(file), specifier);
  return ['.tsx', '.ts', '/index.tsx', '/index.ts'].map((ending) => base + ending).find((path) => existsSync(path)) ?? null;
}

const lazyImport = String.raw`\(\)\s*=>\s*import\('([^']+)'\)`;

/** Route name → the module its lazy screen imports. */
export function screenModules(): Map<string, string> {
  const found = new Map<string, string>();
  for (const file of declaringFiles()) {
    const source = readFileSync(file, 'utf8');
    const consts = new Map<string, string>();
    for (const [, name, specifier] of source.matchAll(new RegExp(String.raw`const (\w+): LazyScreen =\s*${lazyImport}`, 'g')))
      consts.set(name!, specifier!);
    for (const [, key, specifier, constName] of source.matchAll(
      new RegExp(String.raw`^\s*('[^']+'|\w+):\s*(?:${lazyImport}|(\w+),)`, 'gm'),
    )) {
      const module = specifier ?? consts.get(constName!);
      const path = module ? resolveModule(file, module) : null;
      if (path) found.set(key!.replace(/'/g, ''), path);
    }
  }
  return found;
}

/** Route name → its URL pattern (src/lib/paths.ts: '/chapter_content/:id'). */
export function routePatterns(): Map<string, string> {
  const source = readFileSync(join(srcDir, 'lib/paths.ts'), 'utf8');
  return new Map([...source.matchAll(/\['(\/([\w-]+)[^']*)',\s*'\w+'\]/g)].map(([, pattern, name]) => [name!, pattern!]));
}
