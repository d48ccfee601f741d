/**
 * The web app's Content-Security-Policy. The app loads nothing from third parties; it talks to the
 * HTTP and WebSocket APIs of its own region. The API hosts are matched by wildcard because the
 * hosting stack is deployed before the APIs exist (their ids are unknown to it). The kernel gateway is
 * served by the same distribution at /kernels/* ('self', its WebSocket too): no other origin.
 */
export function contentSecurityPolicy(region: string): string {
  const apiHosts = `*.execute-api.${region}.amazonaws.com`;
  return [
    "default-src 'self'",
    // In-browser Python (Pyodide) compiles WebAssembly; no other eval is allowed.
    "script-src 'self' 'wasm-unsafe-eval'",
    // MUI/emotion and Monaco inject style elements at run time.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    `connect-src 'self' https://${apiHosts} wss://${apiHosts}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "object-src 'none'",
  ].join('; ');
}
