/**
 * The user's own topic (`user:{id}`) carries pushes of several features (a new message, changed XP and
 * coins …). Each feature says which message types it handles and which queries those pushes update
 * (`UserPushes`); app/ composes the features' parts into the one subscription of the user topic, so
 * the shell knows no feature and a feature no other (the web's lint zones).
 */
import type { QueryKey } from '@tanstack/react-query';
import type { ServerMessage } from '@lectio/events';
import { topics } from '@lectio/events/topics';
import { useTopic, wsClient, type WsClient } from './ws-client';

export type UserPushHandlers = { [T in ServerMessage['type']]?: (message: Extract<ServerMessage, { type: T }>) => void };

/** A feature's part of the user topic. */
export interface UserPushes {
  handlers: UserPushHandlers;
  /** The queries its pushes update, refetched after a reconnect (pushes sent meanwhile are lost). */
  refetchOnReconnect?: readonly QueryKey[];
}

/** Subscribes the user topic while logged in (`userId` null: not now) and hands each push to the parts that handle its type. */
export function useUserPushes(userId: number | null, parts: readonly UserPushes[], client: WsClient = wsClient): void {
  useTopic(
    userId === null ? null : topics.user(userId),
    (message) => {
      for (const part of parts) (part.handlers[message.type] as ((m: ServerMessage) => void) | undefined)?.(message);
    },
    { refetchOnReconnect: parts.flatMap((part) => part.refetchOnReconnect ?? []), client },
  );
}
