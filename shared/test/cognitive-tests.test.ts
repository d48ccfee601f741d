/** Worked examples of the cognitive test scores (spec/3 §9). */
import { describe, expect, it } from 'vitest';
import {
  InvalidTestAnswers,
  mackworthOutcome,
  mackworthPosition,
  mackworthTargets,
  median,
  numberMemoryDisplayMs,
  numberMemoryLength,
  numberMemoryOutcome,
  randomNumber,
  roundTo,
  validateMackworthTargets,
  vigilanceInterval,
  vigilanceOutcome,
} from '@lectio/shared';

/** A seeded generator, so the random parts are repeatable. */
const lcg = (seed: number) => () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);

describe('rounding and median', () => {
  it('rounds half up at the asked decimals', () => {
    expect(roundTo(1.005, 2)).toBe(1.01);
    expect(roundTo(2 / 3, 3)).toBe(0.667);
    expect(roundTo(-1.2345, 3)).toBe(-1.235);
  });
  it('takes the middle value or the mean of the two middle ones', () => {
    expect(median([300, 100, 200])).toBe(200);
    expect(median([400, 100, 300, 200])).toBe(250);
  });
});

describe('number memory', () => {
  const ok = (n: string) => ({ number: n, answer: n });
  const bad = (n: string) => ({ number: n, answer: '0' });

  it('starts with 2 digits and gains one after every 3 attempts, up to 10', () => {
    expect([0, 1, 2, 3, 5, 6, 26].map(numberMemoryLength)).toEqual([2, 2, 2, 3, 3, 4, 10]);
    expect(numberMemoryDisplayMs(4)).toBe(20000);
  });

  it('scores successes / 27 × 100 with 2 decimals: 5 successes and 3 errors → 18.52', () => {
    const attempts = [ok('12'), ok('34'), bad('56'), ok('123'), ok('456'), bad('789'), ok('1234'), bad('5678')];
    const outcome = numberMemoryOutcome(attempts);
    expect(outcome).toMatchObject({ successes: 5, errors: 3, livesLeft: 0, over: true });
    // 5 / 27 × 100 = 18.5185…
    expect(outcome.score).toBe(18.52);
  });

  it('all 27 attempts right → 100, and the run is over', () => {
    const attempts = Array.from({ length: 27 }, (_, i) => ok('7'.repeat(numberMemoryLength(i))));
    expect(numberMemoryOutcome(attempts)).toMatchObject({ successes: 27, score: 100, over: true });
  });

  it('an unfinished run keeps its lives', () => {
    expect(numberMemoryOutcome([ok('12'), bad('34')])).toMatchObject({ successes: 1, errors: 1, livesLeft: 2, over: false, score: 3.7 });
  });

  it('refuses a wrong length and an attempt after the third error', () => {
    expect(() => numberMemoryOutcome([ok('123')])).toThrow(InvalidTestAnswers);
    expect(() => numberMemoryOutcome([bad('12'), bad('12'), bad('12'), ok('123')])).toThrow(/last life/);
    expect(() => numberMemoryOutcome(Array.from({ length: 28 }, () => ok('12')))).toThrow(/At most 27/);
  });

  it('draws numbers of the asked length without a leading zero', () => {
    const random = lcg(7);
    for (let d = 2; d <= 10; d++) expect(randomNumber(d, random)).toMatch(new RegExp(`^[1-9]\\d{${d - 1}}$`));
  });
});

describe('Mackworth clock', () => {
  const targets = [5, 15, 25, 35, 45, 55, 65, 75, 85, 95, 105, 115];

  it('places 12 targets from 2 s on, at least 2 s apart', () => {
    for (let seed = 1; seed < 50; seed++) {
      const drawn = mackworthTargets(lcg(seed));
      expect(drawn).toHaveLength(12);
      expect(() => validateMackworthTargets(drawn)).not.toThrow();
    }
    expect(() => validateMackworthTargets([1, ...targets.slice(1)])).toThrow(/outside/);
    expect(() => validateMackworthTargets([5, 6, ...targets.slice(2)])).toThrow(/apart/);
  });

  it('jumps two positions on a target tick', () => {
    expect(mackworthPosition(4, targets)).toBe(4);
    expect(mackworthPosition(5, targets)).toBe(6);
    expect(mackworthPosition(59, targets)).toBe(59 + 6 - 60);
  });

  it('10 hits of 12 with median 400 ms → 10/12 × 1000/400 = 2.08', () => {
    const onsets = targets.map((t) => t * 1000 + 3);
    // Reactions 300..750 on the first 10 targets; one press after the 1,000 ms window; one stray press.
    const rts = [300, 350, 400, 400, 400, 400, 450, 500, 600, 750];
    const presses = [...rts.map((rt, i) => onsets[i]! + rt), onsets[10]! + 1000, 500];
    const outcome = mackworthOutcome({ targets, onsets, presses });
    expect(outcome).toMatchObject({ hits: 10, misses: 2, falseAlarms: 2, medianMs: 400, hitRate: 0.833 });
    expect(outcome.score).toBe(2.08);
  });

  it('scores 0 without hits and refuses onsets far from their targets', () => {
    expect(mackworthOutcome({ targets, onsets: [5000], presses: [] }).score).toBe(0);
    expect(() => mackworthOutcome({ targets, onsets: [9000], presses: [] })).toThrow(/does not match/);
  });
});

describe('vigilance reaction', () => {
  it('draws intervals of 2-10 s', () => {
    const random = lcg(3);
    for (let i = 0; i < 100; i++) {
      const ms = vigilanceInterval(random);
      expect(ms).toBeGreaterThanOrEqual(2000);
      expect(ms).toBeLessThanOrEqual(10000);
    }
  });

  it('reactions 250, 300, 520 ms, a false start under 100 ms and a press before any stimulus → 10000 / (300 + 2) = 33.11', () => {
    const onsets = [3000, 8000, 14000, 20000];
    const presses = [1000, 3250, 8300, 14520, 20050];
    const outcome = vigilanceOutcome({ onsets, presses });
    expect(outcome.reactions).toEqual([250, 300, 520, null]);
    expect(outcome.falseStarts).toBe(2);
    expect(outcome.lapses).toBe(1);
    expect(outcome.medianMs).toBe(300);
    expect(outcome.score).toBe(33.11);
  });

  it('a second press while waiting is a false start; an unanswered stimulus is a lapse', () => {
    const outcome = vigilanceOutcome({ onsets: [2000, 6000], presses: [2200, 2900] });
    expect(outcome).toMatchObject({ reactions: [200, null], falseStarts: 1, lapses: 1, medianMs: 200 });
    expect(outcome.score).toBe(49.75);
  });

  it('scores 0 without a valid reaction and refuses stimuli under 0.5 s apart', () => {
    expect(vigilanceOutcome({ onsets: [2000], presses: [] }).score).toBe(0);
    expect(() => vigilanceOutcome({ onsets: [2000, 2400], presses: [] })).toThrow(/minimum interval/);
  });
});
