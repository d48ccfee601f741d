/**
 * Vite build of the Lectio web client. The built HTML must work under a strict CSP: no inline
 * scripts, no data: assets, nothing from third-party origins.
 */
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import pkg from './package.json' with { type: 'json' };
import pyodidePkg from 'pyodide/package.json' with { type: 'json' };

const apiServer = 'http://127.0.0.1:3000';
/**
 * First-screen chunking (issue 20 item 22): a phone on a slow network pays a round trip per request,
 * and the default split sent the first screen as ~45 small chunks. The framework every screen runs on
 * (React, the router, emotion and MUI's system, i18next, TanStack Query) travels as one chunk; MUI's
 * components stay split by use (grouping the common ones as well sent more bytes for no faster start).
 */
const framework =
  /node_modules\/(react|react-dom|scheduler|react-router|@emotion\/[^/]+|@mui\/(system|utils|styled-engine|private-theming)|stylis|react-is|prop-types|@babel\/runtime|clsx|i18next|react-i18next|@tanstack\/[^/]+|hoist-non-react-statics|use-sync-external-store|html-parse-stringify|void-elements|cookie|set-cookie-parser)\//;

/** `locale-en` for every part of the English texts (src/locales/en/*.json), and so on. */
function localeChunk(moduleId: string): string | null {
  const language = /\/locales\/([a-z]{2})\/[^/]+\.json$/.exec(moduleId)?.[1];
  return language ? `locale-${language}` : null;
}

export default defineConfig({
  base: '/',
  plugins: [react()],
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
    // Emit every asset as a hashed file: data: URLs would need `img-src data:` in the CSP.
    assetsInlineLimit: 0,
    // The polyfill is only for browsers without modulepreload; all our targets have it.
    modulePreload: { polyfill: false },
    target: 'es2022',
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'framework', test: framework, priority: 2 },
            // One chunk per UI language (its JSON parts were a request each).
            { name: localeChunk, priority: 3 },
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
