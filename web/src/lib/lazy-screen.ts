/** A lazily loaded route screen (react-router `lazy`). */
import type { RouteObject } from 'react-router';

export type LazyScreen = NonNullable<Extract<RouteObject['lazy'], (...args: never[]) => unknown>>;
