/** What each route of the router carries in `handle`: its name and access flag. */
import type { RouteAccess } from '@/lib/paths';

export interface RouteHandle {
  name: string;
  access: RouteAccess;
}

const isRouteHandle = (value: unknown): value is RouteHandle =>
  typeof value === 'object' && value !== null && 'access' in value && 'name' in value;

/** The deepest matched route's handle. */
export function currentHandle(matches: ReadonlyArray<{ handle?: unknown }>): RouteHandle | undefined {
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i]?.handle;
    if (isRouteHandle(handle)) return handle;
  }
  return undefined;
}
