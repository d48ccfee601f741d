/** The shared table operations with DynamoDB mocked: what they send, and how refusals become domain errors. */
import { beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { DeleteCommand, DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { addToCounter, anyWithPrefix, conditionFailed, consumeOnce, createOnce, createOrGet, orFail, putIfAbsent, queryPrefix, swapOrders } from './operations';

const ddb = mockClient(DynamoDBDocumentClient);
const named = (name: string) => Object.assign(new Error(name), { name });
class Refused extends Error {}

beforeEach(() => ddb.reset());

describe('conditionFailed and orFail', () => {
  it('maps a failed condition (single write or transaction) to the domain error and lets other errors pass', async () => {
    expect(conditionFailed(named('ConditionalCheckFailedException'))).toBe(true);
    expect(conditionFailed(named('TransactionCanceledException'))).toBe(true);
    expect(conditionFailed(named('ProvisionedThroughputExceededException'))).toBe(false);
    await expect(orFail(Promise.reject(named('ConditionalCheckFailedException')), () => new Refused('no'))).rejects.toBeInstanceOf(Refused);
    await expect(orFail(Promise.reject(named('InternalServerError')), () => new Refused('no'))).rejects.toThrow('InternalServerError');
    await expect(orFail(Promise.resolve(7), () => new Refused('no'))).resolves.toBe(7);
  });
});

describe('createOnce', () => {
  it('puts on condition that the key is free, and refuses a taken key with the domain error', async () => {
    // Prepare
    ddb.on(PutCommand).resolvesOnce({}).rejectsOnce(named('ConditionalCheckFailedException'));
    const item = { pk: 'USER#1', sk: 'UCOMP#00000002', status: 'open' };
    // Act
    await createOnce(item, () => new Refused('Already joined.'));
    const second = createOnce(item, () => new Refused('Already joined.'));
    // Assess
    await expect(second).rejects.toThrow('Already joined.');
    expect(ddb.commandCalls(PutCommand)[0]!.args[0].input).toMatchObject({ Item: item, ConditionExpression: 'attribute_not_exists(pk)' });
  });
});

describe('createOrGet and putIfAbsent', () => {
  const item = { pk: 'USER#1', sk: 'UCOURSE#00000002', user_course_id: 9 };

  it('creates the item when its key is free', async () => {
    // Prepare
    ddb.on(PutCommand).resolves({});
    // Act
    const result = await createOrGet(item);
    // Assess
    expect(result).toEqual({ created: true, item });
    expect(ddb.commandCalls(PutCommand)[0]!.args[0].input).toMatchObject({ Item: item, ConditionExpression: 'attribute_not_exists(pk)' });
    expect(ddb.commandCalls(GetCommand)).toHaveLength(0);
  });

  it('answers the item a racing request made first (strong read of the same key)', async () => {
    // Prepare
    ddb.on(PutCommand).rejects(named('ConditionalCheckFailedException'));
    ddb.on(GetCommand).resolves({ Item: { ...item, user_course_id: 7 } });
    // Act
    const result = await createOrGet(item);
    // Assess
    expect(result).toEqual({ created: false, item: { ...item, user_course_id: 7 } });
    expect(ddb.commandCalls(GetCommand)[0]!.args[0].input).toMatchObject({ Key: { pk: item.pk, sk: item.sk }, ConsistentRead: true });
  });

  it('reports the refusal when the item is gone again, and lets other errors pass', async () => {
    ddb.on(PutCommand).rejectsOnce(named('ConditionalCheckFailedException')).rejectsOnce(named('InternalServerError'));
    ddb.on(GetCommand).resolves({});
    await expect(createOrGet(item)).rejects.toThrow('ConditionalCheckFailedException');
    await expect(createOrGet(item)).rejects.toThrow('InternalServerError');
  });

  it('putIfAbsent answers whether it wrote', async () => {
    ddb.on(PutCommand).resolvesOnce({}).rejectsOnce(named('ConditionalCheckFailedException'));
    await expect(putIfAbsent(item)).resolves.toBe(true);
    await expect(putIfAbsent(item)).resolves.toBe(false);
  });
});

describe('consumeOnce', () => {
  const key = { pk: 'RESET#a@b.c', sk: 'TOKEN' };
  const options = (hash: string) => ({ guard: 'token_hash' as const, valid: (i: { token_hash: string }) => i.token_hash === hash, refused: () => new Refused('Invalid request.') });

  it('reads strongly, deletes on condition that the guard is unchanged and returns the item', async () => {
    ddb.on(GetCommand).resolves({ Item: { ...key, token_hash: 'h1' } });
    ddb.on(DeleteCommand).resolves({});
    await expect(consumeOnce(key, options('h1'))).resolves.toMatchObject({ token_hash: 'h1' });
    expect(ddb.commandCalls(GetCommand)[0]!.args[0].input.ConsistentRead).toBe(true);
    expect(ddb.commandCalls(DeleteCommand)[0]!.args[0].input).toMatchObject({ Key: key, ConditionExpression: '#g = :g', ExpressionAttributeValues: { ':g': 'h1' } });
  });

  it('refuses a missing or invalid item without deleting, after onInvalid', async () => {
    const seen: Array<unknown> = [];
    ddb.on(GetCommand).resolvesOnce({}).resolvesOnce({ Item: { ...key, token_hash: 'other' } });
    const onInvalid = async (item: unknown) => void seen.push(item);
    await expect(consumeOnce(key, { ...options('h1'), onInvalid })).rejects.toThrow('Invalid request.');
    await expect(consumeOnce(key, { ...options('h1'), onInvalid })).rejects.toThrow('Invalid request.');
    expect(seen).toEqual([null, { ...key, token_hash: 'other' }]);
    expect(ddb.commandCalls(DeleteCommand)).toHaveLength(0);
  });

  it('refuses an item another request consumed meanwhile', async () => {
    ddb.on(GetCommand).resolves({ Item: { ...key, token_hash: 'h1' } });
    ddb.on(DeleteCommand).rejects(named('ConditionalCheckFailedException'));
    await expect(consumeOnce(key, options('h1'))).rejects.toBeInstanceOf(Refused);
  });
});

describe('consumeOnce with a counting read', () => {
  it('uses the given read instead of the strong read, and passes a refused read (null) to onInvalid', async () => {
    // Prepare
    const key = { pk: 'RESET#a@b.c', sk: 'CODE' };
    const reads = [{ ...key, code_hash: 'h1', attempts: 1 }, null];
    const seen: unknown[] = [];
    ddb.on(DeleteCommand).resolves({});
    const consume = () =>
      consumeOnce<{ code_hash: string; attempts: number }>(key, {
        guard: 'code_hash',
        read: async () => reads.shift() ?? null,
        valid: (i) => i.code_hash === 'h1',
        refused: () => new Refused('Invalid code.'),
        onInvalid: async (i) => void seen.push(i),
      });
    // Act
    const first = await consume();
    const second = consume();
    // Assess
    expect(first).toMatchObject({ attempts: 1 });
    await expect(second).rejects.toThrow('Invalid code.');
    expect(seen).toEqual([null]);
    expect(ddb.commandCalls(GetCommand)).toHaveLength(0);
    expect(ddb.commandCalls(DeleteCommand)).toHaveLength(1);
  });
});

describe('swapOrders', () => {
  it('swaps both orders in one transaction on condition of the orders seen, copies on condition of existence', async () => {
    ddb.on(TransactWriteCommand).resolves({});
    const a = { key: { pk: 'AREA#1', sk: 'COURSE#00000001' }, order: 1, newOrder: 2 };
    const b = { key: { pk: 'AREA#1', sk: 'COURSE#00000002' }, order: 2, newOrder: 1 };
    await swapOrders('course_order', a, b, () => new Refused('stale'), [{ key: { pk: 'COURSE#1', sk: 'META' }, newOrder: 2 }]);
    const items = ddb.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems!;
    expect(items.map((i) => i.Update!.ConditionExpression)).toEqual(['#o = :e', '#o = :e', 'attribute_exists(pk)']);
    expect(items[0]!.Update!.ExpressionAttributeValues).toEqual({ ':v': 2, ':e': 1 });
  });

  it('reports a stale swap with the domain error', async () => {
    ddb.on(TransactWriteCommand).rejects(named('TransactionCanceledException'));
    const side = { key: { pk: 'CATALOGUE', sk: 'CATEGORY#00000001' }, order: 1, newOrder: 2 };
    await expect(swapOrders('category_order', side, side, () => new Refused('The order changed meanwhile.'))).rejects.toThrow('The order changed meanwhile.');
  });
});

describe('anyWithPrefix', () => {
  it('reads one key of the prefix and answers whether there is one', async () => {
    ddb.on(QueryCommand).resolvesOnce({ Items: [{ pk: 'USER#1' }] }).resolvesOnce({ Items: [] });
    await expect(anyWithPrefix({ pk: 'USER#1', prefix: 'PERM#' })).resolves.toBe(true);
    await expect(anyWithPrefix({ pk: 'USER#1', prefix: 'PERM#' })).resolves.toBe(false);
    expect(ddb.commandCalls(QueryCommand)[0]!.args[0].input).toMatchObject({
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': 'USER#1', ':prefix': 'PERM#' },
      Limit: 1,
    });
  });
});

describe('addToCounter and queryPrefix', () => {
  it('adds atomically and answers the new value', async () => {
    ddb.on(UpdateCommand).resolves({ Attributes: { count: 5 } });
    await expect(addToCounter({ pk: 'LBCOUNT', sk: 'ALL' }, 'count', -1)).resolves.toBe(5);
    expect(ddb.commandCalls(UpdateCommand)[0]!.args[0].input).toMatchObject({ UpdateExpression: 'ADD #v :d', ExpressionAttributeNames: { '#v': 'count' }, ExpressionAttributeValues: { ':d': -1 } });
  });

  it('follows every page of a prefix query and keeps the caller\u2019s values', async () => {
    ddb.on(QueryCommand).resolvesOnce({ Items: [{ id: 1 }], LastEvaluatedKey: { pk: 'x' } }).resolvesOnce({ Items: [{ id: 2 }] });
    const items = await queryPrefix({ pk: 'USER#1', prefix: 'UCOMP#' }, { FilterExpression: 'course_id = :c', ExpressionAttributeValues: { ':c': 3 } });
    expect(items).toEqual([{ id: 1 }, { id: 2 }]);
    expect(ddb.commandCalls(QueryCommand)[1]!.args[0].input).toMatchObject({
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': 'USER#1', ':prefix': 'UCOMP#', ':c': 3 },
      ExclusiveStartKey: { pk: 'x' },
    });
  });
});
