/** spec/3 §5 for one attempt: the score only rises, XP and coins follow the best score, passing sticks. */
import { describe, expect, it } from 'vitest';
import { nextProgress, type ProgressBefore } from '../src';

const fresh: ProgressBefore = { score: 0, xp_awarded: 0, coins_awarded: 0, passed: 0, first_time: 1, rating: 0, attempts: 0, time_spent: 0 };
const attempt = (rating: number, extra: Partial<{ passOnly: boolean; timeLength: number; answer: string }> = {}) => ({
  rating,
  maxScore: 20,
  passOnly: false,
  answer: '[1]',
  timeLength: 12.4,
  ...extra,
});

describe('nextProgress', () => {
  it('a first scored attempt: score, XP and coins of the score, first_time cleared, one attempt, whole seconds', () => {
    const next = nextProgress(fresh, attempt(50));
    expect(next).toMatchObject({ attemptScore: 10, bestScore: 10, rises: true, rating: 50, xp_awarded: 100, coins_awarded: 10, xpDelta: 100, coinsDelta: 10 });
    expect(next).toMatchObject({ first_time: 0, attempts: 1, seconds: 12, time_spent: 12, last_rating: 50, last_answer: '[1]' });
  });

  it('a better attempt pays only the difference; a worse one pays nothing and keeps the best score', () => {
    const after50 = nextProgress(fresh, attempt(50));
    const before = { ...fresh, score: after50.bestScore, xp_awarded: after50.xp_awarded, coins_awarded: after50.coins_awarded, rating: 50, attempts: 1, first_time: 0 };
    const better = nextProgress(before, attempt(100));
    expect(better).toMatchObject({ bestScore: 20, xpDelta: 100, coinsDelta: 10, xp_awarded: 200, rating: 100 });
    const worse = nextProgress(before, attempt(20));
    expect(worse).toMatchObject({ rises: false, bestScore: 10, xpDelta: 0, coinsDelta: 0, rating: 50, xp_awarded: 100, last_rating: 20, attempts: 2 });
    // the same score again does not pay twice
    expect(nextProgress(before, attempt(50))).toMatchObject({ rises: false, xpDelta: 0, coinsDelta: 0 });
  });

  it('passing sticks; a failed attempt after a pass stays passed', () => {
    const passedOnce = nextProgress(fresh, attempt(100));
    expect(passedOnce.passed).toBe(1);
    expect(nextProgress({ ...fresh, passed: 1, score: 20 }, attempt(0)).passed).toBe(1);
    expect(nextProgress(fresh, attempt(0)).passed).toBe(0);
  });

  it('a pass-only attempt (content read): passes, no score, no attempt counted, first_time kept, rating shown as 100', () => {
    const next = nextProgress(fresh, attempt(0, { passOnly: true }));
    expect(next).toMatchObject({ passed: 1, attemptScore: 0, rises: false, attempts: 0, first_time: 1, last_rating: 100, xpDelta: 0 });
  });

  it('bounds: ratings kept within 0-100, time within a day and never negative, the answer cut at 4000 characters', () => {
    expect(nextProgress(fresh, attempt(150))).toMatchObject({ rating: 100, last_rating: 100, bestScore: 20 });
    expect(nextProgress(fresh, attempt(-40))).toMatchObject({ rating: 0, rises: false, bestScore: 0 });
    expect(nextProgress(fresh, attempt(50, { timeLength: 999_999 })).seconds).toBe(86_400);
    expect(nextProgress(fresh, attempt(50, { timeLength: -5 })).seconds).toBe(0);
    expect(nextProgress(fresh, attempt(50, { answer: 'x'.repeat(5000) })).last_answer).toHaveLength(4000);
  });
});
