import { beforeEach, describe, expect, it, vi } from 'vitest';
import { errorBody } from '@lectio/shared';
import { api, ApiError, firstAnswer, holdUnauthorized, prefetchApi, setUnauthorizedHandler } from './api-client';
import { testStudent } from '@/testing/users';
import { errorEnvelope } from './api-transport';

const fetchMock = () => vi.mocked(globalThis.fetch);

/** A 2xx answer. */
const ok = (body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));

/** An answer with a status ≥ 300 and a raw body. */
const fail = (status: number, body: string) => Promise.resolve(new Response(body, { status }));

/** The URL and options of the n-th fetch call. */
const call = (n = 0) => {
  const [url, init] = fetchMock().mock.calls[n]!;
  return { url: String(url), init: init ?? {} };
};

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
  window.lectioEarlyChained = undefined;
  onUnauthorized.mockReset();
  setUnauthorizedHandler(onUnauthorized);
});

describe('api', () => {
  it('calls the registry path with the bearer token and returns the parsed response', async () => {
    localStorage.setItem('token', 'abc');
    fetchMock().mockReturnValue(ok(user));

    const result = await api('getFullUserParameters');

    expect(result.nickname).toBe('ada');
    expect(call().url).toBe(`${window.location.origin}/api/get-full-user-parameters`);
    expect(call().init).toEqual({ method: 'GET', headers: { accept: 'application/json', authorization: 'Bearer abc' } });
  });

  it('sends the body of POST routes and no authorization header without a token', async () => {
    fetchMock().mockReturnValue(ok({ message: 'OK', lang_id: 3 }));
    await api('changeUserLanguage', { body: { lang: 3 } });
    expect(call().url).toBe(`${window.location.origin}/api/change-user-language`);
    expect(call().init).toEqual({
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify({ lang: 3 }),
    });
  });

  it("clears the session and local storage on 401 'Unauthorized.' without a message", async () => {
    localStorage.setItem('token', 'expired');
    localStorage.setItem('redirect', '/profile');
    fetchMock().mockReturnValue(fail(401, JSON.stringify({ message: 'Unauthorized.' })));

    const error = await api('getFullUserParameters').catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, message: 'Unauthorized.', handled: true });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it("also recognises a plain-text 'Unauthorized.' body", async () => {
    localStorage.setItem('token', 'expired');
    fetchMock().mockReturnValue(fail(401, 'Unauthorized.'));
    await expect(api('getFullUserParameters')).rejects.toMatchObject({ status: 401, handled: true });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it("a 401 'Unauthorized.' to the old token during a session renewal is asked again with the new token; after it, one ends the session", async () => {
    // Prepare
    localStorage.setItem('token', 'old');
    let renewed!: () => void;
    holdUnauthorized(
      new Promise<void>((resolve) => {
        renewed = () => {
          localStorage.setItem('token', 'new');
          resolve();
        };
      }),
    );
    fetchMock().mockImplementation((_url, init) =>
      new Headers(init?.headers).get('authorization') === 'Bearer new'
        ? ok(user)
        : fail(401, JSON.stringify({ message: 'Unauthorized.' })),
    );

    // Act
    const answer = api('getFullUserParameters');
    await vi.waitFor(() => expect(fetchMock()).toHaveBeenCalledTimes(1));
    renewed();

    // Assess
    await expect(answer).resolves.toMatchObject({ user_id: 7 });
    expect(new Headers(call(1).init.headers).get('authorization')).toBe('Bearer new');
    expect(onUnauthorized).not.toHaveBeenCalled();
    localStorage.setItem('token', 'refused-too');
    await expect(api('getFullUserParameters')).rejects.toMatchObject({ status: 401, handled: true });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('leaves the session alone for other 401s and when no token was sent', async () => {
    localStorage.setItem('token', 'abc');
    fetchMock().mockReturnValue(fail(401, JSON.stringify({ message: 'Invalid token signature' })));
    await expect(api('getFullUserParameters')).rejects.toMatchObject({ status: 401, handled: false });

    localStorage.clear();
    fetchMock().mockReturnValue(fail(401, JSON.stringify({ message: 'Unauthorized.' })));
    await expect(
      api('oauthToken', {
        body: { grant_type: 'password', client_id: 2, client_secret: 's', email: 'a@b.c', password: 'x' },
      }),
    ).rejects.toMatchObject({ status: 401, handled: false });

    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it("does not report a route of a session asked without a token (a screen left after logout): 'Unauthorized.' is handled", async () => {
    localStorage.clear();
    fetchMock().mockReturnValue(fail(401, JSON.stringify({ message: 'Unauthorized.' })));

    await expect(api('getUserMessages')).rejects.toMatchObject({ status: 401, handled: true });

    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('maps the error body { message, description, errors } onto ApiError', async () => {
    fetchMock().mockReturnValue(
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
    fetchMock().mockRejectedValue(new TypeError('Failed to fetch'));
    const error = (await api('languages').catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(0);
    expect(error.isNetworkError).toBe(true);
  });
});

describe("the loader's early requests", () => {
  it('is taken over, once, by the start-up prefetch with the same token: no second request', async () => {
    localStorage.setItem('token', 'abc');
    window.lectioEarlyRequests = { 'getFullUserParameters {}': { token: 'abc', response: ok(user) } };
    fetchMock().mockReturnValue(ok({ ...user, nickname: 'asked again' }));

    void prefetchApi('getFullUserParameters');
    const answer = await api('getFullUserParameters');

    expect(answer.nickname).toBe('ada');
    expect(fetchMock()).not.toHaveBeenCalled();
    expect(window.lectioEarlyRequests).toEqual({});
  });

  it("are matched by route and parameters: the player's lessons of chapter 5 answer only that request", async () => {
    localStorage.setItem('token', 'abc');
    const lessons = { course: { id: 1 }, lesson_list: [] };
    window.lectioEarlyRequests = { 'getActiveLessons2 {"params":{"chapter_id":5}}': { token: 'abc', response: ok(lessons) } };
    fetchMock().mockImplementation(() => ok({ ...lessons, course: { id: 2 } }));

    void prefetchApi('getActiveLessons2', { params: { chapter_id: 6 } });
    void prefetchApi('getActiveLessons2', { params: { chapter_id: 5 } });

    expect(fetchMock()).toHaveBeenCalledTimes(1);
    expect(call(0).url).toMatch(/\/get-active-lessons2\/6$/);
  });

  it("waits for a request the loader sends after an earlier answer (the player's tasks after its lessons)", async () => {
    localStorage.setItem('token', 'abc');
    const tasks = { task_list: [] };
    const key = 'getActiveTasks2 {"params":{"course_id":1,"chapter_id":2,"lesson_id":5}}';
    let registered!: () => void;
    window.lectioEarlyRequests = {};
    window.lectioEarlyChained = new Promise<void>((resolve) => (registered = resolve));
    fetchMock().mockImplementation(() => ok({ task_list: [{ asked: 'again' }] }));

    const answer = firstAnswer('getActiveTasks2', { params: { course_id: 1, chapter_id: 2, lesson_id: 5 } });
    window.lectioEarlyRequests[key] = { token: 'abc', response: ok(tasks) };
    registered();

    expect(await answer).toEqual(tasks);
    expect(fetchMock()).not.toHaveBeenCalled();
  });

  it('is left for a request with another token, and a failed one is asked again', async () => {
    localStorage.setItem('token', 'new');
    window.lectioEarlyRequests = {
      'getFullUserParameters {}': { token: 'old', response: ok({ ...user, nickname: 'old session' }) },
    };
    fetchMock().mockImplementation(() => ok(user));
    void prefetchApi('getFullUserParameters');
    expect((await api('getFullUserParameters')).nickname).toBe('ada');
    expect(new Headers(call(0).init.headers).get('authorization')).toBe('Bearer new');

    window.lectioEarlyRequests = {
      'getFullUserParameters {}': { token: 'new', response: Promise.reject(new TypeError('Failed to fetch')) },
    };
    void prefetchApi('getFullUserParameters');
    expect((await api('getFullUserParameters')).nickname).toBe('ada');
    expect(fetchMock()).toHaveBeenCalledTimes(2);
  });
});

describe('api, URLs and answers', () => {
  it('encodes path parameters and sends the query string', async () => {
    fetchMock().mockImplementation(() => ok({}));
    await api('getActiveTasks2', { params: { course_id: 1, chapter_id: 2, lesson_id: 'a/b' } } as never);
    expect(call(0).url).toBe(`${window.location.origin}/api/get-active-tasks2/1/2/a%2Fb`);
    await api('getRegistrationData', { query: { lang: 3 } });
    expect(call(1).url).toBe(`${window.location.origin}/api/get-registration-data?lang=3`);
  });

  it('returns the answer as the registry parses it (unknown fields dropped)', async () => {
    fetchMock().mockReturnValue(ok({ ...testStudent, secret_field: 'x' }));
    const result = (await api('getFullUserParameters')) as Record<string, unknown>;
    expect(result.nickname).toBe('student');
    expect(result).not.toHaveProperty('secret_field');
  });
});

describe('errorEnvelope', () => {
  it("accepts and refuses exactly what the registry's errorBody does", () => {
    const samples: unknown[] = [
      { message: 'Invalid input' },
      { message: 'Invalid input', description: 'lang', errors: { lang: ['Unknown language'] }, code: 'invalid' },
      { message: 'x', extra: 1 },
      { message: 1 },
      { description: 'no message' },
      { message: 'x', errors: { lang: 'not a list' } },
      { message: 'x', errors: ['a'] },
      { message: 'x', code: 5 },
      { message: 'x', description: null },
      'Unauthorized.',
      null,
      [],
    ];
    for (const sample of samples) {
      const parsed = errorBody.safeParse(sample);
      expect(errorEnvelope(sample), JSON.stringify(sample)).toEqual(parsed.success ? parsed.data : null);
    }
  });
});
