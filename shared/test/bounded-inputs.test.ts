/** Issue 8: bounded inputs for every route, and the leaderboard's request limits. */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  LEADERBOARD_LIMITS,
  MAX_IDS_PER_LIST,
  idCsv,
  leaderboardPartitionCount,
  leaderboardRequestProblem,
  routes,
  unboundedInputs,
} from '../src/index';

describe('every route bounds the lists it accepts', () => {
  it('finds an unbounded list wherever it hides', () => {
    const schema = z.object({
      ok: z.array(z.number()).max(3),
      open: z.array(z.number()),
      nested: z.object({ deep: z.array(z.string()).optional() }),
      piped: z.preprocess((v) => v, z.array(z.number())),
    });
    expect(unboundedInputs(schema)).toEqual(['$.open', '$.nested.deep', '$.piped']);
  });

  it('no registered route takes a list without a maximum (params, query, body)', () => {
    const offenders = Object.entries(routes).flatMap(([name, r]) =>
      [...unboundedInputs(r.params, 'params'), ...unboundedInputs(r.query, 'query'), ...unboundedInputs(r.body, 'body')].map(
        (p) => `${name}: ${p}`,
      ),
    );
    expect(offenders).toEqual([]);
  });
});

describe('idCsv', () => {
  const ids = idCsv();
  it('drops duplicates and keeps the order', () => {
    expect(ids.parse('7,3,7,7,3,12')).toBe('7,3,12');
    expect(ids.parse(undefined)).toBe('');
  });
  it(`refuses more than ${MAX_IDS_PER_LIST} different ids with a clear message`, () => {
    const many = Array.from({ length: MAX_IDS_PER_LIST + 1 }, (_, i) => i + 1).join(',');
    const result = ids.safeParse(many);
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.message).toBe(`At most ${MAX_IDS_PER_LIST} different ids`);
    expect(ids.safeParse(Array.from({ length: MAX_IDS_PER_LIST }, (_, i) => i + 1).join(',')).success).toBe(true);
  });
  it('refuses 1,000 ids (the amplification request) and non-ids', () => {
    expect(ids.safeParse(Array.from({ length: 1000 }, (_, i) => i).join(',')).success).toBe(false);
    expect(ids.safeParse('1,,2').success).toBe(false);
    expect(ids.safeParse('1;DROP').success).toBe(false);
  });
});

describe('leaderboard limits', () => {
  it('counts partitions as the query planner reads them', () => {
    expect(leaderboardPartitionCount({ areas: 0, courses: 0, countries: 0, groups: 0 })).toBe(1);
    expect(leaderboardPartitionCount({ areas: 0, courses: 0, countries: 20, groups: 20 })).toBe(400);
    expect(leaderboardPartitionCount({ areas: 2, courses: 3, countries: 20, groups: 20 })).toBe(5);
    expect(leaderboardPartitionCount({ areas: 0, courses: 0, countries: 0, groups: 7 })).toBe(7);
  });
  it('refuses more than 50 partitions and pages beyond the read budget', () => {
    const list = (n: number) => Array.from({ length: n }, (_, i) => i + 1).join(',');
    const base = { areas: '', courses: '', countries: '', groups: '', end: 100 };
    expect(leaderboardRequestProblem({ ...base, countries: list(10), groups: list(5) })).toBeNull();
    expect(leaderboardRequestProblem({ ...base, countries: list(10), groups: list(6) })).toMatch(/Too many filter combinations: 60/);
    expect(leaderboardRequestProblem({ ...base, countries: list(10), groups: list(5), end: 500 })).toMatch(/end may be at most 400/);
    expect(leaderboardRequestProblem({ ...base, end: LEADERBOARD_LIMITS.entriesRead })).toBeNull();
  });
  it('the get-leaders2 schema answers the worst requests with field errors', () => {
    const body = routes.getLeaders2.body;
    const thousand = Array.from({ length: 1000 }, (_, i) => i + 1).join(',');
    expect(body.safeParse({ countries: thousand, groups: thousand, start: 0, end: 100 }).success).toBe(false);
    expect(body.safeParse({ countries: '1,2,3', groups: '1', start: 0, end: 10_000_000 }).success).toBe(false);
    expect(body.safeParse({ countries: '1,2,3', groups: '1', start: 900, end: 1000 }).success).toBe(true);
    const deduped = body.parse({ countries: '5,5,5,5', start: 0, end: 100 });
    expect(deduped.countries).toBe('5');
  });
});
