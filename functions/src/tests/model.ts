/** Item shapes of the tests domain as stored in the table: entities whose schemas type every read. */
import * as z from 'zod';
import { languageById, type Instrument, type LanguageCode, type PersonTestType, type PsychoTestType } from '@lectio/shared';
import { defineEntity, num, type ItemOf } from '../platform/db/entity';

/** A text in the UI languages; English is always there (the fallback). */
export type Texts = { en: string } & Partial<Record<LanguageCode, string>>;

const kind = z.enum(['psycho', 'person']);
const texts = z.object({ en: z.string() }).catchall(z.string());
const zeroOrOne = z.union([z.literal(0), z.literal(1)]);

/** A test's definition (pk=TESTDEF#{kind}, sk=TEST#{id}). */
export const definitionItems = defineEntity('test-definition', {
  kind,
  test_id: z.number(),
  test_type: z.custom<PsychoTestType | PersonTestType>((v) => typeof v === 'string'),
  names: texts,
  descriptions: texts,
  max_score: num(),
  /** Allowed attempts of a personalisation test; 0 = unlimited (cognitive tests). */
  rpt: num(),
});
export type TestDefinitionItem = ItemOf<typeof definitionItems>;

/** A personalisation test's items in one language (checked by the seed against the shared schema; kept as stored). */
export const instrumentItems = defineEntity('test-instrument', {
  test_id: z.number(),
  lang: z.string(),
  instrument: z.custom<Instrument>((v) => typeof v === 'object' && v !== null),
});
export type InstrumentItem = ItemOf<typeof instrumentItems>;

/** A user's attempt of a test. */
export const answerItems = defineEntity('test-answer', {
  kind,
  test_id: z.number(),
  test_type: z.string(),
  answer_id: z.number(),
  user_id: z.number(),
  /** 'YYYY-MM-DD HH:mm:ss' UTC. */
  time_start: z.string(),
  started_ms: num(),
  score: num(),
  answers: z.string(),
  final: zeroOrOne,
  rslt: z.string(),
  agreement: zeroOrOne,
  time_length: num(),
  status: z.string(),
});
export type AnswerItem = ItemOf<typeof answerItems>;

/** A user's count of finished attempts of one test (a repeat is used when an attempt is finished). */
export const statsItems = defineEntity('test-stats', { type: z.literal('test-stats').optional(), test_id: z.number(), test_count: num() });

/** The caller's language code (English for an unknown id). */
export const langCode = (langId: number): LanguageCode => languageById(langId).shortcut;

/** A test's name or description in the caller's language, English where it has none (as UI strings fall back). */
export const textIn = (texts: Texts, langId: number): string => texts[langCode(langId)] || texts.en;
