/** Shared fixtures of the accounts tests: a fake server on amplify's get/post mocks and sample data. */
import { vi } from 'vitest';
import { get, post } from 'aws-amplify/api';
import { fakeTransport, type Handler } from '@/testing/fake-transport';

export const student = {
  user_id: 7,
  role_id: 1,
  lang_id: 1,
  theme_id: 1,
  theme_value: 'light',
  name: 'Ada',
  surname: 'Lovelace',
  nickname: 'ada',
  email: 'student@example.com',
  performance: { xp: 0, coins: 0, level: 1, badges: [] as string[] },
};

export const registrationData = {
  languages: [
    { id: 1, name: 'English', shortcut: 'en' },
    { id: 2, name: 'Slovenčina', shortcut: 'sk' },
  ],
  countries: [
    { id: 703, country_name: 'Slovakia' },
    { id: 203, country_name: 'Czechia' },
    { id: 826, country_name: 'United Kingdom' },
  ],
  groups: [{ group_name: 'Class A' }, { group_name: 'University' }],
  themes: [
    { id: 1, theme_name: 'light', description: 'Light' },
    { id: 2, theme_name: 'dark', description: 'Dark' },
    { id: 3, theme_name: 'colourblind', description: 'Colour-blind safe' },
    { id: 4, theme_name: 'os-preference', description: 'Follows the system dark setting' },
  ],
};

export const tokenReply = { token_type: 'Bearer', expires_in: 3600, access_token: 'jwt-1', refresh_token: 'r-1' };

/** Routes amplify's get and post to the handlers (by path); returns the recorded calls. */
export function serve(handlers: Record<string, Handler>) {
  const transport = fakeTransport({
    '/get-registration-data': () => ({ status: 200, body: registrationData }),
    ...handlers,
  });
  vi.mocked(get).mockImplementation(transport.impl as unknown as typeof get);
  vi.mocked(post).mockImplementation(transport.impl as unknown as typeof post);
  return transport;
}

/** The body of the last call to a path. */
export const lastBody = (calls: ReturnType<typeof serve>['calls'], path: string) =>
  [...calls].reverse().find((c) => c.path === path)?.options?.body as Record<string, unknown> | undefined;
