/// <reference types="vite/client" />

/** The package version of @lectio/web, injected by vite.config.ts. */
declare const __APP_VERSION__: string;
declare const __PYODIDE_VERSION__: string;

/** The route registry's table and per-module loaders (route-modules.ts). */
declare module 'virtual:lectio-routes' {
  /** Each route's method, path, the index of its module in `routeModules`, and whether it needs no session. */
  export const routeTable: Record<
    string,
    readonly [method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, module: number, open: boolean]
  >;
  /** Loads one registry module: its exports include the route maps (name → route with zod schemas). */
  export const routeModules: ReadonlyArray<() => Promise<Record<string, unknown>>>;
}

/** `/config.json`, asked for by the built page's loader beside the app's chunks (vite.config.ts, paint-first). */
interface Window {
  lectioConfigRequest?: Promise<Response>;
  /** GET requests the loader sent for a signed-in start (src/app/early-requests.ts), by request key. */
  lectioEarlyRequests?: Record<string, { token: string; response: Promise<Response> }>;
  /** Settles once the loader has sent (or left out) its requests that wait for an earlier answer. */
  lectioEarlyChained?: Promise<unknown>;
}
