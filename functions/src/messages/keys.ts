/**
 * Key builders of the messages domain. A user's messages live in the user's partition, newest last by
 * id; a message sent to a group is one item in the group's partition, and each member's read or deleted
 * mark on it one item in the member's partition; the admin's messages (definitions) are one list partition, and each message's per-language
 * entries are the message's own partition.
 */
import { pad } from '../platform/db/keys';

export const messageKeys = {
  message: (userId: number, messageId: number) => ({ pk: `USER#${userId}`, sk: `MSG#${pad(messageId, 10)}` }),
  messagesOf: (userId: number) => ({ pk: `USER#${userId}`, prefix: 'MSG#' }),
  /** A message sent to a group: one item a group and message, whatever how many members (a re-send replaces it). */
  groupMessage: (groupId: number, messageId: number) => ({ pk: `GROUPMSG#${groupId}`, sk: `MSG#${pad(messageId, 10)}` }),
  groupMessagesOf: (groupId: number) => ({ pk: `GROUPMSG#${groupId}`, prefix: 'MSG#' }),
  /** A member's read or deleted mark on a group message (in the member's partition). */
  messageState: (userId: number, messageId: number) => ({ pk: `USER#${userId}`, sk: `MSGSTATE#${pad(messageId, 10)}` }),
  messageStatesOf: (userId: number) => ({ pk: `USER#${userId}`, prefix: 'MSGSTATE#' }),
  /** An admin's message (list row: type, title, last used, owner). */
  definition: (messageId: number) => ({ pk: 'MSGDEFS', sk: `MSGDEF#${pad(messageId, 10)}` }),
  definitions: () => ({ pk: 'MSGDEFS', prefix: 'MSGDEF#' }),
  /** One language's entry of a message (title, description). */
  entry: (messageId: number, languageId: number) => ({ pk: `MSGDEF#${messageId}`, sk: `LANG#${languageId}` }),
  entriesOf: (messageId: number) => ({ pk: `MSGDEF#${messageId}`, prefix: 'LANG#' }),
};
