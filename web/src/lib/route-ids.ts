/**
 * Route parameters are ids (whole numbers ≥ 0 that fit the server's int32) except a few texts.
 * The router checks them before a screen renders, so a screen never sees `NaN` and never sends
 * a request with it; a malformed id shows the not-found page instead.
 */
const TEXT_PARAMS = new Set(['mail', 'token']);
const MAX_ID = 2_147_483_647;

export const isRouteId = (value: string): boolean => /^\d{1,10}$/.test(value) && Number(value) <= MAX_ID;

/** True when every present parameter is a well-formed id (or one of the text parameters). */
export function validRouteParams(params: Readonly<Record<string, string | undefined>>): boolean {
  return Object.entries(params).every(([name, value]) => value === undefined || name === '*' || TEXT_PARAMS.has(name) || isRouteId(value));
}
