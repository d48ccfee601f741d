/**
 * A user's messages: mark one read, delete one. The key is the caller's own partition, so nobody
 * can touch another user's messages; a message that is not there is a NotFound.
 */
import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, table } from '../platform/db/client';
import { messageKeys } from './keys';
import { NotFound } from '../platform/http/errors';
import { orFail, queryLatest } from '../platform/db/operations';

const missing = () => new NotFound('Message not found.');

/** A stored message in the user's partition. */
export const messageItem = (m: { userId: number; messageId: number; title: string; description: string; messageType: number; passed: number; date: string }) => ({
  ...messageKeys.message(m.userId, m.messageId),
  type: 'message',
  user_id: m.userId,
  message_id: m.messageId,
  title: m.title,
  description: m.description,
  message_type: m.messageType,
  passed: m.passed,
  date: m.date,
});

export async function markMessageRead(userId: number, messageId: number) {
  await orFail(
    db.send(
      new UpdateCommand({
        TableName: table(),
        Key: messageKeys.message(userId, messageId),
        UpdateExpression: 'SET passed = :one',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':one': 1 },
      }),
    ),
    missing,
  );
  return { message: 'OK' as const };
}

export async function deleteMessage(userId: number, messageId: number) {
  await orFail(
    db.send(new DeleteCommand({ TableName: table(), Key: messageKeys.message(userId, messageId), ConditionExpression: 'attribute_exists(pk)' })),
    missing,
  );
  return { message: 'OK' as const };
}

/** The user's newest messages (dashboard), as the API lists them. */
export async function latestMessages(userId: number, limit: number) {
  const items = await queryLatest<Record<string, unknown>>(messageKeys.messagesOf(userId), limit);
  const n = (v: unknown) => Number(v ?? 0);
  return items.map((m) => ({
    message_id: n(m.message_id),
    title: String(m.title ?? ''),
    description: String(m.description ?? ''),
    message_type: n(m.message_type) || 1,
    passed: n(m.passed),
    date: String(m.date ?? ''),
  }));
}
