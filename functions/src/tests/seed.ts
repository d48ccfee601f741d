/**
 * Seeds the test definitions and the instruments (items per test and language, from the JSON data
 * in ./instruments). Runs on every start: the data files are the source, so a changed wording
 * reaches an existing data directory too. Puts are idempotent; answers are never touched.
 */
import { personTestMaxScore, type Instrument, type PersonTestType } from '@lectio/shared';
import { batchPut } from '../platform/db/batch';
import { testKeys } from './keys';
import type { TestDefinitionItem, Texts } from './model';
import definitions from './instruments/tests.json';
import bartleEn from './instruments/bartle.en.json';
import bartleSk from './instruments/bartle.sk.json';
import itqEn from './instruments/itq.en.json';
import itqSk from './instruments/itq.sk.json';
import metacognitionEn from './instruments/metacognition.en.json';
import metacognitionSk from './instruments/metacognition.sk.json';
import criticalInquiryEn from './instruments/critical_inquiry.en.json';
import criticalInquirySk from './instruments/critical_inquiry.sk.json';
import challengingEn from './instruments/challenging.en.json';
import challengingSk from './instruments/challenging.sk.json';

type RawInstrument = Omit<Instrument, 'items'> & { items: Array<{ code: string; text: string; options?: string[]; traits?: string[] }> };

export const instruments: Record<PersonTestType, Record<'en' | 'sk', RawInstrument>> = {
  bartle: { en: bartleEn, sk: bartleSk },
  itq: { en: itqEn, sk: itqSk },
  metacognition: { en: metacognitionEn, sk: metacognitionSk },
  critical_inquiry: { en: criticalInquiryEn, sk: criticalInquirySk },
  challenging: { en: challengingEn, sk: challengingSk },
};

interface RawDefinition {
  id: number;
  test_type: string;
  name: Texts;
  description: Texts;
  max_score?: number;
  rpt?: number;
}

export const testDefinitions = definitions as { psycho: RawDefinition[]; person: RawDefinition[] };

/** The stored instrument: what the page shows (the trait keys stay in the scoring rules). */
const stored = (raw: RawInstrument): Instrument => ({
  ...raw,
  items: raw.items.map(({ code, text, options }) => ({ code, text, ...(options ? { options } : {}) })),
});

export async function seedTests(): Promise<void> {
  const items: Array<Record<string, unknown>> = [];
  for (const kind of ['psycho', 'person'] as const) {
    for (const raw of testDefinitions[kind]) {
      const def: TestDefinitionItem = {
        kind,
        test_id: raw.id,
        test_type: raw.test_type as TestDefinitionItem['test_type'],
        names: raw.name,
        descriptions: raw.description,
        max_score: kind === 'person' ? personTestMaxScore(raw.test_type as PersonTestType) : raw.max_score ?? 0,
        rpt: raw.rpt ?? 0,
      };
      items.push({ ...testKeys.definition(kind, raw.id), type: 'test-definition', ...def });
      if (kind === 'person') {
        for (const lang of ['en', 'sk'] as const) {
          const instrument = stored(instruments[raw.test_type as PersonTestType][lang]);
          items.push({ ...testKeys.instrument(raw.id, lang), type: 'test-instrument', test_id: raw.id, lang, instrument });
        }
      }
    }
  }
  await batchPut(items);
}
