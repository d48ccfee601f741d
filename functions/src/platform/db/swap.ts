/**
 * Conditional swap of two items' order values (spec/2 §4: reordering swaps two neighbours). One
 * transaction, each update conditioned on the order value the caller saw: a stale swap (someone
 * reordered meanwhile) fails with Conflict (409) and changes nothing.
 */
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { db, table } from './client';
import { Conflict } from '../http/errors';

export interface SwapSide {
  key: Record<string, string>;
  /** The order value the caller saw. */
  order: number;
}

export async function conditionalSwap(a: SwapSide, b: SwapSide, field: string, message = 'The order changed meanwhile. Reload and try again.') {
  const update = (side: SwapSide, value: number) => ({
    Update: {
      TableName: table(),
      Key: side.key,
      UpdateExpression: 'SET #o = :v',
      ConditionExpression: 'attribute_exists(pk) AND #o = :e',
      ExpressionAttributeNames: { '#o': field },
      ExpressionAttributeValues: { ':v': value, ':e': side.order },
    },
  });
  try {
    await db.send(new TransactWriteCommand({ TransactItems: [update(a, b.order), update(b, a.order)] }));
  } catch (error) {
    if ((error as Error).name === 'TransactionCanceledException') throw new Conflict(message);
    throw error;
  }
}
