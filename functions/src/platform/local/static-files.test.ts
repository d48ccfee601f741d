/** The local cloud's static files: precompressed copies for browsers that accept them, cache headers. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, get, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveStatic } from './static-files';

let root: string;
let server: Server;
const script = 'console.log("lectio");'.repeat(100);

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'lectio-static-'));
  mkdirSync(join(root, 'assets'));
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>Lectio</title>');
  writeFileSync(join(root, 'login.html'), '<!doctype html><title>Lectio</title><div id="root" data-prerendered="/login">');
  mkdirSync(join(root, 'screens'));
  writeFileSync(
    join(root, 'screens', 'chapter_content.html'),
    '<!doctype html><title>Lectio</title><link rel="modulepreload" href="/assets/player.js">',
  );
  writeFileSync(join(root, 'assets', 'app-abc.js'), script);
  writeFileSync(join(root, 'assets', 'app-abc.js.br'), brotliCompressSync(script));
  writeFileSync(join(root, 'assets', 'app-abc.js.gz'), gzipSync(script));
  server = createServer((req, res) => void serveStatic(root, req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
});
afterAll(() => {
  server?.close();
  rmSync(root, { recursive: true, force: true });
});

/** The raw answer (no decompression) to a GET with the given Accept-Encoding. */
const fetchRaw = (path: string, acceptEncoding?: string, headers: Record<string, string> = {}) =>
  new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
    const port = (server.address() as AddressInfo).port;
    get(
      {
        host: '127.0.0.1',
        port,
        path,
        headers: { ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}), ...headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      },
    ).on('error', reject);
  });

describe('static files of the local cloud', () => {
  it('serves the brotli copy to a browser that accepts it, with a long cache for hashed assets', async () => {
    const r = await fetchRaw('/assets/app-abc.js', 'gzip, deflate, br');
    expect(r.status).toBe(200);
    expect(r.headers['content-encoding']).toBe('br');
    expect(r.headers.vary).toBe('accept-encoding');
    expect(r.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(r.headers['content-length'])).toBe(r.body.length);
    expect(r.body.length).toBeLessThan(script.length);
  });

  it('serves gzip when brotli is refused, and the plain file when neither is accepted', async () => {
    const gz = await fetchRaw('/assets/app-abc.js', 'gzip, br;q=0');
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await fetchRaw('/assets/app-abc.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
  });

  it('answers the app for a history path, never cached', async () => {
    const r = await fetchRaw('/dashboard', 'br');
    expect(r.status).toBe(200);
    expect(r.headers['cache-control']).toBe('no-cache');
    expect(r.body.toString()).toContain('<title>Lectio</title>');
  });

  it("answers a route's own app shell (its screen's chunks in the head) for that route's paths", async () => {
    for (const path of ['/chapter_content/2', '/chapter_content/2?lesson=5', '/chapter_content']) {
      const r = await fetchRaw(path);
      expect(r.status, path).toBe(200);
      expect(r.headers['cache-control'], path).toBe('no-cache');
      expect(r.body.toString(), path).toContain('href="/assets/player.js"');
    }
    for (const path of ['/chapter_contents/2', '/profile', '/chapter_content.html'])
      expect((await fetchRaw(path)).body.toString(), path).not.toContain('player.js');
  });

  it('answers a page rendered at build time for its own path, and the app for the paths under it', async () => {
    const login = await fetchRaw('/login');
    expect(login.status).toBe(200);
    expect(login.body.toString()).toContain('data-prerendered="/login"');
    expect(login.headers['cache-control']).toBe('no-cache');
    for (const path of ['/login/extra', '/dashboard', '/'])
      expect((await fetchRaw(path)).body.toString(), path).toBe('<!doctype html><title>Lectio</title>');
  });

  it('revalidates the app: an unchanged index.html answers 304 without a body, a changed one 200', async () => {
    const first = await fetchRaw('/courses/12', 'br');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await fetchRaw('/courses/12', 'br', { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers['cache-control']).toBe('no-cache');
    writeFileSync(join(root, 'index.html'), '<!doctype html><title>Lectio 2</title>');
    const changed = await fetchRaw('/courses/12', 'br', { 'if-none-match': etag });
    expect(changed.status).toBe(200);
    expect(changed.body.toString()).toContain('Lectio 2');
  });

  it('tags each coding of a file apart, and answers 404 for a missing asset', async () => {
    const br = await fetchRaw('/assets/app-abc.js', 'br');
    const gz = await fetchRaw('/assets/app-abc.js', 'gzip');
    expect(br.headers.etag).not.toBe(gz.headers.etag);
    expect((await fetchRaw('/assets/gone-123.js', 'br')).status).toBe(404);
  });
});
