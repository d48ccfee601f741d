/**
 * Which screens of the route table are not built yet: the one place the app's links ask (side menu,
 * the dashboard's "All messages", the course page's teacher box and settings gear), so nothing leads to
 * a "not built" page. A feature that lands removes its names here (a test in app/ keeps this list equal
 * to the routes without a screen, so forgetting either side fails).
 */
import type { AppRouteName } from './paths';

export const NOT_BUILT_YET: ReadonlySet<AppRouteName> = new Set<AppRouteName>([
  // the newer test editor
  'test',
]);

export const isBuilt = (name: AppRouteName): boolean => !NOT_BUILT_YET.has(name);
