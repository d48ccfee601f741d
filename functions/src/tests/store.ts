/**
 * Data access of the tests domain. Every request reads a bounded number of items: the few test
 * definitions, one counter per test and at most ATTEMPTS_LISTED attempts per test (newest first).
 */
import { GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, table } from '../platform/db/client';
import { queryLatest } from '../platform/db/operations';
import { GSI1 } from '../platform/db/schema';
import { Conflict, NotFound } from '../platform/http/errors';
import { testKeys, type TestKind } from './keys';
import type { AnswerItem, InstrumentItem, TestDefinitionItem } from './model';
import { accountKeys } from '../accounts';

/** Attempts shown per test in the lists. */
export const ATTEMPTS_LISTED = 20;

const conditionFailed = (error: unknown) => (error as Error).name === 'ConditionalCheckFailedException';
const transactionCancelled = (error: unknown) => (error as Error).name === 'TransactionCanceledException';

export async function listDefinitions(kind: TestKind): Promise<TestDefinitionItem[]> {
  const { pk, prefix } = testKeys.definitionsOf(kind);
  const out = await db.send(
    new QueryCommand({
      TableName: table(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': pk, ':prefix': prefix },
    }),
  );
  return ((out.Items ?? []) as TestDefinitionItem[]).sort((a, b) => a.test_id - b.test_id);
}

export async function getDefinition(kind: TestKind, testId: number): Promise<TestDefinitionItem> {
  const out = await db.send(new GetCommand({ TableName: table(), Key: testKeys.definition(kind, testId) }));
  if (!out.Item) throw new NotFound('Test not found.');
  return out.Item as TestDefinitionItem;
}

/** The items in the asked language, English when that language has none. */
export async function getInstrument(testId: number, lang: string): Promise<InstrumentItem> {
  for (const code of lang === 'en' ? ['en'] : [lang, 'en']) {
    const out = await db.send(new GetCommand({ TableName: table(), Key: testKeys.instrument(testId, code) }));
    if (out.Item) return out.Item as InstrumentItem;
  }
  throw new NotFound('Test not found.');
}

/** The caller's UI language (1 when unknown). */
export async function userLanguage(userId: number): Promise<number> {
  const out = await db.send(new GetCommand({ TableName: table(), Key: accountKeys.user(userId), ProjectionExpression: 'lang_id' }));
  return Number(out.Item?.lang_id ?? 1);
}

/** test_count per test id of one kind for a user. */
export async function testCounts(userId: number, kind: TestKind): Promise<Map<number, number>> {
  const out = await db.send(
    new QueryCommand({
      TableName: table(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': testKeys.statsOf(userId, kind).pk, ':prefix': testKeys.statsOf(userId, kind).prefix },
    }),
  );
  return new Map((out.Items ?? []).map((i) => [Number(i.test_id), Number(i.test_count ?? 0)]));
}

export const recentAttempts = (userId: number, kind: TestKind, testId: number): Promise<AnswerItem[]> =>
  queryLatest<AnswerItem>(testKeys.answersOf(userId, kind, testId), ATTEMPTS_LISTED);

export async function getAnswer(userId: number, kind: TestKind, testId: number, answerId: number): Promise<AnswerItem> {
  const out = await db.send(
    new GetCommand({ TableName: table(), Key: testKeys.answer(userId, kind, testId, answerId), ConsistentRead: true }),
  );
  if (!out.Item) throw new NotFound('Attempt not found.');
  return out.Item as AnswerItem;
}

/**
 * A new attempt and its counter in one transaction; for personalisation tests the counter must
 * stay below rpt (the Start button's rule, enforced here).
 */
export async function createAnswer(record: AnswerItem, rpt: number): Promise<void> {
  const { kind, test_id: testId, user_id: userId, answer_id: answerId } = record;
  try {
    await db.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: table(),
              Key: testKeys.stats(userId, kind, testId),
              UpdateExpression: 'ADD test_count :one SET test_id = :test, #type = :type',
              ...(rpt > 0 ? { ConditionExpression: 'attribute_not_exists(test_count) OR test_count < :rpt' } : {}),
              ExpressionAttributeNames: { '#type': 'type' },
              ExpressionAttributeValues: { ':one': 1, ':test': testId, ':type': 'test-stats', ...(rpt > 0 ? { ':rpt': rpt } : {}) },
            },
          },
          {
            Put: {
              TableName: table(),
              Item: { ...testKeys.answer(userId, kind, testId, answerId), type: 'test-answer', ...record, ...researchIndex(record) },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
        ],
      }),
    );
  } catch (error) {
    if (transactionCancelled(error)) throw new Conflict('No more attempts of this test are allowed.');
    throw error;
  }
}

/** A finished answer given with consent is indexed for the research export; nothing else is. */
const researchIndex = (record: AnswerItem) =>
  record.final === 1 && record.agreement === 1 ? testKeys.research(record.kind, record.test_id, record.time_start, record.answer_id) : {};

/** Saves a new state of an attempt that is still in progress; a finished one is never changed. */
export async function updateAnswer(record: AnswerItem): Promise<void> {
  const index = researchIndex(record);
  const fields: Record<string, unknown> = {
    score: record.score,
    answers: record.answers,
    final: record.final,
    rslt: record.rslt,
    agreement: record.agreement,
    time_length: record.time_length,
    status: record.status,
    ...index,
  };
  const names = Object.keys(fields);
  try {
    await db.send(
      new UpdateCommand({
        TableName: table(),
        Key: testKeys.answer(record.user_id, record.kind, record.test_id, record.answer_id),
        UpdateExpression: `SET ${names.map((n, i) => `#f${i} = :v${i}`).join(', ')}`,
        ConditionExpression: 'attribute_exists(pk) AND #final = :open',
        ExpressionAttributeNames: { ...Object.fromEntries(names.map((n, i) => [`#f${i}`, n])), '#final': 'final' },
        ExpressionAttributeValues: { ...Object.fromEntries(names.map((n, i) => [`:v${i}`, fields[n]])), ':open': 0 },
      }),
    );
  } catch (error) {
    // Finished by a concurrent save since it was read.
    if (conditionFailed(error)) throw new Conflict('This attempt is already finished.');
    throw error;
  }
}

/** One page of consented, finished answers of a test, oldest first. */
export async function researchPage(kind: TestKind, testId: number, limit: number, after?: Record<string, unknown>) {
  const out = await db.send(
    new QueryCommand({
      TableName: table(),
      IndexName: GSI1,
      KeyConditionExpression: 'gsi1pk = :k',
      ExpressionAttributeValues: { ':k': testKeys.researchPartition(kind, testId) },
      Limit: limit,
      ...(after ? { ExclusiveStartKey: after } : {}),
    }),
  );
  return { items: (out.Items ?? []) as AnswerItem[], last: out.LastEvaluatedKey };
}
