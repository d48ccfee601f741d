/**
 * Keys of the tests domain (see db/schema.ts for the whole table). Test kinds have their own id
 * spaces: cognitive ("psycho") tests 1..3, personalisation ("person") tests 1..5.
 */
export type TestKind = 'psycho' | 'person';

const pad = (n: number, width: number) => String(n).padStart(width, '0');
const K = (kind: TestKind) => kind.toUpperCase();

export const testKeys = {
  /** A test definition; all of one kind: pk=TESTDEF, sk begins_with {KIND}#. */
  definition: (kind: TestKind, testId: number) => ({ pk: 'TESTDEF', sk: `${K(kind)}#${pad(testId, 4)}` }),
  /** All definitions of one kind. */
  definitionsOf: (kind: TestKind) => ({ pk: 'TESTDEF', prefix: `${K(kind)}#` }),
  /** The items of a personalisation test in one language. */
  instrument: (testId: number, lang: string) => ({ pk: 'TESTDEF', sk: `ITEMS#PERSON#${pad(testId, 4)}#${lang}` }),
  /** A user's finished attempts per test (test_count: a started attempt uses no repeat until it is finished). */
  stats: (userId: number, kind: TestKind, testId: number) => ({ pk: `USER#${userId}`, sk: `TSTAT#${K(kind)}#${pad(testId, 4)}` }),
  statsPrefix: (kind: TestKind) => `TSTAT#${K(kind)}#`,
  /** A user's attempt counters of one kind. */
  statsOf: (userId: number, kind: TestKind) => ({ pk: `USER#${userId}`, prefix: `TSTAT#${K(kind)}#` }),
  /** One answer record; a user's attempts of a test, newest first: begins_with TANS#{KIND}#{test}#. */
  answer: (userId: number, kind: TestKind, testId: number, answerId: number) => ({
    pk: `USER#${userId}`,
    sk: `TANS#${K(kind)}#${pad(testId, 4)}#${pad(answerId, 10)}`,
  }),
  answerPrefix: (kind: TestKind, testId: number) => `TANS#${K(kind)}#${pad(testId, 4)}#`,
  /** A user's answers of one test. */
  answersOf: (userId: number, kind: TestKind, testId: number) => ({ pk: `USER#${userId}`, prefix: `TANS#${K(kind)}#${pad(testId, 4)}#` }),
  /** GSI1 partition of a test's consented finished answers. */
  researchPartition: (kind: TestKind, testId: number) => `TRESEARCH#${K(kind)}#${pad(testId, 4)}`,
  /** Sparse GSI1 entry of a finished answer given with consent: the research export reads it. */
  research: (kind: TestKind, testId: number, timeStart: string, answerId: number) => ({
    gsi1pk: `TRESEARCH#${K(kind)}#${pad(testId, 4)}`,
    gsi1sk: `${timeStart}#${pad(answerId, 10)}`,
  }),
};
