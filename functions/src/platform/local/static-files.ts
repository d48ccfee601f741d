/** Serves the built web app with a strict Content-Security-Policy, history-mode fallback and the build-time pages. */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
  '.map': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
};

/** No inline scripts and no third-party origins; emotion needs inline styles. */
export const contentSecurityPolicy = [
  "default-src 'self'",
  // In-browser Python (Pyodide) compiles WebAssembly; no other eval is allowed.
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "object-src 'none'",
  "form-action 'self'",
].join('; ');

export const securityHeaders = {
  'content-security-policy': contentSecurityPolicy,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'same-origin',
  'x-frame-options': 'DENY',
};

export async function serveStatic(root: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://local');
  const rel = normalize(decodeURIComponent(url.pathname)).replace(/^([/\\])+/, '');
  let file = join(root, rel);
  if (!file.startsWith(root + sep) && file !== root) {
    res.writeHead(400).end();
    return;
  }
  let info = await stat(file).catch(() => null);
  if (!info || info.isDirectory()) {
    // History mode: unknown paths without an extension get the app; missing assets get 404.
    if (extname(rel) && !info) {
      res.writeHead(404, { 'content-type': 'text/plain', ...securityHeaders }).end('Not found');
      return;
    }
    // A page rendered at build time (web/build.mjs: /login → login.html) is served for its own path; a route's
    // own app shell (web/vite.config.ts: screens/<route>.html, its screen's chunks named in the head) for the
    // paths of that route (/chapter_content/2 → screens/chapter_content.html); the plain shell otherwise.
    const route = /^([a-z0-9_]+)(?:[/\\]|$)/.exec(rel)?.[1];
    const candidates = rel && !extname(rel) ? [`${rel}.html`, ...(route ? [join('screens', `${route}.html`)] : [])] : [];
    let page: Awaited<ReturnType<typeof stat>> | null = null;
    for (const candidate of candidates) {
      const found = await stat(join(root, candidate)).catch(() => null);
      if (!found?.isFile()) continue;
      file = join(root, candidate);
      page = found;
      break;
    }
    if (!page) file = join(root, 'index.html');
    info = page ?? (await stat(file).catch(() => null));
    if (!info) {
      res
        .writeHead(503, { 'content-type': 'text/plain; charset=utf-8', ...securityHeaders })
        .end('The web app is not built. Run `npm run build` (npm start does it for you).');
      return;
    }
  }
  const immutable = rel.startsWith('assets/');
  // The build made brotli and gzip copies beside each text file (web/build.mjs): the smallest the browser accepts.
  const encoded = await precompressed(file, String(req.headers['accept-encoding'] ?? ''));
  // index.html is revalidated on every start (no-cache): an unchanged one answers 304 without its body.
  const etag = `W/"${info.size.toString(36)}-${Math.floor(info.mtimeMs).toString(36)}${encoded ? `-${encoded.encoding}` : ''}"`;
  const caching = {
    'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    etag,
    vary: 'accept-encoding',
  };
  if (req.headers['if-none-match'] === etag) {
    res.writeHead(304, { ...caching, ...securityHeaders }).end();
    return;
  }
  res.writeHead(200, {
    'content-type': types[extname(file)] ?? 'application/octet-stream',
    'content-length': encoded?.size ?? info.size,
    ...caching,
    ...(encoded ? { 'content-encoding': encoded.encoding } : {}),
    ...securityHeaders,
  });
  if (req.method === 'HEAD') res.end();
  else createReadStream(encoded?.file ?? file).pipe(res);
}

/** Accepted codings in the order we prefer them: brotli, then gzip (a `q=0` refuses one). */
function acceptedCodings(header: string): Array<'br' | 'gzip'> {
  const accepted = new Set(
    header
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, ...params]) => !params.some((p) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(p)))
      .map(([name]) => name!.trim().toLowerCase()),
  );
  return (['br', 'gzip'] as const).filter((coding) => accepted.has(coding));
}

async function precompressed(file: string, acceptEncoding: string) {
  for (const encoding of acceptedCodings(acceptEncoding)) {
    const candidate = `${file}.${encoding === 'br' ? 'br' : 'gz'}`;
    const info = await stat(candidate).catch(() => null);
    if (info?.isFile()) return { file: candidate, size: info.size, encoding };
  }
  return null;
}
