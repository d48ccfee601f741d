/**
 * Batch reads and writes of the single table, chunked to DynamoDB's limits (25 writes, 100 keys)
 * and retrying whatever DynamoDB leaves unprocessed, so nothing is silently dropped.
 */
import { BatchGetCommand, BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { db, table } from './client';

type Key = Record<string, unknown>;
export type WriteRequest = { PutRequest: { Item: Record<string, unknown> } } | { DeleteRequest: { Key: Key } };

const pause = (attempt: number) => new Promise((r) => setTimeout(r, Math.min(1000, 25 * 2 ** attempt)));

export async function batchWrite(requests: WriteRequest[]): Promise<void> {
  for (let i = 0; i < requests.length; i += 25) {
    let pending: WriteRequest[] = requests.slice(i, i + 25);
    for (let attempt = 0; pending.length; attempt++) {
      if (attempt > 0) await pause(attempt);
      const out = await db.send(new BatchWriteCommand({ RequestItems: { [table()]: pending } }));
      pending = (out.UnprocessedItems?.[table()] ?? []) as WriteRequest[];
    }
  }
}

export const batchPut = (items: Array<Record<string, unknown>>) => batchWrite(items.map((Item) => ({ PutRequest: { Item } })));

export const batchDelete = (keys: Key[]) => batchWrite(keys.map((Key) => ({ DeleteRequest: { Key } })));

/** Reads items by key (in no particular order; missing ones are left out). (See `batchGetEach` for the items in key order.) */
export async function batchGet<T>(keys: Key[], { consistent = false, projection }: { consistent?: boolean; projection?: string } = {}): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < keys.length; i += 100) {
    let pending: Key[] = keys.slice(i, i + 100);
    for (let attempt = 0; pending.length; attempt++) {
      if (attempt > 0) await pause(attempt);
      const res = await db.send(new BatchGetCommand({ RequestItems: { [table()]: { Keys: pending, ...(consistent ? { ConsistentRead: true } : {}), ...(projection ? { ProjectionExpression: projection } : {}) } } }));
      out.push(...((res.Responses?.[table()] ?? []) as T[]));
      pending = (res.UnprocessedKeys?.[table()]?.Keys ?? []) as Key[];
    }
  }
  return out;
}

/**
 * Reads items by key and answers them in the order of the keys, `undefined` for each missing one, so a
 * caller reading a few different items in one round trip need not look them up by key. A projection
 * gets the key attributes added.
 */
export async function batchGetEach<T>(keys: Key[], options: { consistent?: boolean; projection?: string } = {}): Promise<Array<T | undefined>> {
  const keyNames = [...new Set(keys.flatMap((k) => Object.keys(k)))];
  const projection = options.projection && [...new Set([...keyNames, ...options.projection.split(',').map((a) => a.trim())])].join(', ');
  const items = await batchGet<Record<string, unknown>>(keys, { ...options, projection });
  const keyOf = (item: Record<string, unknown>) => JSON.stringify(keyNames.map((name) => item[name]));
  const byKey = new Map(items.map((item) => [keyOf(item), item]));
  return keys.map((key) => byKey.get(keyOf(key)) as T | undefined);
}
