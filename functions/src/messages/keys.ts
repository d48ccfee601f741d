/** Key builders of the messages domain: a user's messages live in the user's partition, newest last by id. */
import { pad } from '../platform/db/keys';

export const messageKeys = {
  message: (userId: number, messageId: number) => ({ pk: `USER#${userId}`, sk: `MSG#${pad(messageId, 10)}` }),
  messagesOf: (userId: number) => ({ pk: `USER#${userId}`, prefix: 'MSG#' }),
};
