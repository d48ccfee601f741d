/**
 * Runtime configuration, fetched once at start from `/config.json` so one build serves every
 * environment. `apiBase` is made absolute against the page origin (amplify's URL resolution needs it).
 */
export interface RuntimeConfig {
  apiBase: string;
  wsUrl: string;
  clientId: number;
  clientSecret: string;
  version: string;
}

function defaults(): RuntimeConfig {
  const origin = typeof window === 'undefined' ? 'http://localhost' : window.location.origin;
  return {
    apiBase: `${origin}/api`,
    wsUrl: `${origin.replace(/^http/, 'ws')}/ws`,
    clientId: 2,
    clientSecret: '',
    version: '',
  };
}

let current: RuntimeConfig = defaults();

/** Absolute URL without a trailing slash: '/api' → 'https://host/api'. */
export function absoluteUrl(base: string, origin = window.location.origin): string {
  return new URL(base, origin).toString().replace(/\/+$/, '');
}

/** ws:// or wss:// URL; a relative or http(s) value is resolved against the page origin. */
export function absoluteWsUrl(url: string, origin = window.location.origin): string {
  const resolved = new URL(url, origin);
  if (resolved.protocol === 'http:') resolved.protocol = 'ws:';
  if (resolved.protocol === 'https:') resolved.protocol = 'wss:';
  return resolved.toString().replace(/\/+$/, '');
}

export function normaliseConfig(raw: Partial<RuntimeConfig>): RuntimeConfig {
  const base = defaults();
  return {
    apiBase: absoluteUrl(raw.apiBase || base.apiBase),
    wsUrl: absoluteWsUrl(raw.wsUrl || base.wsUrl),
    clientId: Number(raw.clientId ?? base.clientId),
    clientSecret: String(raw.clientSecret ?? base.clientSecret),
    version: String(raw.version ?? base.version),
  };
}

/** The request the built page's loader made while the app's chunks loaded (at most once), else null. */
function earlyRequest(): Promise<Response> | null {
  if (typeof window === 'undefined' || !window.lectioConfigRequest) return null;
  const request = window.lectioConfigRequest;
  delete window.lectioConfigRequest;
  return request;
}

/**
 * Loads `/config.json` (or takes the loader's request for it: the first screen's data waits for the API's
 * address, and on a phone that was one more round trip after the app's code); on failure keeps same-origin
 * defaults so the login screen still renders.
 */
export async function loadConfig(fetchImpl: typeof fetch = fetch): Promise<RuntimeConfig> {
  try {
    const response = await (earlyRequest() ??
      fetchImpl('/config.json', {
        headers: { accept: 'application/json' },
        cache: 'no-store',
      }));
    if (!response.ok) throw new Error(`config.json: HTTP ${response.status}`);
    current = normaliseConfig((await response.json()) as Partial<RuntimeConfig>);
  } catch (error) {
    console.warn('Lectio: using default runtime configuration', error);
    current = normaliseConfig({});
  }
  return current;
}

export const getConfig = (): RuntimeConfig => current;

/** Tests set the configuration directly. */
export function setConfig(config: Partial<RuntimeConfig>): void {
  current = normaliseConfig({ ...current, ...config });
}
