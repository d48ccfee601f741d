/**
 * The table operations that repeat across domains, each once: a query by key prefix (all pages),
 * an atomic counter add, a create that happens at most once (or answers with what already exists),
 * a one-time item consumed at most once, the conditional swap of two order values, and the mapping
 * of a failed condition to a domain error.
 * Domain store modules build on these with their own keys (see README.md in this folder).
 */
import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
  type QueryCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { db, table } from './client';

export type Key = { pk: string; sk: string };
export type Item = Record<string, unknown>;

/** Whether DynamoDB refused a write because its condition did not hold (single write or transaction). */
export const conditionFailed = (error: unknown): boolean =>
  ['ConditionalCheckFailedException', 'TransactionCanceledException'].includes((error as Error | undefined)?.name ?? '');

/**
 * Runs a conditional write and turns a failed condition into the domain's error; every other
 * error passes through: `await orFail(db.send(…), () => new NotFound('Message not found.'))`.
 */
export async function orFail<T>(write: Promise<T>, domainError: () => Error): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (conditionFailed(error)) throw domainError();
    throw error;
  }
}

/**
 * Runs a conditional write: true when it went through, false when its condition failed (nothing written);
 * every other error passes through: `if (!(await applied(db.send(…)))) return;`.
 */
export async function applied(write: Promise<unknown>): Promise<boolean> {
  try {
    await write;
    return true;
  } catch (error) {
    if (conditionFailed(error)) return false;
    throw error;
  }
}

/** Every item of a query, following pagination. */
export async function queryAll<T>(input: Omit<QueryCommandInput, 'TableName'>): Promise<T[]> {
  const items: T[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const out = await db.send(new QueryCommand({ TableName: table(), ...input, ExclusiveStartKey }));
    items.push(...((out.Items ?? []) as T[]));
    ExclusiveStartKey = out.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items;
}

/** What a whole-partition query may add: a filter, a projection, the order (no Limit: these read every page). */
export type QueryExtras = Partial<Omit<QueryCommandInput, 'TableName' | 'KeyConditionExpression' | 'Limit' | 'ExclusiveStartKey'>>;

/** Every item of one partition (all pages). */
export const queryPartition = <T>(pk: string, extra: QueryExtras = {}) =>
  queryAll<T>({ ...extra, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ...(extra.ExpressionAttributeValues ?? {}), ':pk': pk } });

/** Items of one partition whose sort keys share a prefix, as the domain key modules spell them. */
export type KeyPrefix = { pk: string; prefix: string };

/** The items of a partition whose sort key starts with a prefix (all pages); `extra` adds a filter, projection or order. */
export const queryPrefix = <T>({ pk, prefix }: KeyPrefix, extra: QueryExtras = {}) =>
  queryAll<T>({
    ...extra,
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ...(extra.ExpressionAttributeValues ?? {}), ':pk': pk, ':prefix': prefix },
  });

/** The newest `limit` items (highest sort keys) under a prefix: one page, newest first. */
export async function queryLatest<T>({ pk, prefix }: KeyPrefix, limit: number): Promise<T[]> {
  const out = await db.send(
    new QueryCommand({
      TableName: table(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': pk, ':prefix': prefix },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return (out.Items ?? []) as T[];
}

/** Whether any item of a partition has a sort key with the prefix (one Query of one key). */
export async function anyWithPrefix({ pk, prefix }: KeyPrefix): Promise<boolean> {
  const out = await db.send(
    new QueryCommand({
      TableName: table(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': pk, ':prefix': prefix },
      ProjectionExpression: 'pk',
      Limit: 1,
    }),
  );
  return (out.Items ?? []).length > 0;
}

/** Adds `delta` to a number attribute atomically (the item and attribute are created when missing); returns the new value. */
export async function addToCounter(key: Key, attribute: string, delta: number): Promise<number> {
  const out = await db.send(new UpdateCommand({ ...counterUpdate(key, attribute, delta), ReturnValues: 'UPDATED_NEW' }));
  return Number(out.Attributes?.[attribute]);
}

/** The update that adds `delta` to a number attribute (created at 0), for a transaction or `addToCounter`. */
export const counterUpdate = (key: Key, attribute: string, delta: number) => ({
  TableName: table(),
  Key: key,
  UpdateExpression: 'ADD #v :d',
  ExpressionAttributeNames: { '#v': attribute },
  ExpressionAttributeValues: { ':d': delta },
});

/** A transaction's Put that creates the item only when no item has its key (the transaction fails otherwise). */
export const putNew = (item: Key & Item) => ({ Put: { TableName: table(), Item: item, ConditionExpression: 'attribute_not_exists(pk)' } });

/** Puts an item only when no item has its key; otherwise throws the domain's error (already joined, already exists …). */
export async function createOnce(item: Key & Item, exists: () => Error): Promise<void> {
  await orFail(db.send(new PutCommand(putNew(item).Put)), exists);
}

/**
 * An idempotent create: puts the item when no item has its key, otherwise returns the item already
 * there (a repeated or racing request gets what the first one made). `created` tells which happened.
 */
export async function createOrGet<T extends Item>(item: Key & T): Promise<{ created: boolean; item: T }> {
  try {
    await db.send(new PutCommand(putNew(item).Put));
    return { created: true, item };
  } catch (error) {
    if (!conditionFailed(error)) throw error;
    const key = { pk: item.pk, sk: item.sk };
    const existing = (await db.send(new GetCommand({ TableName: table(), Key: key, ConsistentRead: true }))).Item as T | undefined;
    // Deleted again between the two calls: report the refusal itself.
    if (!existing) throw error;
    return { created: false, item: existing };
  }
}

/** Puts an item only when no item has its key; false (nothing written) when one exists. */
export async function putIfAbsent(item: Key & Item): Promise<boolean> {
  return applied(db.send(new PutCommand(putNew(item).Put)));
}

/**
 * A one-time item (a mailed token, a reset code): read strongly, let `valid` judge it (hash, expiry),
 * then delete it on condition that it is unchanged, so two requests cannot both use it. Any refusal
 * (missing, invalid, used meanwhile) throws `refused()`. `onInvalid` runs before the refusal of a
 * missing (null) or invalid item (e.g. to burn a code after its last attempt); it may throw its own
 * error. `read` replaces the strong read, e.g. by a write that counts an attempt first and returns
 * the item (null when the item is gone or refuses more attempts).
 */
export async function consumeOnce<T extends Item>(
  key: Key,
  options: {
    /** The attribute that must still hold the read value at delete time (the hash). */
    guard: keyof T & string;
    valid: (item: T) => boolean;
    refused: () => Error;
    onInvalid?: (item: T | null) => Promise<void>;
    read?: () => Promise<T | null>;
  },
): Promise<T> {
  const item = options.read
    ? ((await options.read()) ?? undefined)
    : ((await db.send(new GetCommand({ TableName: table(), Key: key, ConsistentRead: true }))).Item as T | undefined);
  if (!item || !options.valid(item)) {
    await options.onInvalid?.(item ?? null);
    throw options.refused();
  }
  await orFail(
    db.send(
      new DeleteCommand({
        TableName: table(),
        Key: key,
        ConditionExpression: '#g = :g',
        ExpressionAttributeNames: { '#g': options.guard },
        ExpressionAttributeValues: { ':g': item[options.guard] },
      }),
    ),
    options.refused,
  );
  return item;
}

export interface OrderSwapSide {
  key: Key;
  /** The order the caller saw; the swap fails when it changed meanwhile. */
  order: number;
  newOrder: number;
}

/**
 * Swaps the order values of two neighbours in one transaction. The conditions make a stale swap
 * (someone reordered meanwhile) fail with `stale()` instead of corrupting the order; `copies` are
 * further items holding the same order (e.g. a course item beside its listing) that must exist.
 */
export async function swapOrders(
  field: string,
  a: OrderSwapSide,
  b: OrderSwapSide,
  stale: () => Error,
  copies: Array<{ key: Key; newOrder: number }> = [],
): Promise<void> {
  const update = (key: Key, expected: number | null, value: number) => ({
    Update: {
      TableName: table(),
      Key: key,
      UpdateExpression: 'SET #o = :v',
      ConditionExpression: expected === null ? 'attribute_exists(pk)' : '#o = :e',
      ExpressionAttributeNames: { '#o': field },
      ExpressionAttributeValues: expected === null ? { ':v': value } : { ':v': value, ':e': expected },
    },
  });
  await orFail(
    db.send(
      new TransactWriteCommand({
        TransactItems: [update(a.key, a.order, a.newOrder), update(b.key, b.order, b.newOrder), ...copies.map((c) => update(c.key, null, c.newOrder))],
      }),
    ),
    stale,
  );
}
