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
import type { LearnerPlan } from './learners';

/** The seed marker: which demo accounts the first start made (nickname → user id), the demo course, and the demo learners while they are still to be written. */
const seedMarkers = defineEntity('seed-marker', {
  accounts: z.record(z.string(), z.number()).default({}),
  demoCourseId: z.number().optional(),
  seededAt: z.string().optional(),
  learnerPlan: z.custom<LearnerPlan>((value) => typeof value === 'object' && value !== null).optional(),
});

export interface SeedReport {
  seeded: boolean;
  accounts: Record<string, number>;
  /** E-mail → password of the accounts created by this start (only on the first start). */
  passwords?: Record<string, string>;
  demoCourseId?: number;
  /** Writes what the seed left for after `ready` (the demo learners); absent when nothing is left. */
  finish?: () => Promise<void>;
}

/**
 * Seeds once per data directory; `content: false` is SEED=none (accounts only, random passwords unless
 * `demoPasswords`). The table's stream projects what it writes as it goes.
 *
 * The demo learners (the leaderboard's ~180 rows, a third of the seed's writes) are left to `finish`,
 * which the local cloud runs once it is ready: their ids are reserved and their plan kept in the marker
 * now, so a snapshot taken before they are written, or a start stopped while writing them, writes the
 * same learners later. Their records are written with their leaderboard entries, and the stream passes
 * over them (`stream.passOver`).
 */
export async function seedIfEmpty(options: { content: boolean; demoPasswords?: boolean }, stream: SeedStream): Promise<SeedReport> {
  // Test definitions and instruments are data files, refreshed on every start.
  const [, marker] = await Promise.all([seedTests(), seedMarkers.get(keys.seedMarker(), { consistent: true })]);
  if (marker) return { seeded: false, accounts: marker.accounts, finish: finisher(marker.learnerPlan, stream) };
  const { seedFirstStart } = await import('./first-seed');
  const { accounts, passwords, demoCourseId, learnerPlan } = await seedFirstStart(options);
  await seedMarkers.put({ ...keys.seedMarker(), accounts, demoCourseId, seededAt: new Date().toISOString(), learnerPlan });
  return { seeded: true, accounts, passwords, demoCourseId, finish: finisher(learnerPlan, stream) };
}

function finisher(plan: LearnerPlan | undefined, stream: SeedStream): SeedReport['finish'] {
  if (!plan) return undefined;
  return async () => {
    const { writeDemoLearners } = await import('./learners');
    await writeDemoLearners(plan, stream, keys.seedMarker());
  };
}
