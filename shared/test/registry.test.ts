import { describe, expect, it } from 'vitest';
import {
  routes,
  buildPath,
  matchPath,
  routeKey,
  routeList,
  activeDomains,
  idParam,
  levelFromXp,
  progressPercent,
  languages,
} from '@lectio/shared';

describe('route registry', () => {
  it('declares each method + path once', () => {
    const keys = routeList().map(([, r]) => routeKey(r));
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('names a domain, an access level and a response schema for every route', () => {
    for (const [name, route] of routeList()) {
      expect(['public', 'user', 'admin'], name).toContain(route.access);
      expect(route.response, name).toBeDefined();
      expect(route.path.startsWith('/'), name).toBe(true);
    }
    expect(activeDomains()).toContain('accounts');
  });

  it('no response schema changes what it checks (a production web client uses answers as sent, unchecked)', () => {
    // The places where a schema's output may differ from its input, found by walking each response schema.
    const changing = new Set(['pipe', 'transform', 'default', 'prefault', 'catch']);
    const changes = (schema: unknown, seen: Set<unknown>): boolean => {
      const def = (schema as { _zod?: { def?: Record<string, unknown> & { type: string } } } | null)?._zod?.def;
      if (!def || seen.has(schema)) return false;
      seen.add(schema);
      if (changing.has(def.type)) return true;
      const inner = Object.entries(def).flatMap(([key, value]) =>
        key === 'shape' && value && typeof value === 'object' ? Object.values(value) : Array.isArray(value) ? value : [value],
      );
      if (def.type === 'lazy') inner.push((def.getter as () => unknown)());
      return inner.some((child) => changes(child, seen));
    };
    const offenders = routeList().filter(([, route]) => changes(route.response, new Set()));
    // exportCourse's file is also the import's: its orders and types accept numeric strings (a hand-edited
    // file); the server's export writes numbers, which those schemas leave as they are.
    expect(offenders.map(([name]) => name)).toEqual(['exportCourse']);
  });

  it('builds and matches paths with parameters', () => {
    expect(buildPath('/get-areas/{id}', { id: 7 })).toBe('/get-areas/7');
    expect(buildPath('/confirm/{mail}/{token}', { mail: 'a b@x.y', token: 't/1' })).toBe('/confirm/a%20b%40x.y/t%2F1');
    expect(matchPath('/get-areas/{id}', '/get-areas/12')).toEqual({ id: '12' });
    expect(matchPath('/get-areas/{id}', '/get-areas/12/x')).toBeNull();
    expect(matchPath('/oauth/token', '/oauth/token')).toEqual({});
    expect(() => buildPath('/get-areas/{id}', {})).toThrow(/missing path parameter/);
  });

  it('accepts only non-negative integer ids', () => {
    expect(idParam.parse('42')).toBe(42);
    for (const bad of ['abc', '1.5', '-1', '99999999999']) expect(idParam.safeParse(bad).success, bad).toBe(false);
  });
});

describe('progress and level rules (spec/1 §9)', () => {
  it('progress is a rounded percent and 100 when the total is 0', () => {
    expect(progressPercent(0, 0)).toBe(100);
    expect(progressPercent(1, 3)).toBe(33);
    expect(progressPercent(2, 3)).toBe(67);
    expect(progressPercent(3, 3)).toBe(100);
  });

  it('level is round(xp / 1000) + 1', () => {
    expect(levelFromXp(0)).toBe(1);
    expect(levelFromXp(499)).toBe(1);
    expect(levelFromXp(500)).toBe(2);
    expect(levelFromXp(2600)).toBe(4);
  });
});

it('has the eight UI languages with ids 1-8 in spec order', () => {
  expect(languages.map((l) => `${l.id}:${l.shortcut}`)).toEqual(['1:en', '2:sk', '3:cs', '4:pl', '5:es', '6:hu', '7:nl', '8:ru']);
});

describe('chapter lock rule (spec/1 §4)', async () => {
  const { chapterUnlocked, chapterAccess, leaderboardPageCount } = await import('@lectio/shared');
  const p = (
    tasks: number,
    tasksFinished: number,
    programs: number,
    programsFinished: number,
    contents = 0,
    contentsFinished = 0,
  ) => ({
    tasks,
    tasksFinished,
    programs,
    programsFinished,
    contents,
    contentsFinished,
  });

  it('opens the first chapter always', () => {
    expect(chapterUnlocked(undefined)).toBe(true);
    expect(chapterAccess([p(5, 0, 5, 0), p(1, 0, 1, 0)])).toEqual([true, false]);
  });

  it('needs task % + program % above 100 when the previous chapter has both', () => {
    expect(chapterUnlocked(p(10, 5, 10, 5))).toBe(false); // 50 + 50 = 100, not above
    expect(chapterUnlocked(p(10, 6, 10, 5))).toBe(true); // 60 + 50
    expect(chapterUnlocked(p(10, 10, 10, 0))).toBe(false); // 100 + 0
    expect(chapterUnlocked(p(10, 10, 10, 1))).toBe(true);
  });

  it('needs above 50 when the previous chapter lacks tasks or programs', () => {
    expect(chapterUnlocked(p(0, 0, 4, 2))).toBe(false); // 50
    expect(chapterUnlocked(p(0, 0, 4, 3))).toBe(true); // 75
    expect(chapterUnlocked(p(2, 1, 0, 0))).toBe(false);
    expect(chapterUnlocked(p(3, 2, 0, 0))).toBe(true);
  });

  it('opens after a reading-only chapter once more than half is read', () => {
    expect(chapterUnlocked(p(0, 0, 0, 0, 4, 2))).toBe(false);
    expect(chapterUnlocked(p(0, 0, 0, 0, 4, 3))).toBe(true);
  });

  it('counts leaderboard pages as total/100 plus one for a remainder above 1', () => {
    expect(leaderboardPageCount(0)).toBe(0);
    expect(leaderboardPageCount(100)).toBe(1);
    // Learner 101 has a page (spec/1 §9's "remainder above 1" left them out; issue 9).
    expect(leaderboardPageCount(101)).toBe(2);
    expect(leaderboardPageCount(102)).toBe(2);
    expect(leaderboardPageCount(250)).toBe(3);
  });
});

describe('activity_type', () => {
  it("accepts the number or the original mobile client's word for it, and refuses anything else", () => {
    // Prepare: the evaluate body of a question task
    const body = routes.taskEvaluate2.body;
    const base = { task_id: 5, task_type_id: 2, time_length: 10, answer_list: '[]' };
    // Act + Assess
    expect(body.parse({ ...base, activity_type: 'chapter' }).activity_type).toBe(1);
    expect(body.parse({ ...base, activity_type: 'competition' }).activity_type).toBe(2);
    expect(body.parse({ ...base, activity_type: 'exercise' }).activity_type).toBe(3);
    expect(body.parse({ ...base, activity_type: '2' }).activity_type).toBe(2);
    expect(body.parse({ ...base, activity_type: 1 }).activity_type).toBe(1);
    for (const wrong of ['Chapter', 'toString', 'duel', 11, -1, '', ['chapter']]) {
      expect(body.safeParse({ ...base, activity_type: wrong }).success, String(wrong)).toBe(false);
    }
    expect(routes.saveProgram3.body.parse({ task_id: 5, activity_type: 'competition', files: '[]' }).activity_type).toBe(2);
  });
});
