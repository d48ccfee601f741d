/** Item shapes of the tests domain as stored in the table. */
import type { Instrument, PersonTestType, PsychoTestType } from '@lectio/shared';
import type { TestKind } from './keys';

export type Texts = { en: string; sk: string };

export interface TestDefinitionItem {
  kind: TestKind;
  test_id: number;
  test_type: PsychoTestType | PersonTestType;
  names: Texts;
  descriptions: Texts;
  max_score: number;
  /** Allowed attempts of a personalisation test; 0 = unlimited (cognitive tests). */
  rpt: number;
}

export interface InstrumentItem {
  test_id: number;
  lang: string;
  instrument: Instrument;
}

export interface AnswerItem {
  kind: TestKind;
  test_id: number;
  test_type: string;
  answer_id: number;
  user_id: number;
  /** 'YYYY-MM-DD HH:mm:ss' UTC. */
  time_start: string;
  started_ms: number;
  score: number;
  answers: string;
  final: 0 | 1;
  rslt: string;
  agreement: 0 | 1;
  time_length: number;
  status: string;
}

/** The texts of the caller's language: Slovak for lang 2, English otherwise. */
export const langCode = (langId: number): keyof Texts => (langId === 2 ? 'sk' : 'en');
