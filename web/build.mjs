#!/usr/bin/env node
/**
 * Builds web/dist only when its sources changed, and atomically (issue 20 item 19).
 *
 * - The sources' content hash (web sources, the shared and events packages it bundles, the lock file)
 *   is kept in web/dist/.build-hash: a start with nothing changed skips the build.
 * - The build goes to a directory beside web/dist and replaces it with one rename, so a second
 *   instance serving from this checkout never sees a half-written or emptied dist. The previous build's
 *   hashed assets are carried over, so a page loaded before the swap still finds its chunks.
 *
 * - The pages a first visit opens without a session (src/prerender.tsx: /login) are rendered at build time
 *   into `<name>.html` beside index.html, which the local cloud and CloudFront serve for their paths.
 * - Text assets are precompressed (brotli and gzip, `.br` / `.gz` beside each file), which the local
 *   cloud serves to browsers that accept them (issue 20 item 22).
 *
 * Usage: node web/build.mjs [--quiet] [--force] [--out <dir>]
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, extname, join, relative, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { fileURLToPath, pathToFileURL } from 'node:url';

const web = dirname(fileURLToPath(import.meta.url));
const root = join(web, '..');
const quiet = process.argv.includes('--quiet');
const force = process.argv.includes('--force');
/** `--out <dir>`: build somewhere else than web/dist (an experiment served with WEB_ROOT leaves the shared build alone). */
const outAt = process.argv.indexOf('--out');
const dist = outAt > 0 && process.argv[outAt + 1] ? resolve(process.argv[outAt + 1]) : join(web, 'dist');

const inputs = [
  'web/src',
  'web/public',
  'web/index.html',
  'web/vite.config.ts',
  'web/route-modules.ts',
  'web/first-screen.ts',
  'web/first-screen-styles.ts',
  'web/first-screen-styles.css',
  'web/build.mjs',
  'web/package.json',
  'web/tsconfig.json',
  'shared/src',
  'shared/package.json',
  'events/src',
  'events/package.json',
  'package-lock.json',
];

/** Every file under the inputs, in a stable order, hashed by path and content. */
function sourceHash() {
  const hash = createHash('sha256');
  const visit = (path) => {
    if (!existsSync(path)) return;
    if (statSync(path).isDirectory()) {
      for (const name of readdirSync(path).sort()) {
        if (name === 'node_modules' || name.endsWith('.test.ts') || name.endsWith('.test.tsx')) continue;
        visit(join(path, name));
      }
      return;
    }
    hash.update(relative(root, path)).update('\0').update(readFileSync(path)).update('\0');
  };
  inputs.forEach((input) => visit(join(root, input)));
  return hash.digest('hex').slice(0, 16);
}

const hash = sourceHash();
const stamp = join(dist, '.build-hash');
if (!force && existsSync(stamp) && readFileSync(stamp, 'utf8').trim() === hash) {
  if (!quiet) console.log(`${relative(root, dist)} is up to date (${hash})`);
  process.exit(0);
}

const next = join(dirname(dist), `.dist-${hash}-${process.pid}`);
// Stopped half-way (Ctrl-C on `npm start` while it builds): the half-built directory goes with the build.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    rmSync(next, { recursive: true, force: true });
    process.exit(130);
  });
}
// vite is installed in the web workspace (its own version), not hoisted to the root
const vite = join(web, 'node_modules', 'vite', 'bin', 'vite.js');
const args = [vite, 'build', ...(quiet ? ['--logLevel', 'warn'] : [])];
const built = spawnSync(process.execPath, args, { cwd: web, stdio: 'inherit', env: { ...process.env, WEB_OUT_DIR: next } });
if (built.status !== 0) {
  rmSync(next, { recursive: true, force: true });
  process.exit(built.status ?? 1);
}

/**
 * In-browser Python (issue 25): the `pyodide` package's runtime files are served from Lectio's own origin,
 * under a versioned folder of assets/ (cached for good like the hashed chunks; nothing from a CDN).
 */
const pyodideDir = join(root, 'node_modules', 'pyodide');
const pyodideVersion = JSON.parse(readFileSync(join(pyodideDir, 'package.json'), 'utf8')).version;
for (const name of ['pyodide.mjs', 'pyodide.asm.mjs', 'pyodide.asm.wasm', 'python_stdlib.zip', 'pyodide-lock.json']) {
  cpSync(join(pyodideDir, name), join(next, 'assets', `pyodide-${pyodideVersion}`, name));
}

/**
 * Build-time pages (issue 20 item 22): src/prerender.tsx is built for Node beside the web app (in the web
 * package, so it finds its dependencies) and run in production mode; each page's HTML goes into a copy of
 * index.html, the resource hints React put before it into the head.
 */
function prerenderPages(dir) {
  const server = join(web, 'node_modules', '.cache', `prerender-${process.pid}`);
  try {
    const ssr = spawnSync(process.execPath, [vite, 'build', '--ssr', 'src/prerender.tsx', '--outDir', server, '--logLevel', 'warn'], {
      cwd: web,
      stdio: 'inherit',
    });
    if (ssr.status !== 0) throw new Error('the build-time render did not build');
    const script = `const m = await import(${JSON.stringify(pathToFileURL(join(server, 'prerender.js')).href)});
const pages = {};
for (const [path, name] of Object.entries(m.prerenderedPages)) pages[name] = { path, html: await m.prerender(path) };
process.stdout.write(JSON.stringify(pages));`;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: web,
      env: { ...process.env, NODE_ENV: 'production' },
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    if (run.status !== 0) throw new Error('the build-time render failed');
    // A page rendered ahead carries its own styles: the signed-in screens' recorded rules (web/first-screen-styles.ts)
    // would only add to its bytes before its first paint (the pattern of withoutFirstScreenStyles in that file).
    const shell = readFileSync(join(dir, 'index.html'), 'utf8').replace(/\s*<style [^>]*data-first-screen[^>]*>[^<]*<\/style>/, '');
    for (const [name, { path, html }] of Object.entries(JSON.parse(run.stdout))) {
      const hints = /^(?:<link [^>]*>)*/.exec(html)[0];
      const page = shell
        .replace('</head>', `${hints}</head>`)
        .replace(/<div id="root">[\s\S]*?<\/div>/, () => `<div id="root" data-prerendered="${path}">${html.slice(hints.length)}</div>`);
      if (!page.includes('data-prerendered')) throw new Error('index.html has no <div id="root">');
      writeFileSync(join(dir, `${name}.html`), page);
    }
  } finally {
    rmSync(server, { recursive: true, force: true });
  }
}
prerenderPages(next);

/** Brotli (quality 10) and gzip (level 9) beside every compressible file of the new build. */
async function precompress(dir) {
  const compressible = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.wasm', '.txt', '.ttf']);
  const files = [];
  const walk = (path) => {
    for (const name of readdirSync(path)) {
      const full = join(path, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (compressible.has(extname(name)) && statSync(full).size >= 1024) files.push(full);
    }
  };
  walk(dir);
  const br = promisify(brotliCompress);
  const gz = promisify(gzip);
  await Promise.all(
    files.map(async (file) => {
      const data = readFileSync(file);
      const [b, g] = await Promise.all([
        br(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 10, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } }),
        gz(data, { level: 9 }),
      ]);
      if (b.length < data.length) writeFileSync(`${file}.br`, b);
      if (g.length < data.length) writeFileSync(`${file}.gz`, g);
    }),
  );
}
await precompress(next);

// The chunks of the build being replaced (its own, not those it carried) stay reachable for pages that
// loaded it; hashed names never clash.
const own = existsSync(join(next, 'assets')) ? readdirSync(join(next, 'assets')) : [];
const ownList = join(dist, '.own-assets.json');
if (existsSync(ownList)) {
  for (const name of JSON.parse(readFileSync(ownList, 'utf8'))) {
    const from = join(dist, 'assets', name);
    if (existsSync(from) && !existsSync(join(next, 'assets', name))) cpSync(from, join(next, 'assets', name), { recursive: true });
  }
}
writeFileSync(join(next, '.own-assets.json'), JSON.stringify(own));
writeFileSync(join(next, '.build-hash'), `${hash}\n`);

const old = join(dirname(dist), `.dist-old-${process.pid}`);
if (existsSync(dist)) renameSync(dist, old);
renameSync(next, dist);
rmSync(old, { recursive: true, force: true });
if (!quiet) console.log(`${relative(root, dist)} built (${hash})`);
