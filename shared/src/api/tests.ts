/**
 * Tests domain (spec/3 §2, §3, §7 "Tests"): cognitive ("psycho") tests and personalisation tests,
 * their answer records, and the anonymous research export (spec/1 §1).
 */
import * as z from 'zod';
import { defineDomain, idParam, numeric } from '../registry';
import { personTestTypes } from '../rules/personalisation-tests';

const id = z.number().int();
const text = z.string();
const byId = z.object({ id: idParam });

export const psychoTestTypes = ['number_memory', 'mackworth', 'vigilance'] as const;
export type PsychoTestType = (typeof psychoTestTypes)[number];

/** Where a run ended; 'running' only in a record saved while in progress. */
export const runStatus = z.enum(['running', 'completed', 'abandon']);

// ---------------------------------------------------------------- raw answers (JSON text)

const ms = z.number().finite().min(0).max(1_000_000);

/** Number memory: every attempt's number and typed answer. */
export const numberMemoryAnswers = z.object({
  status: runStatus,
  attempts: z.array(z.object({ number: z.string().max(10), answer: z.string().max(20) })).max(27),
});

/** Mackworth clock: target ticks (s), measured onsets of the shown targets and key presses (ms). */
export const mackworthAnswers = z.object({
  status: runStatus,
  targets: z.array(z.number().int().min(0).max(600)).max(60),
  onsets: z.array(ms).max(60),
  presses: z.array(ms).max(600),
});

/** Vigilance reaction: measured stimulus onsets and key presses (ms). */
export const vigilanceAnswers = z.object({
  status: runStatus,
  onsets: z.array(ms).max(400),
  presses: z.array(ms).max(1000),
});

export const psychoAnswerSchemas = {
  number_memory: numberMemoryAnswers,
  mackworth: mackworthAnswers,
  vigilance: vigilanceAnswers,
} as const;
export type NumberMemoryAnswers = z.infer<typeof numberMemoryAnswers>;
export type MackworthAnswers = z.infer<typeof mackworthAnswers>;
export type VigilanceAnswers = z.infer<typeof vigilanceAnswers>;

/** Questionnaires: item code → chosen value. */
export const personAnswers = z.record(z.string().max(12), z.number().int().min(0).max(7)).refine((a) => Object.keys(a).length <= 60, 'Too many items');

// ---------------------------------------------------------------- lists and pages

export const psychoAttempt = z.object({
  id,
  time_start: text,
  score: z.number(),
  final: id,
  status: z.string(),
});

export const testDescription = z.object({ description: text });

export const psychoTest = z.object({
  id,
  test_name: text,
  test_type: z.enum(psychoTestTypes),
  test_count: id,
  max_score: z.number(),
  attempts: z.array(psychoAttempt),
  info: z.array(testDescription),
});

export const personAttempt = z.object({
  id,
  time_start: text,
  score: z.number(),
  final: id,
  /** JSON text of the scales (3 decimals); '' until the attempt is finished. */
  rslt: text,
  time_length: id,
});

export const personTest = z.object({
  id,
  test_name: text,
  test_type: z.enum(personTestTypes),
  test_count: id,
  rpt: id,
  max_score: z.number(),
  attempts: z.array(personAttempt),
  info: z.array(testDescription),
});

/** One item of a questionnaire in the caller's language. */
export const instrumentItem = z.object({
  code: text,
  text,
  /** Bartle's two options (in the order of the rule's trait pair); Likert items use the scale labels. */
  options: z.array(text).optional(),
});

export const instrument = z.object({
  lang: text,
  intro: text,
  /** Labels of a Likert row, lowest value first. */
  scale_labels: z.array(text),
  items: z.array(instrumentItem),
  consent: z.object({ text, options: z.array(text) }),
  /** Display names of the scales in the result. */
  scale_names: z.record(z.string(), text),
  /** Where the wording comes from (own items written for the construct, or the licence). */
  source: text,
});
export type Instrument = z.infer<typeof instrument>;

export const psychoTestInfo = z.object({
  id,
  test_name: text,
  test_type: z.enum(psychoTestTypes),
  description: text,
  max_score: z.number(),
});

export const personTestInfo = z.object({
  id,
  test_name: text,
  test_type: z.enum(personTestTypes),
  description: text,
  max_score: z.number(),
  rpt: id,
  instrument,
});

// ---------------------------------------------------------------- writes

const answerId = numeric(z.number({ message: 'Must be a number' }).int('Must be a whole number').min(0).max(2_147_483_647));
const testId = numeric(z.number({ message: 'Must be a number' }).int('Must be a whole number').min(1).max(1000));
const flag = numeric(z.union([z.literal(0), z.literal(1)], { message: 'Must be 0 or 1' }));
/** The client's own score is accepted for compatibility and ignored: the server recomputes it. */
const clientScore = numeric(z.number({ message: 'Must be a number' }).finite().min(-1_000_000).max(1_000_000)).optional();
const answersText = z.string().max(50_000, 'At most 50000 characters');

export const writePsychoAnswer = z.object({
  id: answerId,
  test_id: testId,
  score: clientScore,
  answers: answersText,
  final: flag,
  /** The consent box; records without consent are never exported. */
  agreement: flag.optional(),
});

export const writePersonAnswer = z.object({
  id: answerId,
  test_id: testId,
  score: clientScore,
  answers: answersText,
  final: flag,
  rslt: z.string().max(5000).optional(),
  agreement: flag.optional(),
  time_length: numeric(z.number().int().min(0).max(10_000_000)).optional(),
});

export const researchRecord = z.object({
  /** Stable per user, not reversible to the user without the server's secret. */
  pseudonym: text,
  kind: z.enum(['psycho', 'person']),
  test_id: id,
  test_type: text,
  answer_id: id,
  time_start: text,
  time_length: id,
  score: z.number(),
  rslt: text,
  answers: text,
});

export const testsRoutes = defineDomain('tests', (route) => ({
  getMyPsychoTests: route({
    method: 'GET', path: '/get-my-psycho-tests', access: 'user',
    summary: 'Cognitive tests with the caller\'s attempts (start time and score)',
    response: z.object({ tests: z.array(psychoTest) }),
  }),
  getInfoPsychoTest: route({
    method: 'GET', path: '/get-info-psycho-test/{id}', access: 'user',
    summary: 'A cognitive test by id for its page: name, type and description', params: byId,
    response: z.object({ message: z.literal('OK'), info: z.array(psychoTestInfo) }),
  }),
  getPsychoTestInfo: route({
    method: 'GET', path: '/get-psycho-test-info/{id}', access: 'user',
    summary: "A cognitive test with the caller's attempts", params: byId,
    response: z.object({ info: psychoTest }),
  }),
  writeMyPsychoTestAnswer: route({
    method: 'POST', path: '/write-my-psycho-test-answer', access: 'user',
    summary: 'Saves a cognitive test run (id 0 starts one); the server recomputes the score; a finished run is refused',
    body: writePsychoAnswer,
    response: z.object({ message: z.literal('OK'), answer_id: id, score: z.number() }),
  }),
  getMyPersonTests: route({
    method: 'GET', path: '/get-my-person-tests', access: 'user',
    summary: "Personalisation tests with the caller's attempts, test_count and allowed repeats (rpt)",
    response: z.object({ tests: z.array(personTest) }),
  }),
  getPersonTestInfo: route({
    method: 'GET', path: '/get-person-test-info/{id}', access: 'user',
    summary: "A personalisation test with the caller's attempts", params: byId,
    response: z.object({ info: personTest }),
  }),
  getInfoPersonTest: route({
    method: 'GET', path: '/get-info-person-test/{id}', access: 'user',
    summary: "A personalisation test by id for its page, with its items in the caller's language", params: byId,
    response: z.object({ message: z.literal('OK'), info: z.array(personTestInfo) }),
  }),
  writeMyPersonTestAnswer: route({
    method: 'POST', path: '/write-my-person-test-answer', access: 'user',
    summary: 'Saves a personalisation attempt (id 0 starts one while test_count < rpt); the server recomputes score and scales',
    body: writePersonAnswer,
    response: z.object({ message: z.literal('OK'), answer_id: id, score: z.number(), rslt: text }),
  }),
  getTestsResearchExport: route({
    method: 'GET', path: '/get-tests-research-export', access: 'admin',
    summary: 'Admin: finished answers given with consent, under stable pseudonyms (no name, e-mail or user id); paged',
    query: z.object({
      kind: z.enum(['psycho', 'person'], { message: "Must be 'psycho' or 'person'" }),
      test_id: testId,
      limit: numeric(z.number().int().min(1).max(500)).optional(),
      after: z.string().max(200).optional(),
    }),
    response: z.object({ list: z.array(researchRecord), next: z.string().nullable() }),
  }),
}));
