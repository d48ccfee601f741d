/**
 * Data access of the tests domain. Every request reads a bounded number of items: the few test
 * definitions, one counter per test and at most ATTEMPTS_LISTED attempts per test (newest first).
 */
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { db, table } from '../platform/db/client';
import { defineEntity, num } from '../platform/db/entity';
import { GSI1 } from '../platform/db/schema';
import { Conflict, NotFound } from '../platform/http/errors';
import { testKeys, type TestKind } from './keys';
import { answerItems, definitionItems, instrumentItems, statsItems, type AnswerItem, type InstrumentItem, type TestDefinitionItem } from './model';
import { accountKeys } from '../accounts';

/** The part of the user's profile this domain reads (its language). */
const profiles = defineEntity('user', { lang_id: num(1) });

/** Attempts shown per test in the lists. */
export const ATTEMPTS_LISTED = 20;

const conditionFailed = (error: unknown) => (error as Error).name === 'ConditionalCheckFailedException';
const transactionCancelled = (error: unknown) => (error as Error).name === 'TransactionCanceledException';

export async function listDefinitions(kind: TestKind): Promise<TestDefinitionItem[]> {
  const { items } = await definitionItems.queryPage({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': testKeys.definitionsOf(kind).pk, ':prefix': testKeys.definitionsOf(kind).prefix },
  });
  return items.sort((a, b) => a.test_id - b.test_id);
}

export async function getDefinition(kind: TestKind, testId: number): Promise<TestDefinitionItem> {
  const definition = await definitionItems.get(testKeys.definition(kind, testId));
  if (!definition) throw new NotFound('Test not found.');
  return definition;
}

/** The items in the asked language, English when that language has none. */
export async function getInstrument(testId: number, lang: string): Promise<InstrumentItem> {
  for (const code of lang === 'en' ? ['en'] : [lang, 'en']) {
    const item = await instrumentItems.get(testKeys.instrument(testId, code));
    if (item) return item;
  }
  throw new NotFound('Test not found.');
}

/** The caller's UI language (1 when unknown). */
export async function userLanguage(userId: number): Promise<number> {
  return (await profiles.getFields(accountKeys.user(userId), ['lang_id']))?.lang_id ?? 1;
}

/** test_count per test id of one kind for a user. */
export async function testCounts(userId: number, kind: TestKind): Promise<Map<number, number>> {
  const { items } = await statsItems.queryPage({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': testKeys.statsOf(userId, kind).pk, ':prefix': testKeys.statsOf(userId, kind).prefix },
  });
  return new Map(items.map((i) => [i.test_id, i.test_count]));
}

export const recentAttempts = (userId: number, kind: TestKind, testId: number): Promise<AnswerItem[]> =>
  answerItems.latest(testKeys.answersOf(userId, kind, testId), ATTEMPTS_LISTED);

export async function getAnswer(userId: number, kind: TestKind, testId: number, answerId: number): Promise<AnswerItem> {
  const answer = await answerItems.get(testKeys.answer(userId, kind, testId, answerId), { consistent: true });
  if (!answer) throw new NotFound('Attempt not found.');
  return answer;
}

const NO_MORE = 'No more attempts of this test are allowed.';
export const FINISHED = 'This attempt is already finished.';

/** Why each part of a cancelled transaction failed ('None' for the parts that did not). */
const cancellationCodes = (error: unknown) =>
  ((error as { CancellationReasons?: Array<{ Code?: string }> }).CancellationReasons ?? []).map((r) => r.Code ?? 'None');

/** For personalisation tests the counter must stay below rpt (the Start button's rule, enforced here). */
const belowRpt = (rpt: number) => (rpt > 0 ? { condition: 'attribute_not_exists(test_count) OR test_count < :rpt', values: { ':rpt': rpt } } : {});

/**
 * A repeat is used when an attempt is finished, not when it is started (issue 20 item 17): the
 * counter (test_count) counts finished attempts and grows in the same transaction that finishes one,
 * still conditioned on rpt, so concurrent finishes never pass the limit.
 */
const countFinished = (record: AnswerItem, rpt: number) => ({
  Update: statsItems.updateInput(testKeys.stats(record.user_id, record.kind, record.test_id), {
    set: { test_id: record.test_id, type: 'test-stats' },
    add: { test_count: 1 },
    ...belowRpt(rpt),
  }),
});

/** A started attempt uses no repeat, but only a user with one left may start one (the same rpt rule). */
const startCheck = (record: AnswerItem, rpt: number) => ({
  ConditionCheck: {
    TableName: table(),
    Key: testKeys.stats(record.user_id, record.kind, record.test_id),
    ConditionExpression: 'attribute_not_exists(test_count) OR test_count < :rpt',
    ExpressionAttributeValues: { ':rpt': rpt },
  },
});

/** A new attempt; a finished one (saved final at once) counts in the same transaction. */
export async function createAnswer(record: AnswerItem, rpt: number): Promise<void> {
  const { kind, test_id: testId, user_id: userId, answer_id: answerId } = record;
  const put = {
    Put: answerItems.putInput(
      { ...testKeys.answer(userId, kind, testId, answerId), type: 'test-answer', ...record, ...researchIndex(record) },
      { ConditionExpression: 'attribute_not_exists(pk)' },
    ),
  };
  const counter = record.final === 1 ? [countFinished(record, rpt)] : rpt > 0 ? [startCheck(record, rpt)] : [];
  try {
    await db.send(new TransactWriteCommand({ TransactItems: [...counter, put] }));
  } catch (error) {
    if (transactionCancelled(error)) throw new Conflict(NO_MORE);
    throw error;
  }
}

/** A finished answer given with consent is indexed for the research export; nothing else is. */
const researchIndex = (record: AnswerItem) =>
  record.final === 1 && record.agreement === 1 ? testKeys.research(record.kind, record.test_id, record.time_start, record.answer_id) : {};

/**
 * Saves a new state of an attempt that is still in progress; a finished one is never changed. The
 * save that finishes it uses one repeat (refused when none is left).
 */
export async function updateAnswer(record: AnswerItem, rpt: number): Promise<void> {
  const index = researchIndex(record);
  const fields = {
    score: record.score,
    answers: record.answers,
    final: record.final,
    rslt: record.rslt,
    agreement: record.agreement,
    time_length: record.time_length,
    status: record.status,
    ...index,
  };
  const change = {
    set: fields,
    condition: 'attribute_exists(pk) AND #final = :open',
    names: { '#final': 'final' },
    values: { ':open': 0 },
  };
  const key = testKeys.answer(record.user_id, record.kind, record.test_id, record.answer_id);
  try {
    if (record.final === 1) await db.send(new TransactWriteCommand({ TransactItems: [{ Update: answerItems.updateInput(key, change) }, countFinished(record, rpt)] }));
    else await answerItems.update(key, change);
  } catch (error) {
    // Finished by a concurrent save since it was read.
    if (conditionFailed(error)) throw new Conflict(FINISHED);
    if (transactionCancelled(error)) throw new Conflict(cancellationCodes(error)[0] === 'ConditionalCheckFailed' ? FINISHED : NO_MORE);
    throw error;
  }
}

/** One page of consented, finished answers of a test, oldest first. */
export async function researchPage(kind: TestKind, testId: number, limit: number, after?: Record<string, unknown>) {
  return answerItems.queryPage({
    IndexName: GSI1,
    KeyConditionExpression: 'gsi1pk = :k',
    ExpressionAttributeValues: { ':k': testKeys.researchPartition(kind, testId) },
    Limit: limit,
    ...(after ? { ExclusiveStartKey: after } : {}),
  });
}
