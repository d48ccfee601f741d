/** The WebSocket Lambda's entry: the platform's handler with the domains plugged in. */
import { createWebSocketHandler } from '../platform/ws/handler';
import { domains } from './domains';

export const handler = createWebSocketHandler(domains);
