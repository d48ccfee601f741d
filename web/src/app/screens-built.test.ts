/** lib/screens-built.ts names exactly the routes without a screen, so the links it hides match the router. */
import { describe, expect, it } from 'vitest';
import { appRoutes, type AppRouteName } from '@/lib/paths';
import { NOT_BUILT_YET } from '@/lib/screens-built';
import { builtScreenNames } from './router';

describe('screens not built yet', () => {
  it('are exactly the routes the router has no screen for', () => {
    const built = new Set(builtScreenNames());
    const withoutScreen = appRoutes.map((r) => r.name).filter((name) => !built.has(name));
    expect([...NOT_BUILT_YET].sort()).toEqual([...new Set(withoutScreen)].sort());
    for (const name of NOT_BUILT_YET) expect(built.has(name as AppRouteName)).toBe(false);
  });
});
