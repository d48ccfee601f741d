/** The catalogue's server-message check, synchronous (the app's WsClient loads it with its first connection). */
import { serverMessage } from '@lectio/events';
import type { ServerMessageParser } from '@/lib/ws-client';

export const parseServerMessage: ServerMessageParser = (json) => {
  const parsed = serverMessage.safeParse(json);
  return parsed.success ? parsed.data : null;
};
