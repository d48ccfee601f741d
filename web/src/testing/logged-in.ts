/**
 * A logged-in session for screen tests, answering the API by literal path (the older style; new
 * tests use serve.ts, keyed by route names). The Amplify mocks are set up once in setup.ts.
 */
import { vi } from 'vitest';
import { get, post } from 'aws-amplify/api';
import { wsClient } from '@/lib/ws-client';
import { fakeTransport, type Handler } from './fake-transport';

import type { TestUser } from './users';

export { testAdmin, testStudent } from './users';

export const ok = (body: unknown) => ({ status: 200, body });

export function loggedInAs(user: TestUser, handlers: Record<string, Handler>) {
  vi.spyOn(wsClient, 'connect').mockImplementation(() => {});
  vi.spyOn(wsClient, 'close').mockImplementation(() => {});
  vi.spyOn(wsClient, 'subscribe').mockImplementation(() => () => {});
  localStorage.setItem('token', 'jwt-stored');
  const transport = fakeTransport({ '/get-full-user-parameters': () => ok(user), ...handlers });
  vi.mocked(get).mockImplementation(transport.impl as unknown as typeof get);
  vi.mocked(post).mockImplementation(transport.impl as unknown as typeof post);
  return transport;
}
