/**
 * Key builders of the messages domain. A user's messages live in the user's partition, newest last by
 * id; the admin's messages (definitions) are one list partition, and each message's per-language
 * entries are the message's own partition.
 */
import { pad } from '../platform/db/keys';

export const messageKeys = {
  message: (userId: number, messageId: number) => ({ pk: `USER#${userId}`, sk: `MSG#${pad(messageId, 10)}` }),
  messagesOf: (userId: number) => ({ pk: `USER#${userId}`, prefix: 'MSG#' }),
  /** An admin's message (list row: type, title, last used, owner). */
  definition: (messageId: number) => ({ pk: 'MSGDEFS', sk: `MSGDEF#${pad(messageId, 10)}` }),
  definitions: () => ({ pk: 'MSGDEFS', prefix: 'MSGDEF#' }),
  /** One language's entry of a message (title, description). */
  entry: (messageId: number, languageId: number) => ({ pk: `MSGDEF#${messageId}`, sk: `LANG#${languageId}` }),
  entriesOf: (messageId: number) => ({ pk: `MSGDEF#${messageId}`, prefix: 'LANG#' }),
};
