/** Worked examples of the personalisation scales (spec/3 §5, §9). */
import { describe, expect, it } from 'vitest';
import {
  BARTLE_PAIRS,
  InvalidTestAnswers,
  personConsent,
  personTestDefinitions,
  personTestMaxScore,
  personTestScales,
  personTestScore,
  requiredItems,
  validatePersonAnswers,
  type PersonAnswers,
} from '@lectio/shared';

const fill = (codes: string[], value: (code: string, i: number) => number): PersonAnswers =>
  Object.fromEntries(codes.map((c, i) => [c, value(c, i)]));

describe('Bartle', () => {
  it('pairs every two traits 5 times, so each trait can be chosen 15 times', () => {
    expect(BARTLE_PAIRS).toHaveLength(30);
    for (const t of ['A', 'S', 'E', 'K']) expect(BARTLE_PAIRS.filter((p) => p.includes(t as 'A')).length).toBe(15);
  });

  it('counts each trait over the 30 items: always the first option', () => {
    const answers = { ...fill(personTestDefinitions.bartle.items, () => 0), X: 1 };
    // Rounds 1, 3, 5 (18 items) choose A,E,A,S,A,S; rounds 2, 4 (12 items) choose S,K,E,K,K,E.
    // A: 3×3 = 9, S: 3×2 + 2×1 = 8, E: 3×1 + 2×2 = 7, K: 2×3 = 6.
    expect(personTestScales('bartle', answers)).toEqual({ A: 30, S: 26.667, E: 23.333, K: 20 });
    expect(personTestScore('bartle', answers)).toBe(30);
    expect(personTestMaxScore('bartle')).toBe(100);
  });

  it('needs the consent item X in a complete answer', () => {
    const answers = fill(personTestDefinitions.bartle.items, () => 1);
    expect(() => validatePersonAnswers('bartle', answers, true)).toThrow(/missing X/);
    expect(() => validatePersonAnswers('bartle', answers, false)).not.toThrow();
    expect(() => validatePersonAnswers('bartle', { Q1: 2 }, false)).toThrow(InvalidTestAnswers);
    expect(personConsent('bartle', { ...answers, X: 0 }, 1)).toBe(0);
    expect(personConsent('bartle', { ...answers, X: 1 }, 0)).toBe(1);
  });
});

describe('ITQ', () => {
  it('means of INV (8-13), FOC (1-6), EMO (15-18); items 7 and 14 excluded', () => {
    // item n answers ((n - 1) % 7) + 1: 1..7, 1..7, 1..4
    const answers: PersonAnswers = { ...fill(requiredItems('itq').filter((c) => c !== 'X'), (_, i) => (i % 7) + 1), X: 1 };
    expect(answers.ITQ07).toBe(7);
    expect(answers.ITQ14).toBe(7);
    // FOC 1..6 → 3.5; INV items 8..13 → 1..6 → 3.5; EMO items 15..18 → 1..4 → 2.5
    expect(personTestScales('itq', answers)).toEqual({ FOC: 3.5, INV: 3.5, EMO: 2.5 });
    // 16 scored items: (21 + 21 + 10) / 16 = 3.25
    expect(personTestScore('itq', answers)).toBe(3.25);
  });

  it('refuses values outside 1-7 and unknown items', () => {
    expect(() => validatePersonAnswers('itq', { ITQ01: 8 }, false)).toThrow(/1 to 7/);
    expect(() => validatePersonAnswers('itq', { ITQ19: 3 }, false)).toThrow(/not an item/);
  });
});

describe('metacognition', () => {
  it('scales Planning, Knowledge, Regulation, Motivation and Global as means', () => {
    // Item n answers (n % 5) + 1.
    const answers = fill(personTestDefinitions.metacognition.items, (_, i) => ((i + 1) % 5) + 1);
    // Planning 1,2 → 2,3 = 2.5; Knowledge 3,4,9,11,12 → 4,5,5,2,3 = 3.8; Motivation 5,8 → 1,4 = 2.5
    // Regulation 6,7,10,13..19 → 2,3,1,4,5,1,2,3,4,5 = 3; Global: 3 cycles of 15 + (2+3+4+5) = 59 / 19 = 3.105
    expect(personTestScales('metacognition', answers)).toEqual({ Planning: 2.5, Knowledge: 3.8, Regulation: 3, Motivation: 2.5, Global: 3.105 });
    expect(personTestScore('metacognition', answers)).toBe(3.105);
    expect(personConsent('metacognition', answers, 1)).toBe(1);
  });
});

describe('critical inquiry and self-efficacy', () => {
  it('scores CI, OP, RP, SE without the attention item 12, and reports the check', () => {
    const answers = fill(personTestDefinitions.critical_inquiry.items, (code) => (code === 'CI12' ? 2 : Number(code.slice(2)) <= 11 ? 4 : 5));
    expect(personTestScales('critical_inquiry', answers)).toEqual({ CI: 4, OP: 4, RP: 4, SE: 5, ATT: 1 });
    // (11 × 4 + 10 × 5) / 21 = 4.476
    expect(personTestScore('critical_inquiry', answers)).toBe(4.476);
    expect(personTestScales('critical_inquiry', { ...answers, CI12: 1 }).ATT).toBe(0);
  });

  it('needs all 22 items', () => {
    expect(() => validatePersonAnswers('critical_inquiry', { CI1: 3 }, true)).toThrow(/Every item/);
  });
});

describe('challenging personality', () => {
  it('six dimensions of four interleaved items', () => {
    const answers = fill(personTestDefinitions.challenging.items, (_, i) => (i % 6) + 1 > 5 ? 5 : (i % 6) + 1);
    expect(personTestScales('challenging', answers)).toEqual({ PER: 1, CUR: 2, RSK: 3, COM: 4, AUT: 5, RES: 5 });
    expect(personTestScore('challenging', answers)).toBe(3.333);
  });
});
