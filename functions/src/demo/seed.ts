/**
 * The local cloud's first-start seeding, a module of its own (neither platform nor a domain): three
 * demo accounts always, the demo course unless SEED=none. Idempotent: a marker item records that
 * seeding happened, so restarts never duplicate content. Each domain
 * seeds its own items (accounts/seed.ts, demo/catalogue.ts, demo/learners.ts,
 * messages/seed.ts, tests/seed.ts) with the item builders its domain code uses; demo/first-seed.ts
 * orders them, loaded only for a first seed (a start with seeded data reads the marker and refreshes the
 * test definitions).
 */
import * as z from 'zod';
import { defineEntity } from '../platform/db/entity';
import { keys } from '../platform/db/keys';
import { seedTests } from '../tests/seed';
import type { SeedStream } from '../platform/local/handlers';

/** The seed marker: which demo accounts the first start made (nickname → user id) and the demo course. */
const seedMarkers = defineEntity('seed-marker', {
  accounts: z.record(z.string(), z.number()).default({}),
  demoCourseId: z.number().optional(),
  seededAt: z.string().optional(),
});

export interface SeedReport {
  seeded: boolean;
  accounts: Record<string, number>;
  /** E-mail → password of the accounts created by this start (only on the first start). */
  passwords?: Record<string, string>;
  demoCourseId?: number;
}

/**
 * Seeds once per data directory; `content: false` is SEED=none (accounts only, random passwords unless
 * `demoPasswords`). The table's stream projects what it writes as it goes, except the demo learners, who
 * are written with their leaderboard entries (`stream.passOver`).
 */
export async function seedIfEmpty(options: { content: boolean; demoPasswords?: boolean }, stream: SeedStream): Promise<SeedReport> {
  // Test definitions and instruments are data files, refreshed on every start.
  const [, marker] = await Promise.all([seedTests(), seedMarkers.get(keys.seedMarker(), { consistent: true })]);
  if (marker) return { seeded: false, accounts: marker.accounts };
  const { seedFirstStart } = await import('./first-seed');
  const { accounts, passwords, demoCourseId } = await seedFirstStart(options, stream);
  await seedMarkers.put({ ...keys.seedMarker(), accounts, demoCourseId, seededAt: new Date().toISOString() });
  return { seeded: true, accounts, passwords, demoCourseId };
}
