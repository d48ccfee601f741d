/**
 * Vite build of the Lectio web client. The built HTML must work under a strict CSP: no inline
 * scripts, no data: assets, nothing from third-party origins.
 */
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import pkg from './package.json' with { type: 'json' };
import pyodidePkg from 'pyodide/package.json' with { type: 'json' };
import { lectioRoutes, routeDeclarations } from './route-modules.ts';
import { routePatterns, screenModules } from './first-screen.ts';
import { firstScreenStyleTag } from './first-screen-styles.ts';
import { datesAtStart, loaderRequests, paramSource } from './src/app/early-requests.ts';

const apiServer = 'http://127.0.0.1:3000';
/**
 * First-screen chunking (issue 20 item 22): a phone on a slow network pays a round trip per request,
 * and the default split sent the first screen as ~45 small chunks. The framework every screen runs on
 * (React, the router, emotion and MUI's system, i18next, TanStack Query) travels as two chunks (React apart); MUI's
 * components stay split by use (grouping the common ones as well sent more bytes for no faster start).
 */
const framework =
  /node_modules\/(react|react-dom|scheduler|react-router|@emotion\/[^/]+|@mui\/(system|utils|styled-engine|private-theming)|stylis|react-is|prop-types|@babel\/runtime|clsx|i18next|react-i18next|@tanstack\/[^/]+|hoist-non-react-statics|use-sync-external-store|html-parse-stringify|void-elements|cookie|set-cookie-parser)\//;

/**
 * The first screens a phone opens as one chunk each (issue 20 item 22): split by use, the task player's first
 * screen was ~45 chunks, and on a phone's HTTP/1.1 connections (six per origin) each small chunk cost a round
 * trip. Each screen module takes its static imports with it (what its code uses of them, as the bundle keeps).
 * What both import is a small chunk of its own, `first-shared`, so neither screen downloads the other's chunk
 * (the player did, 20 KB); the build warns when one of them imports the other's chunk, naming the modules to
 * add here. Another screen that uses one of their modules loads that chunk.
 */
const firstScreens: Array<[route: string, name: string, priority: number]> = [
  ['dashboard', 'first-dashboard', 1.5],
  ['chapter_content', 'first-player', 1],
];
const firstShared =
  /(\/src\/lib\/after-paint\.ts|\/src\/components\/deferred-tooltip\.tsx|\/@mui\/icons-material\/Arrow(Up|Down)ward\.mjs|\/@mui\/material\/utils\/useControlled\.mjs)$/;

function firstScreenGroups(): Array<{ name: string; test: RegExp | ((id: string) => boolean); priority: number }> {
  const modules = screenModules();
  const groups = firstScreens.map(([route, name, priority]) => {
    const module = modules.get(route);
    if (!module) throw new Error(`first screens: no screen module for '${route}'`);
    return { name, test: (id: string) => id === module, priority };
  });
  // Above the screens' groups, below the entry's (what the entry imports stays there).
  return [{ name: 'first-shared', test: firstShared, priority: 1.75 }, ...groups];
}

/** Warns when a first screen's chunk imports another's: the modules it uses from it belong in `firstShared`. */
const firstScreensApart: Plugin = {
  name: 'lectio:first-screens-apart',
  apply: 'build',
  generateBundle(_, bundle) {
    const chunks = Object.values(bundle).flatMap((output) => (output.type === 'chunk' ? [output] : []));
    const names = new Set(firstScreens.map(([, name]) => name));
    for (const chunk of chunks.filter((c) => names.has(c.name))) {
      for (const other of chunks.filter((c) => c !== chunk && names.has(c.name) && chunk.imports.includes(c.fileName))) {
        const theirs = new Set(other.moduleIds);
        const used = chunk.moduleIds.flatMap(
          (id) => this.getModuleInfo(id)?.importedIds.filter((imported) => theirs.has(imported)) ?? [],
        );
        this.warn(
          `first screens: ${chunk.name} imports ${other.name} for ${[...new Set(used)].join(', ')}: add them to firstShared (vite.config.ts)`,
        );
      }
    }
  },
};

/**
 * The chunks a first screen runs nearly all of at once (React, the framework, the entry with the shell, the first
 * screens'): V8 compiles each of their functions on a background thread while the chunk downloads (an explicit
 * compile hint, Chromium 136+), not on the main thread when the function first runs. Measured on the task player
 * (issue 20 item 22): the main thread's work after the first paint fell by ~10 % (programming task: 787 → 691 and
 * 666 → 626 ms at 1x, medians of 5 loads); other browsers read the hint as a comment.
 */
const compiledAtLoad = new Set(['react', 'framework', 'first-shared', ...firstScreens.map(([, name]) => name)]);
/**
 * The lazy chunks a first screen runs at its first paint, by a module each holds: the task player's program pane
 * with its editor, its judge run and the program files' rules (programming player, Lighthouse mobile median of 5:
 * 88 → 91 with their hints).
 */
const compiledAtLoadModules = [
  /\/src\/features\/player\/components\/program-pane\.tsx$/,
  /\/src\/components\/programming\/code-editor\.tsx$/,
  /\/src\/components\/programming\/use-judge-run\.ts$/,
  /\/shared\/src\/rules\/program-files\.ts$/,
];
const compileHints: Plugin = {
  name: 'lectio:compile-hints',
  apply: 'build',
  enforce: 'post',
  generateBundle: {
    // After Vite's preload helper is put at the top of a chunk: V8 reads the hint on the file's first line only.
    order: 'post',
    handler(_, bundle) {
      const unmatched = new Set(compiledAtLoadModules);
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        const holds = compiledAtLoadModules.filter((module) => output.moduleIds.some((id) => module.test(id)));
        holds.forEach((module) => unmatched.delete(module));
        if (!(output.isEntry || compiledAtLoad.has(output.name) || holds.length > 0)) continue;
        output.code = `//# allFunctionsCalledOnLoad\n${output.code}`;
        // A source map (WEB_SOURCEMAP=1) starts a line later.
        if (output.map) output.map.mappings = `;${output.map.mappings}`;
      }
      if (unmatched.size > 0) throw new Error(`compile hints: no chunk holds ${[...unmatched].join(', ')}`);
    },
  },
};

/** `locale-en` for every part of the English texts (src/locales/en/*.json), and so on. */
function localeChunk(moduleId: string): string | null {
  const language = /\/locales\/([a-z]{2})\/[^/]+\.json$/.exec(moduleId)?.[1];
  return language ? `locale-${language}` : null;
}

/**
 * KaTeX's stylesheet (notebook tasks) offers each font as woff2, woff and ttf and blocks text until
 * it loads: every browser Lectio supports takes woff2, so the other two are dropped (they were built and
 * shipped for nothing), and math shows in a fallback font until its font arrives (font-display: swap).
 */
const katexFonts: Plugin = {
  name: 'lectio:katex-fonts',
  enforce: 'pre',
  transform(code, id) {
    if (!/[\\/]katex[\\/]dist[\\/]katex(\.min)?\.css$/.test(id)) return null;
    const css = code
      .replace(/,\s*url\([^)]*\)\s*format\(["'](?:woff|truetype)["']\)/g, '')
      .replace(/font-display:\s*block/g, 'font-display:swap');
    return { code: css, map: null };
  },
};

/**
 * react-router's package exports name only its development build (runtime warnings and checks, slower); a
 * production build of the app bundles its production build (same API, same version).
 */
const reactRouterProduction: Plugin = {
  name: 'lectio:react-router-production',
  config: (_, { command }) =>
    command === 'build'
      ? {
          resolve: {
            alias: [
              {
                find: /^react-router$/,
                replacement: fileURLToPath(import.meta.resolve('react-router').replace('/development/', '/production/')),
              },
            ],
          },
        }
      : undefined,
};

type Bundle = Parameters<NonNullable<Extract<Plugin['generateBundle'], (...args: never[]) => unknown>>>[1];

/**
 * Each route's screen chunk with every chunk it imports statically (and the id check every screen is
 * wrapped in), less the entry's own (the loader fetches those): route name → file names.
 */
function screenChunks(bundle: Bundle, initial: Set<string>): Map<string, string[]> {
  const chunks = Object.values(bundle).flatMap((output) => (output.type === 'chunk' ? [output] : []));
  // A screen's module is its chunk's facade, or one module of a group's chunk (the first screens').
  const byModule = new Map(chunks.flatMap((chunk) => chunk.moduleIds.map((id) => [id, chunk] as const)));
  for (const chunk of chunks) if (chunk.facadeModuleId) byModule.set(chunk.facadeModuleId, chunk);
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const closure = (module: string | undefined): string[] => {
    const seen = new Set<string>();
    const visit = (fileName: string) => {
      if (seen.has(fileName) || initial.has(fileName)) return;
      seen.add(fileName);
      for (const imported of byFile.get(fileName)?.imports ?? []) visit(imported);
    };
    const chunk = module ? byModule.get(module) : undefined;
    if (chunk) visit(chunk.fileName);
    return [...seen];
  };
  const checkedIds = closure([...byModule.keys()].find((id) => id.endsWith('/src/app/routes/checked-ids.tsx')));
  const screens = new Map<string, string[]>();
  for (const [name, module] of screenModules()) {
    const screen = closure(module);
    if (screen.length) screens.set(name, [...new Set([...screen, ...checkedIds])]);
  }
  return screens;
}

/** Where the loader finds a parameter: the URL's segment at an index, a query parameter, or an earlier answer's field. */
type LoaderSource = number | { q: string } | { a: string; f: string[] };

/**
 * The loader's early requests (src/app/early-requests.ts) with what it needs to send them: by route name,
 * [registry route, its path, { parameter: where the loader finds it }].
 */
function earlyRequests(table: Record<string, [string, string, number, boolean]>) {
  const patterns = routePatterns();
  const early: Record<string, Array<[string, string, Record<string, LoaderSource>]>> = {};
  for (const [route, requests] of Object.entries(loaderRequests)) {
    const segments = route === '*' ? [] : (patterns.get(route)?.split('/') ?? null);
    if (!segments) throw new Error(`paint-first: early requests of an unknown route '${route}'`);
    const earlier = new Set((loaderRequests['*'] ?? []).map(([name]) => name));
    early[route] = requests.map(([name, params = {}]) => {
      const declared = table[name];
      if (!declared || declared[0] !== 'GET') throw new Error(`paint-first: '${name}' is not a GET route of the registry`);
      const sources = Object.entries(params).map(([param, text]): [string, LoaderSource] => {
        const source = paramSource(text);
        if ('query' in source) return [param, { q: source.query }];
        if ('answer' in source) {
          if (!earlier.has(source.answer))
            throw new Error(`paint-first: '${name}' waits for '${source.answer}', not an earlier request of '${route}'`);
          return [param, { a: source.answer, f: source.field }];
        }
        const index = segments.findIndex((segment) => segment.replace(/\?$/, '') === `:${source.url}`);
        if (index < 0) throw new Error(`paint-first: route '${route}' has no parameter '${source.url}'`);
        return [param, index];
      });
      if (sources.filter(([, source]) => typeof source === 'object' && 'a' in source).length > 1)
        throw new Error(`paint-first: '${name}' may wait for one earlier answer only`);
      earlier.add(name);
      return [name, declared[1], Object.fromEntries(sources)];
    });
  }
  return early;
}

/**
 * Paint first (issue 20 item 22): a module script in the head is evaluated as soon as the document is parsed,
 * before the browser's first frame, and its chunks share the connection with the page's HTML and images; a
 * phone showed nothing until the app's modules had run (one long task). The built page starts with a tiny
 * loader instead, which fetches the entry's chunks (modulepreload) and `/config.json` (lib/config.ts takes
 * that request), waits for the first frame to paint (a tab opened in the background has none: it starts at
 * once; at the latest after a second), and evaluates the chunks one task
 * each, the entry last. A signed-in start fetches at once and also sends the first screen's GET requests once
 * the configuration arrives (src/app/early-requests.ts); a start without a session (the login, rendered at
 * build time) fetches after that first paint, leaving its page and images the connection. Each route gets an
 * app shell of its own that names its screen's chunks (screens/<route>.html).
 */
const paintFirst: Plugin = {
  name: 'lectio:paint-first',
  apply: 'build',
  enforce: 'post',
  async generateBundle(_, bundle) {
    const page = bundle['index.html'];
    if (!page || page.type !== 'asset') return;
    let html = String(page.source);
    const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(html);
    if (!entry) throw new Error('paint-first: no entry script in index.html');
    const preloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g)];
    const chunks = preloads.map((link) => link[1]!);
    for (const found of [entry, ...preloads]) html = html.replace(found[0], '');
    // The first screens' recorded styles (first-screen-styles.ts): emotion finds them in the page, not to insert.
    const firstStyles = firstScreenStyleTag();
    if (firstStyles) html = html.replace('</head>', `  ${firstStyles}\n  </head>`);
    const early = earlyRequests((await routeDeclarations()).table);
    // Each UI language's texts (the chunk locale-<code>): the first render waits for them (lib/i18n.ts).
    const locales = Object.fromEntries(
      Object.values(bundle).flatMap((output) => {
        const language = output.type === 'chunk' ? /^assets\/locale-([a-z]{2})-/.exec(output.fileName)?.[1] : undefined;
        return language ? [[language, `/${output.fileName}`]] : [];
      }),
    );
    const loader = [
      `const chunks = ${JSON.stringify(chunks)};`,
      `const entry = ${JSON.stringify(entry[1])};`,
      `const early = ${JSON.stringify(early)};`,
      `const locales = ${JSON.stringify(locales)};`,
      `const datesAtStart = ${JSON.stringify(datesAtStart)};`,
      'const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));',
      "const token = localStorage.getItem('token');",
      // The stored UI language, as lib/i18n.ts detects it (else English).
      "const lang = localStorage.getItem('lang') || 'en';",
      // The configuration and a signed-in start's first GET requests (every signed-in screen waits for the user;
      // the app takes these answers over: lib/api-transport), sent as soon as the configuration names the API.
      'const request = () => {',
      "  window.lectioConfigRequest = fetch('/config.json', { headers: { accept: 'application/json' }, cache: 'no-store' });",
      '  if (!token) return;',
      "  const segments = location.pathname.split('/');",
      "  const api = window.lectioConfigRequest.then((answer) => answer.clone().json()).then((config) => new URL(config.apiBase || '/api', location.origin).href.replace(/\\/+$/, ''));",
      '  window.lectioEarlyRequests = {};',
      '  const query = new URLSearchParams(location.search);',
      '  const answers = {};',
      '  const chained = [];',
      '  const valid = (values) => Object.values(values).every((value) => /^[1-9][0-9]{0,15}$/.test(String(value ?? "")));',
      '  const send = (name, path, values) => {',
      '    if (!valid(values)) return null;',
      '    const request = Object.keys(values).length ? { params: Object.fromEntries(Object.entries(values).map(([param, value]) => [param, Number(value)])) } : {};',
      '    const url = path.replace(/\\{(\\w+)\\}/g, (_, param) => values[param]);',
      "    const response = api.then((base) => fetch(base + url, { headers: { accept: 'application/json', authorization: 'Bearer ' + token } }));",
      '    response.catch(() => undefined);',
      "    window.lectioEarlyRequests[name + ' ' + JSON.stringify(request)] = { token, response };",
      '    return response;',
      '  };',
      "  const list = [...early['*'], ...(early[segments[1]] || [])];",
      '  const needed = new Set(list.flatMap(([, , params]) => Object.values(params).flatMap((source) => (source.a ? [source.a] : []))));',
      '  for (const [name, path, params] of list) {',
      '    const sources = Object.entries(params);',
      '    const value = (source, answer) => (typeof source === "number" ? segments[source] : source.q ? query.get(source.q) : source.f.reduce((at, key) => (at == null ? at : at[key]), answer));',
      '    const from = sources.map(([, source]) => source.a).find(Boolean);',
      '    const known = Object.fromEntries(sources.filter(([, source]) => !source.a).map(([param, source]) => [param, value(source)]));',
      '    let response = null;',
      '    if (!from) response = send(name, path, known);',
      // Sent once the answer it waits for has come (left out if that failed or the URL's part is missing).
      '    else if (valid(known) && answers[from]) {',
      '      const sent = answers[from].then((answer) => [answer ? send(name, path, Object.fromEntries(sources.map(([param, source]) => [param, value(source, answer)]))) : null]);',
      '      chained.push(sent.catch(() => undefined));',
      '      response = sent.then(([answer]) => answer);',
      '    }',
      '    if (response && needed.has(name)) answers[name] = Promise.resolve(response).then((answer) => (answer && answer.ok ? answer.clone().json() : null)).catch(() => null);',
      '  }',
      '  window.lectioEarlyChained = Promise.all(chained);',
      '};',
      // The language's texts first (`lang`).
      'const preload = () => {',
      '  const locale = locales[lang];',
      '  for (const href of [...(locale ? [locale] : []), entry, ...chunks]) {',
      "    const link = Object.assign(document.createElement('link'), { rel: 'modulepreload', href, crossOrigin: '' });",
      '    document.head.append(link);',
      '  }',
      '};',
      // A signed-in start asks at once: its first screen waits for these answers and chunks, not for the paint of
      // "Loading Lectio…" (only the evaluation waits for that paint). A start without a session (the login,
      // prerendered) lets its page and images have the connection first.
      'if (token) {',
      '  request();',
      '  preload();',
      '}',
      'let started = false;',
      'const start = async () => {',
      '  if (started) return;',
      '  started = true;',
      '  if (!token) {',
      '    request();',
      '    preload();',
      '  }',
      // A signed-in start loads ICU's locale data while the chunks download: the texts' plurals, the numbers (the
      // header's XP and coins, lib/number-format.ts), and on a first screen with dates (src/app/early-requests.ts,
      // datesAtStart) the date and time-zone data; their first use, 10-70 ms here and a long task on a phone, was
      // otherwise inside the first render. A start without a session does not: the login formats no number or
      // date. A task each: together they were one long task on a phone.
      "  if (token) setTimeout(() => { try { new Intl.PluralRules(lang).select(1); } catch {} }, 0);",
      "  if (token) setTimeout(() => { try { new Intl.NumberFormat(lang).format(1000); } catch {} }, 0);",
      "  if (token && datesAtStart.includes(location.pathname.split('/')[1])) setTimeout(() => { try { new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', timeZoneName: 'longOffset' }).format(0); } catch {} }, 0);",
      '  for (const chunk of chunks) {',
      '    await import(chunk);',
      '    await nextTask();',
      '  }',
      '  await import(entry);',
      '};',
      // After the frame that shows "Loading Lectio…". A first frame can take longer than 100 ms to come (it did in
      // Lighthouse's runs, 150-250 ms): a shorter wait started the chunks' evaluation before it, which then held
      // the paint back until the chunks had run (issue 20 item 22). A hidden tab draws no frame until it is shown.
      'requestAnimationFrame(() => setTimeout(start, 0));',
      "if (document.visibilityState === 'hidden') start();",
      'setTimeout(start, 1000);',
      '',
    ].join('\n');
    const fileName = `assets/start-${createHash('sha256').update(loader).digest('hex').slice(0, 8)}.js`;
    this.emitFile({ type: 'asset', fileName, source: loader });
    const script = `  <script type="module" src="/${fileName}"></script>\n`;
    page.source = html.replace('</head>', `${script}  </head>`);
    // screens/<route>.html: the app shell for one route's paths, naming its screen's chunks in the head, where
    // the browser finds them at once (the local cloud serves it for /<route>/…; static-files.ts). Asked for
    // only by the loader's import, a dashboard's 25 chunks started a download and a round trip later on a
    // phone (Lighthouse mobile: dashboard 72 → 83, median of 5).
    // The loader comes first (a signed-in start's configuration and first API requests, and the language's
    // texts, wait for it), then the entry's chunks, then the screen's: on a phone's six connections the loader
    // last had each of those wait for every chunk.
    const link = (file: string) => `  <link rel="modulepreload" crossorigin href="/${file}">\n`;
    const initial = [...chunks, entry[1]!].map((href) => href.slice(1));
    for (const [name, files] of screenChunks(bundle, new Set(initial))) {
      this.emitFile({
        type: 'asset',
        fileName: `screens/${name}.html`,
        source: html.replace('</head>', `${script}${[...initial, ...files].map(link).join('')}  </head>`),
      });
    }
  },
};

export default defineConfig({
  base: '/',
  plugins: [react(), katexFonts, lectioRoutes(), reactRouterProduction, paintFirst, firstScreensApart, compileHints],
  resolve: {
    alias: { '@': decodeURIComponent(new URL('./src', import.meta.url).pathname) },
  },
  define: {
    __APP_VERSION__: JSON.stringify(pkg.version),
    // In-browser Python's files are copied to assets/pyodide-<version>/ by build.mjs (issue 25).
    __PYODIDE_VERSION__: JSON.stringify(pyodidePkg.version),
  },
  build: {
    // WEB_OUT_DIR lets parallel test runs build without clobbering each other's dist.
    outDir: process.env.WEB_OUT_DIR ?? 'dist',
    emptyOutDir: true,
    // To read a profile of the built app (neither is shipped): WEB_SOURCEMAP=1 writes source maps beside the
    // chunks, WEB_MINIFY=0 leaves the code unminified.
    sourcemap: process.env.WEB_SOURCEMAP === '1',
    minify: process.env.WEB_MINIFY !== '0',
    // Emit every asset as a hashed file: data: URLs would need `img-src data:` in the CSP.
    assetsInlineLimit: 0,
    // The polyfill is only for browsers without modulepreload; all our targets have it.
    modulePreload: { polyfill: false },
    target: 'es2022',
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // React itself apart: the loader evaluates each chunk in a task of its own, and the framework as one
            // chunk was one long task on a phone.
            { name: 'react', test: /node_modules\/(react|react-dom|scheduler)\//, priority: 5 },
            { name: 'framework', test: framework, priority: 3 },
            // Everything else the entry imports statically (the shell, the providers, the session, the MUI
            // components they use) as one chunk: it loads on every start anyway, and as ~20 small shared
            // chunks it cost a request each on a phone's connection.
            // (The entry's modules import @lectio/shared by subpath: its barrel would make every shared module initial.)
            { name: 'app', tags: ['$initial'], priority: 2 },
            ...firstScreenGroups(),
            // One chunk per UI language (its JSON parts were a request each).
            { name: localeChunk, debugName: 'locale', priority: 4 },
          ],
        },
      },
    },
  },
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: {
      '/api': { target: apiServer, changeOrigin: false },
      '/config.json': { target: apiServer, changeOrigin: false },
      '/ws': { target: apiServer, ws: true, changeOrigin: false },
    },
  },
});
