/** Integer ids (the spec's ids are integers) from atomic counters. */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, table } from './client';
import { keys } from './keys';

export async function nextId(kind: string): Promise<number> {
  const out = await db.send(
    new UpdateCommand({
      TableName: table(),
      Key: keys.counter(kind),
      UpdateExpression: 'ADD #v :one',
      ExpressionAttributeNames: { '#v': 'value' },
      ExpressionAttributeValues: { ':one': 1 },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return Number(out.Attributes?.value);
}
