/**
 * A user's messages: mark one read, delete one. The key is the caller's own partition, so nobody
 * can touch another user's messages; a message that is not there is a NotFound.
 */
import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, table } from '../platform/db/client';
import { keys } from '../platform/db/keys';
import { NotFound } from '../platform/http/errors';

const missing = (error: unknown) => {
  if ((error as Error).name === 'ConditionalCheckFailedException') throw new NotFound('Message not found.');
  throw error;
};

export async function markMessageRead(userId: number, messageId: number) {
  await db
    .send(
      new UpdateCommand({
        TableName: table(),
        Key: keys.message(userId, messageId),
        UpdateExpression: 'SET passed = :one',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':one': 1 },
      }),
    )
    .catch(missing);
  return { message: 'OK' as const };
}

export async function deleteMessage(userId: number, messageId: number) {
  await db
    .send(new DeleteCommand({ TableName: table(), Key: keys.message(userId, messageId), ConditionExpression: 'attribute_exists(pk)' }))
    .catch(missing);
  return { message: 'OK' as const };
}
