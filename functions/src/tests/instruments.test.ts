/** The instrument data files agree with the scoring rules (codes, option order, scale labels). */
import { describe, expect, it } from 'vitest';
import { BARTLE_PAIRS, instrument, languageCodes, languages, personTestDefinitions, personTestTypes } from '@lectio/shared';
import { instruments, testDefinitions } from './seed';
import { textIn } from './model';

describe.each(personTestTypes)('%s', (type) => {
  const def = personTestDefinitions[type];

  it.each(['en', 'sk'] as const)('%s: has every item of the rule, in order, and says where its wording comes from', (lang) => {
    const data = instruments[type][lang];
    expect(instrument.safeParse(data).success).toBe(true);
    expect(data.lang).toBe(lang);
    expect(data.items.map((i) => i.code)).toEqual(def.items);
    expect(data.items.every((i) => i.text.trim().length > 5)).toBe(true);
    expect(data.source.length).toBeGreaterThan(40);
    expect(data.consent.text.length).toBeGreaterThan(10);
    if (def.kind === 'likert') {
      expect(data.scale_labels).toHaveLength(def.max - def.min + 1);
      for (const scale of Object.keys(def.scales)) expect(data.scale_names[scale], scale).toBeTruthy();
    } else {
      expect(data.items.map((i) => i.traits)).toEqual(BARTLE_PAIRS.map((p) => [...p]));
      expect(data.items.every((i) => i.options?.length === 2)).toBe(true);
    }
    // A consent item X asks yes/no; the others use a consent box.
    expect(data.consent.options).toHaveLength(def.consentItem ? 2 : 0);
  });

  it('is listed once among the personalisation tests', () => {
    expect(testDefinitions.person.filter((t) => t.test_type === type)).toHaveLength(1);
  });
});

it('lists the three cognitive tests with names in English and Slovak', () => {
  expect(testDefinitions.psycho.map((t) => t.test_type)).toEqual(['number_memory', 'mackworth', 'vigilance']);
  for (const t of [...testDefinitions.psycho, ...testDefinitions.person]) {
    expect(t.name.en && t.name.sk && t.description.en && t.description.sk).toBeTruthy();
  }
});

describe('names and descriptions in every UI language (issue 20 item 7)', () => {
  const numbers = (text: string) => (text.match(/\d+/g) ?? []).sort();
  const all = [...testDefinitions.psycho, ...testDefinitions.person];

  it.each(languageCodes)('%s: every test has its own name and description, with the numbers of the English', (lang) => {
    for (const t of all) {
      const name = t.name[lang];
      const description = t.description[lang];
      expect(name?.trim(), `${t.test_type} name`).toBeTruthy();
      expect(description?.trim(), `${t.test_type} description`).toBeTruthy();
      if (lang !== 'en') expect(description, `${t.test_type} description`).not.toBe(t.description.en);
      expect(numbers(description!), `${t.test_type} description`).toEqual(numbers(t.description.en));
      expect(numbers(name!), `${t.test_type} name`).toEqual(numbers(t.name.en));
    }
  });

  it("serves the caller's language, English for an unknown one", () => {
    const memory = testDefinitions.psycho[0]!;
    expect(languages.map((l) => textIn(memory.name, l.id))).toEqual(languageCodes.map((code) => memory.name[code]));
    expect(textIn(memory.name, 8)).toBe('Память на числа');
    expect(textIn(memory.name, 42)).toBe('Number memory');
    expect(textIn({ en: 'Only English' }, 3)).toBe('Only English');
  });
});
