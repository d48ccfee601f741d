import { describe, expect, it } from 'vitest';
import { activeDomains, routesOfDomain } from '@lectio/shared';
import { httpModules } from './http';

describe('domain HTTP handlers', () => {
  it("each serves exactly its domain's routes of the registry (it is given its own route tables, not the registry)", async () => {
    // Prepare: every domain with routes has an HTTP module
    expect(Object.keys(httpModules).sort()).toEqual([...activeDomains()].sort());
    for (const domain of activeDomains()) {
      // Act
      const { handler } = (await httpModules[domain]!()) as unknown as { handler: { routeNames: string[] } };
      // Assess
      expect(handler.routeNames.sort(), domain).toEqual(routesOfDomain(domain).map(([name]) => name).sort());
    }
  });
});
