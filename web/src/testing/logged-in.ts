/**
 * A logged-in session for screen tests: the stored token makes the app log in at start, and the
 * given handlers answer the API by path. The test file itself mocks 'aws-amplify' and
 * 'aws-amplify/api' (vi.mock is hoisted per file).
 */
import { vi } from 'vitest';
import { get, post } from 'aws-amplify/api';
import { wsClient } from '@/lib/ws-client';
import { fakeTransport, type Handler } from './fake-transport';

export const testStudent = {
  user_id: 7,
  role_id: 1,
  lang_id: 1,
  theme_id: 1,
  theme_value: 'light',
  name: 'Sara',
  surname: 'Student',
  nickname: 'student',
  email: 'student@example.com',
  performance: { xp: 1200, coins: 35, level: 2, badges: [] as string[] },
};

export const testAdmin = {
  ...testStudent,
  user_id: 1,
  role_id: 2,
  name: 'Ada',
  surname: 'Admin',
  nickname: 'admin',
  email: 'admin@example.com',
};

export const ok = (body: unknown) => ({ status: 200, body });

export function loggedInAs(user: typeof testStudent, handlers: Record<string, Handler>) {
  vi.spyOn(wsClient, 'connect').mockImplementation(() => {});
  vi.spyOn(wsClient, 'close').mockImplementation(() => {});
  vi.spyOn(wsClient, 'subscribe').mockImplementation(() => () => {});
  localStorage.setItem('token', 'jwt-stored');
  const transport = fakeTransport({ '/get-full-user-parameters': () => ok(user), ...handlers });
  vi.mocked(get).mockImplementation(transport.impl as unknown as typeof get);
  vi.mocked(post).mockImplementation(transport.impl as unknown as typeof post);
  return transport;
}
