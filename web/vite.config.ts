/**
 * Vite build of the Lectio web client. The built HTML must work under a strict CSP: no inline
 * scripts, no data: assets, nothing from third-party origins.
 */
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import pkg from './package.json' with { type: 'json' };

const apiServer = 'http://127.0.0.1:3000';

export default defineConfig({
  base: '/',
  plugins: [react()],
  resolve: {
    alias: { '@': decodeURIComponent(new URL('./src', import.meta.url).pathname) },
  },
  define: {
    __APP_VERSION__: JSON.stringify(pkg.version),
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
