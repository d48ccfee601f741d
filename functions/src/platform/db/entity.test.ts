/** Typed entities with DynamoDB mocked: reads parse with defaults, writes send exactly the item, updates spell placeholders. */
import { beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { BatchGetCommand, DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { defineEntity, getEach, num, optNum, str, StoredItemInvalid, updateExpression } from './entity';

const ddb = mockClient(DynamoDBDocumentClient);
beforeEach(() => ddb.reset());

const messages = defineEntity('message', {
  message_id: z.number(),
  title: str(),
  message_type: num(1),
  passed: num(),
  read_at: optNum(),
});
const key = { pk: 'USER#1', sk: 'MSG#0000000007' };

describe('reads', () => {
  it('parses an item: defaults for what an old item lacks, other attributes kept', async () => {
    // Prepare
    ddb.on(GetCommand).resolves({ Item: { ...key, type: 'message', message_id: 7, passed: 1, read_at: null } });
    // Act
    const item = await messages.get(key);
    // Assess
    expect(item).toEqual({ ...key, type: 'message', message_id: 7, title: '', message_type: 1, passed: 1, read_at: null });
    expect(ddb.commandCalls(GetCommand)[0]!.args[0].input).toEqual({ TableName: expect.any(String), Key: key });
  });

  it('answers null for a missing item and reads strongly when asked', async () => {
    ddb.on(GetCommand).resolves({});
    expect(await messages.get(key, { consistent: true })).toBeNull();
    expect(ddb.commandCalls(GetCommand)[0]!.args[0].input).toMatchObject({ ConsistentRead: true });
  });

  it('refuses an item that does not match its schema, naming the entity, key and field', async () => {
    ddb.on(GetCommand).resolves({ Item: { ...key, message_id: 'seven' } });
    const read = messages.get(key);
    await expect(read).rejects.toBeInstanceOf(StoredItemInvalid);
    await expect(messages.get(key)).rejects.toThrow(/message .*MSG#0000000007.*message_id/);
  });

  it('reads some attributes (a projection) and parses just those', async () => {
    ddb.on(GetCommand).resolves({ Item: { passed: 1 } });
    expect(await messages.getFields(key, ['passed', 'title'])).toEqual({ passed: 1, title: '' });
    expect(ddb.commandCalls(GetCommand)[0]!.args[0].input).toMatchObject({ ProjectionExpression: '#p0, #p1', ExpressionAttributeNames: { '#p0': 'passed', '#p1': 'title' } });
  });

  it('queries every page of a prefix and parses each item', async () => {
    ddb
      .on(QueryCommand)
      .resolvesOnce({ Items: [{ ...key, message_id: 7 }], LastEvaluatedKey: key })
      .resolvesOnce({ Items: [{ ...key, sk: 'MSG#0000000008', message_id: 8, passed: 1 }] });
    const items = await messages.queryPrefix({ pk: 'USER#1', prefix: 'MSG#' });
    expect(items.map((m) => [m.message_id, m.passed, m.message_type])).toEqual([
      [7, 0, 1],
      [8, 1, 1],
    ]);
    expect(ddb.commandCalls(QueryCommand)[1]!.args[0].input).toMatchObject({ ExclusiveStartKey: key });
  });

  it('reads items of different entities in one batch, in key order, null for the missing', async () => {
    const counters = defineEntity('counter', { value: num() });
    ddb.on(BatchGetCommand).callsFake((input: { RequestItems: Record<string, unknown> }) => ({
      Responses: { [Object.keys(input.RequestItems)[0]!]: [{ pk: 'C', sk: 'X', value: 3 }] },
    }));
    const [message, counter] = await getEach([
      [messages, key],
      [counters, { pk: 'C', sk: 'X' }],
    ]);
    expect(message).toBeNull();
    expect(counter?.value).toBe(3);
  });
});

describe('writes', () => {
  it('puts exactly the item given, with its condition', async () => {
    ddb.on(PutCommand).resolves({});
    const item = { ...key, type: 'message', message_id: 7, title: 'Hi', message_type: 2, passed: 0 };
    await messages.put(item, { ConditionExpression: 'attribute_not_exists(pk)' });
    expect(ddb.commandCalls(PutCommand)[0]!.args[0].input).toEqual({ TableName: expect.any(String), Item: item, ConditionExpression: 'attribute_not_exists(pk)' });
  });

  it('updates named attributes through placeholders and answers the parsed item', async () => {
    ddb.on(UpdateCommand).resolves({ Attributes: { ...key, message_id: 7, passed: 1 } });
    const after = await messages.update(key, { set: { passed: 1 }, condition: 'attribute_exists(pk)' }, { returnItem: true });
    expect(after?.passed).toBe(1);
    expect(ddb.commandCalls(UpdateCommand)[0]!.args[0].input).toEqual({
      TableName: expect.any(String),
      Key: key,
      UpdateExpression: 'SET #u0 = :u0',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: { '#u0': 'passed' },
      ExpressionAttributeValues: { ':u0': 1 },
      ReturnValues: 'ALL_NEW',
    });
  });

  it('spells SET, if_not_exists, ADD and REMOVE in one expression, keeping the condition’s own placeholders', () => {
    expect(updateExpression({ set: { a: 1 }, setIfAbsent: { b: '' }, add: { c: 2 }, remove: ['d'], condition: '#r = :r', names: { '#r': 'rev' }, values: { ':r': 3 } })).toEqual({
      UpdateExpression: 'SET #u0 = :u0, #u1 = if_not_exists(#u1, :u1) ADD #u2 :u2 REMOVE #u3',
      ConditionExpression: '#r = :r',
      ExpressionAttributeNames: { '#r': 'rev', '#u0': 'a', '#u1': 'b', '#u2': 'c', '#u3': 'd' },
      ExpressionAttributeValues: { ':r': 3, ':u0': 1, ':u1': '', ':u2': 2 },
    });
    expect(() => updateExpression({})).toThrow('must change something');
  });
});
