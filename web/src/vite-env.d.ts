/// <reference types="vite/client" />

/** The package version of @lectio/web, injected by vite.config.ts. */
declare const __APP_VERSION__: string;
declare const __PYODIDE_VERSION__: string;
