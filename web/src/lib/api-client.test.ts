import { beforeEach, describe, expect, it, vi } from 'vitest';
import { get, post } from 'aws-amplify/api';
import { api, ApiError, setUnauthorizedHandler } from './api-client';

type Transport = typeof get;

/** What amplify resolves with for a 2xx. */
const ok = (body: unknown) =>
  ({
    response: Promise.resolve({
      statusCode: 200,
      headers: {},
      body: { text: async () => JSON.stringify(body) },
    }),
    cancel: vi.fn(),
  }) as unknown as ReturnType<Transport>;

/** What amplify rejects with for a status ≥ 300: a RestApiError carrying the raw response. */
const fail = (statusCode: number, body: string) =>
  ({
    response: Promise.reject(
      Object.assign(new Error('Unknown error'), {
        name: 'UnknownError',
        response: { statusCode, headers: {}, body },
      }),
    ),
    cancel: vi.fn(),
  }) as unknown as ReturnType<Transport>;

const user = {
  user_id: 7,
  role_id: 1,
  lang_id: 2,
  theme_id: 1,
  theme_value: 'light',
  name: 'Ada',
  surname: 'Lovelace',
  nickname: 'ada',
  email: 'ada@example.com',
  performance: { xp: 0, coins: 0, level: 1, badges: [] },
};

const onUnauthorized = vi.fn();

beforeEach(() => {
  vi.mocked(get).mockReset();
  vi.mocked(post).mockReset();
  onUnauthorized.mockReset();
  setUnauthorizedHandler(onUnauthorized);
});

describe('api', () => {
  it('calls the registry path with the bearer token and returns the parsed response', async () => {
    localStorage.setItem('token', 'abc');
    vi.mocked(get).mockReturnValue(ok(user));

    const result = await api('getFullUserParameters');

    expect(result.nickname).toBe('ada');
    expect(get).toHaveBeenCalledWith({
      apiName: 'lectio',
      path: '/get-full-user-parameters',
      options: { headers: { accept: 'application/json', authorization: 'Bearer abc' } },
    });
  });

  it('sends the body of POST routes and no authorization header without a token', async () => {
    vi.mocked(post).mockReturnValue(ok({ message: 'OK', lang_id: 3 }));
    await api('changeUserLanguage', { body: { lang: 3 } });
    expect(post).toHaveBeenCalledWith({
      apiName: 'lectio',
      path: '/change-user-language',
      options: { headers: { accept: 'application/json' }, body: { lang: 3 } },
    });
  });

  it("clears the session and local storage on 401 'Unauthorized.' without a message", async () => {
    localStorage.setItem('token', 'expired');
    localStorage.setItem('redirect', '/profile');
    vi.mocked(get).mockReturnValue(fail(401, JSON.stringify({ message: 'Unauthorized.' })));

    const error = await api('getFullUserParameters').catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, message: 'Unauthorized.', handled: true });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it("also recognises a plain-text 'Unauthorized.' body", async () => {
    localStorage.setItem('token', 'expired');
    vi.mocked(get).mockReturnValue(fail(401, 'Unauthorized.'));
    await expect(api('getFullUserParameters')).rejects.toMatchObject({ status: 401, handled: true });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('leaves the session alone for other 401s and when no token was sent', async () => {
    localStorage.setItem('token', 'abc');
    vi.mocked(get).mockReturnValue(fail(401, JSON.stringify({ message: 'Invalid token signature' })));
    await expect(api('getFullUserParameters')).rejects.toMatchObject({ status: 401, handled: false });

    localStorage.clear();
    vi.mocked(post).mockReturnValue(fail(401, JSON.stringify({ message: 'Unauthorized.' })));
    await expect(
      api('oauthToken', {
        body: { grant_type: 'password', client_id: 2, client_secret: 's', email: 'a@b.c', password: 'x' },
      }),
    ).rejects.toMatchObject({ status: 401 });

    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('maps the error body { message, description, errors } onto ApiError', async () => {
    vi.mocked(post).mockReturnValue(
      fail(
        400,
        JSON.stringify({
          message: 'Invalid input',
          description: 'lang',
          errors: { lang: ['Unknown language'] },
        }),
      ),
    );
    await expect(api('changeUserLanguage', { body: { lang: 9 } })).rejects.toMatchObject({
      status: 400,
      message: 'Invalid input',
      description: 'lang',
      errors: { lang: ['Unknown language'] },
    });
  });

  it('reports a failure to reach the server as status 0', async () => {
    vi.mocked(get).mockReturnValue({
      response: Promise.reject(new TypeError('Failed to fetch')),
      cancel: vi.fn(),
    } as unknown as ReturnType<Transport>);
    const error = (await api('languages').catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(0);
    expect(error.isNetworkError).toBe(true);
  });
});
