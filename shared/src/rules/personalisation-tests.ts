/**
 * Scoring rules of the personalisation questionnaires (spec/3 §5 and §9): Bartle player types, ITQ
 * immersive tendencies, metacognition, critical inquiry with self-efficacy and the challenging
 * personality. Answers are a map from item code to the chosen value; the server recomputes every
 * scale from them. Scales are rounded to 3 decimals.
 *
 * The item texts are data (functions/src/tests/instruments/); this module owns what the items mean
 * for scoring: codes, answer range, which scale each item feeds, consent and attention items.
 */
import { InvalidTestAnswers, roundTo } from './cognitive-tests';

export const personTestTypes = ['bartle', 'itq', 'metacognition', 'critical_inquiry', 'challenging'] as const;
export type PersonTestType = (typeof personTestTypes)[number];

export type PersonAnswers = Record<string, number>;
export type Scales = Record<string, number>;

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const fail = (message: string): never => {
  throw new InvalidTestAnswers(message);
};

/** The consent item of Bartle and ITQ: 1 agrees to anonymous scientific use, 0 declines. */
export const CONSENT_ITEM = 'X';

// ---------------------------------------------------------------- Bartle

export const bartleTraits = ['A', 'S', 'E', 'K'] as const;
export type BartleTrait = (typeof bartleTraits)[number];

const traitPairs: Array<[BartleTrait, BartleTrait]> = [
  ['A', 'S'],
  ['E', 'K'],
  ['A', 'E'],
  ['S', 'K'],
  ['A', 'K'],
  ['S', 'E'],
];

/**
 * Each of the 30 questions offers two options, each standing for one trait; every pair of traits
 * is asked 5 times (options swap sides every other round), so each trait can be chosen 15 times.
 */
export const BARTLE_PAIRS: ReadonlyArray<readonly [BartleTrait, BartleTrait]> = range(0, 29).map((i) => {
  const pair = traitPairs[i % traitPairs.length]!;
  return Math.floor(i / traitPairs.length) % 2 ? ([pair[1], pair[0]] as const) : pair;
});
export const bartleItem = (n: number) => `Q${n}`;

// ---------------------------------------------------------------- definitions

export interface LikertDefinition {
  kind: 'likert';
  items: string[];
  min: number;
  max: number;
  /** Scale name → item codes whose mean it is. */
  scales: Record<string, string[]>;
  /** Asked but in no scale. */
  excluded: string[];
  consentItem: boolean;
  attention?: { item: string; expected: number };
}

export interface BartleDefinition {
  kind: 'bartle';
  items: string[];
  min: 0;
  max: 1;
  consentItem: true;
}

export type PersonTestDefinition = LikertDefinition | BartleDefinition;

const codes = (prefix: string, numbers: number[], pad = 0) => numbers.map((n) => `${prefix}${String(n).padStart(pad, '0')}`);

const itqItems = codes('ITQ', range(1, 18), 2);
const metaItems = codes('M', range(1, 19));
const ciItems = codes('CI', range(1, 22));

export const CHALLENGING_DIMENSIONS = ['PER', 'CUR', 'RSK', 'COM', 'AUT', 'RES'] as const;
const challengingItems = codes('CP', range(1, 24));

export const personTestDefinitions: Record<PersonTestType, PersonTestDefinition> = {
  bartle: { kind: 'bartle', items: range(1, 30).map(bartleItem), min: 0, max: 1, consentItem: true },
  itq: {
    kind: 'likert',
    items: itqItems,
    min: 1,
    max: 7,
    scales: {
      INV: codes('ITQ', range(8, 13), 2),
      FOC: codes('ITQ', range(1, 6), 2),
      EMO: codes('ITQ', range(15, 18), 2),
    },
    excluded: ['ITQ07', 'ITQ14'],
    consentItem: true,
  },
  metacognition: {
    kind: 'likert',
    items: metaItems,
    min: 1,
    max: 5,
    scales: {
      Planning: codes('M', [1, 2]),
      Knowledge: codes('M', [3, 4, 9, 11, 12]),
      Regulation: codes('M', [6, 7, 10, ...range(13, 19)]),
      Motivation: codes('M', [5, 8]),
      Global: metaItems,
    },
    excluded: [],
    consentItem: false,
  },
  critical_inquiry: {
    kind: 'likert',
    items: ciItems,
    min: 1,
    max: 5,
    scales: {
      CI: codes('CI', [1, 3, 6, 7, 9, 10]),
      OP: codes('CI', [2, 4, 5]),
      RP: codes('CI', [8, 11]),
      SE: codes('CI', range(13, 22)),
    },
    excluded: ['CI12'],
    consentItem: false,
    // The second option from the left of a 1-5 row.
    attention: { item: 'CI12', expected: 2 },
  },
  challenging: {
    kind: 'likert',
    items: challengingItems,
    min: 1,
    max: 5,
    scales: Object.fromEntries(
      CHALLENGING_DIMENSIONS.map((d, k) => [d, challengingItems.filter((_, i) => i % CHALLENGING_DIMENSIONS.length === k)]),
    ),
    excluded: [],
    consentItem: false,
  },
};

/** Every code a complete answer holds (the consent item included where the test has one). */
export const requiredItems = (type: PersonTestType): string[] => {
  const def = personTestDefinitions[type];
  return def.consentItem ? [...def.items, CONSENT_ITEM] : def.items;
};

/** Checks codes and values; a final answer must hold every item. */
export function validatePersonAnswers(type: PersonTestType, answers: PersonAnswers, complete: boolean): void {
  const def = personTestDefinitions[type];
  for (const [code, value] of Object.entries(answers)) {
    if (code === CONSENT_ITEM && def.consentItem) {
      if (value !== 0 && value !== 1) fail(`${code}: must be 0 or 1.`);
      continue;
    }
    if (!def.items.includes(code)) fail(`${code}: not an item of this test.`);
    if (!Number.isInteger(value) || value < def.min || value > def.max) fail(`${code}: must be a whole number from ${def.min} to ${def.max}.`);
  }
  if (complete) {
    const missing = requiredItems(type).filter((code) => answers[code] === undefined);
    if (missing.length) fail(`Every item needs an answer (missing ${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ', …' : ''}).`);
  }
}

const mean = (values: number[]) => values.reduce((s, v) => s + v, 0) / values.length;

/** Bartle: each trait's chosen options as a percentage of the 30 questions. */
export function bartleScales(answers: PersonAnswers): Scales {
  const counts: Record<BartleTrait, number> = { A: 0, S: 0, E: 0, K: 0 };
  BARTLE_PAIRS.forEach((pair, i) => {
    const choice = answers[bartleItem(i + 1)];
    if (choice === 0 || choice === 1) counts[pair[choice]] += 1;
  });
  return Object.fromEntries(bartleTraits.map((t) => [t, roundTo((counts[t] / BARTLE_PAIRS.length) * 100, 3)]));
}

/** Likert tests: each scale is the mean of its items (3 decimals); the attention item is reported, not scored. */
export function likertScales(def: LikertDefinition, answers: PersonAnswers): Scales {
  const scales: Scales = {};
  for (const [name, items] of Object.entries(def.scales)) {
    const values = items.map((code) => answers[code]).filter((v): v is number => v !== undefined);
    if (values.length) scales[name] = roundTo(mean(values), 3);
  }
  if (def.attention) scales.ATT = answers[def.attention.item] === def.attention.expected ? 1 : 0;
  return scales;
}

export function personTestScales(type: PersonTestType, answers: PersonAnswers): Scales {
  const def = personTestDefinitions[type];
  return def.kind === 'bartle' ? bartleScales(answers) : likertScales(def, answers);
}

/**
 * The one figure listed with an attempt: Bartle's dominant trait percentage; for the Likert tests
 * the mean of every scored item (excluded and attention items left out).
 */
export function personTestScore(type: PersonTestType, answers: PersonAnswers): number {
  const def = personTestDefinitions[type];
  if (def.kind === 'bartle') return Math.max(...Object.values(bartleScales(answers)));
  const excluded = new Set(def.excluded);
  const values = def.items.filter((c) => !excluded.has(c)).map((c) => answers[c]).filter((v): v is number => v !== undefined);
  return values.length ? roundTo(mean(values), 3) : 0;
}

/** The best score a test can give (its max_score). */
export const personTestMaxScore = (type: PersonTestType): number => {
  const def = personTestDefinitions[type];
  return def.kind === 'bartle' ? 100 : def.max;
};

/** Consent as stored with the record: the X item where the test asks it, else the consent box. */
export const personConsent = (type: PersonTestType, answers: PersonAnswers, box: number): 0 | 1 =>
  personTestDefinitions[type].consentItem ? (answers[CONSENT_ITEM] === 1 ? 1 : 0) : box === 1 ? 1 : 0;
