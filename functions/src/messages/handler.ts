/** Messages Lambda (the learner's side for now): mark read and delete own messages. */
import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, table } from '../db/client';
import { keys } from '../db/keys';
import { domainHandler } from '../http/router';
import { NotFound } from '../http/errors';

/** The key is the caller's own partition, so nobody can touch another user's messages. */
const missing = (error: unknown) => {
  if ((error as Error).name === 'ConditionalCheckFailedException') throw new NotFound('Message not found.');
  throw error;
};

export const handler = domainHandler('messages', {
  passMessage: async ({ user, body }) => {
    await db
      .send(
        new UpdateCommand({
          TableName: table(),
          Key: keys.message(user.userId, body.message_id),
          UpdateExpression: 'SET passed = :one',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':one': 1 },
        }),
      )
      .catch(missing);
    return { message: 'OK' as const };
  },
  deleteMessage: async ({ user, body }) => {
    await db
      .send(new DeleteCommand({ TableName: table(), Key: keys.message(user.userId, body.message_id), ConditionExpression: 'attribute_exists(pk)' }))
      .catch(missing);
    return { message: 'OK' as const };
  },
});
