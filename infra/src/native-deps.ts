/**
 * Finds the npm packages a Lambda entry needs installed next to its bundle: those that contain or
 * load a native addon (argon2 …). esbuild cannot inline a `.node` binary, and a bundled addon
 * loader fails at cold start ("No native build was found"), so such packages are marked external
 * and installed by NodejsFunction (`nodeModules`).
 *
 * Walks the static import graph of the workspace sources (relative imports and `@lectio/*`
 * packages) and checks the dependency closure of every other package imported on the way. A
 * lexical scan rather than a bundle: it runs in every synth and test, so it must be cheap; it may
 * over-report (a type-only import), which only costs an unneeded install.
 */
import { existsSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { repoRoot } from './paths';

const IMPORT =
  /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\sfrom\s*)?['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)/g;
const WORKSPACE_SCOPE = '@lectio/';
/** Loaders that find a compiled addon at run time. */
const ADDON_LOADERS = new Set([
  'node-gyp-build',
  'bindings',
  'prebuild-install',
  '@mapbox/node-pre-gyp',
  'node-pre-gyp',
]);

const isFile = (path: string) => existsSync(path) && statSync(path).isFile();

function resolveSource(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')];
  // `./x.js` in TypeScript source means `./x.ts`.
  if (/\.[cm]?js$/.test(base)) candidates.push(base.replace(/\.[cm]?js$/, '.ts'));
  return candidates.find(isFile);
}

interface PackageJson {
  exports?: Record<string, string> | string;
  dependencies?: Record<string, string>;
  gypfile?: boolean;
}

const packageDir = (name: string) => join(repoRoot, 'node_modules', name);

const readPackage = (dir: string): PackageJson | undefined => {
  const file = join(dir, 'package.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as PackageJson) : undefined;
};

/** `@lectio/shared` → shared/src/index.ts, `@lectio/functions/db/schema` → functions/src/platform/db/schema.ts. */
function resolveWorkspace(specifier: string): string | undefined {
  const [scope, name, ...rest] = specifier.split('/');
  const dir = packageDir(`${scope}/${name}`);
  const pkg = readPackage(dir);
  if (!pkg) return undefined;
  const exports = typeof pkg.exports === 'string' ? { '.': pkg.exports } : (pkg.exports ?? {});
  const sub = rest.join('/');
  const target = sub ? exports['./*']?.replace('*', sub) : exports['.'];
  return target ? resolveSource(join(realpathSync(dir), 'package.json'), target) : undefined;
}

/** `@aws-sdk/client-x/sub` → `@aws-sdk/client-x`; `lodash/fp` → `lodash`. */
const packageName = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

const nativeCache = new Map<string, boolean>();

/** Whether a package, or anything it depends on, is a native addon. */
function needsNative(name: string, seen = new Set<string>()): boolean {
  const cached = nativeCache.get(name);
  if (cached !== undefined) return cached;
  if (seen.has(name)) return false;
  seen.add(name);
  const dir = packageDir(name);
  const pkg = readPackage(dir);
  if (!pkg) return false;
  const deps = Object.keys(pkg.dependencies ?? {});
  const native =
    pkg.gypfile === true ||
    existsSync(join(dir, 'binding.gyp')) ||
    deps.some((d) => ADDON_LOADERS.has(d)) ||
    deps.some((d) => needsNative(d, seen));
  nativeCache.set(name, native);
  return native;
}

/** Packages (as imported by the sources) that must be installed beside the bundle of `entry`. */
export function nativeDependencies(entry: string): string[] {
  const packages = new Set<string>();
  const visited = new Set<string>();
  const queue = [entry];
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    if (visited.has(file)) continue;
    visited.add(file);
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(IMPORT)) {
      const specifier = match[1] ?? match[2]!;
      if (specifier.startsWith('node:')) continue;
      if (specifier.startsWith('.')) {
        const next = resolveSource(file, specifier);
        if (next) queue.push(next);
      } else if (specifier.startsWith(WORKSPACE_SCOPE)) {
        const next = resolveWorkspace(specifier);
        if (next) queue.push(next);
      } else {
        packages.add(packageName(specifier));
      }
    }
  }
  return [...packages].filter((name) => needsNative(name)).sort();
}
