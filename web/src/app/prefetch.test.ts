/** A signed-in start puts its first screen's data in the query cache under the screens' own keys (issue 20 item 22). */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dashboardKey } from '@/features/dashboard/api/dashboard';
import { userMessagesKey } from '@/features/messages/api/messages';
import { playerKeys } from '@/features/player/api/player';
import { createQueryClient } from '@/lib/query-client';
import { requestFailures } from '@/lib/request-failures';
import { prefetchFirstScreen } from './prefetch';
import type { AppRouter } from './router';

const fetchMock = () => vi.mocked(globalThis.fetch);
const ok = (body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));
const urls = () => fetchMock().mock.calls.map(([url]) => new URL(String(url)).pathname);

/** The router's state at start-up on a route named `name` (what prefetchFirstScreen reads). */
const routerAt = (name: string, params: Record<string, string>, search = '') =>
  ({
    state: { matches: [{ route: { handle: { name, access: 'student' } }, params }], location: { search } },
  }) as unknown as AppRouter;

const messages = { list: [], unread: 0 };
const lessons = {
  course: { id: 1 },
  lesson_list: [
    { lesson_id: 4, lesson_done: 1 },
    { lesson_id: 5, lesson_done: 0 },
  ],
};
const tasks = { task_list: [{ id: 9 }] };

/** The answers by path; anything else is a 404. */
function serve(answers: Record<string, () => Promise<Response>>) {
  fetchMock().mockImplementation((input) => {
    const path = new URL(String(input)).pathname;
    return answers[path]?.() ?? Promise.resolve(new Response('{}', { status: 404 }));
  });
}

/** Until every answer asked for so far has been put in the cache. */
const settled = () => new Promise((resolve) => setTimeout(resolve, 20));

afterEach(() => {
  window.lectioEarlyRequests = undefined;
  requestFailures.clear();
});

describe('prefetchFirstScreen', () => {
  it("puts the player's lessons (the loader's answer) and the opened lesson's tasks in the cache: one request each", async () => {
    // Prepare: the loader asked for chapter 2's lessons already; the lesson in the URL is 5
    localStorage.setItem('token', 'abc');
    window.lectioEarlyRequests = { 'getActiveLessons2 {"params":{"chapter_id":2}}': { token: 'abc', response: ok(lessons) } };
    serve({
      '/api/get-user-messages': () => ok(messages),
      '/api/get-active-tasks2/1/2/5': () => ok(tasks),
      '/api/get-full-user-parameters': () => ok({}),
    });
    const queryClient = createQueryClient();

    // Act
    prefetchFirstScreen(routerAt('chapter_content', { id: '2' }, '?lesson=5'), queryClient);
    await settled();

    // Assess: the screen's own keys hold the answers, so its first render has them; nothing was asked twice
    expect(queryClient.getQueryData(playerKeys.lessons(2))).toEqual(lessons);
    expect(queryClient.getQueryData(playerKeys.tasks(1, 2, 5))).toEqual(tasks);
    expect(queryClient.getQueryData(userMessagesKey)).toEqual(messages);
    expect(urls().sort()).toEqual(['/api/get-active-tasks2/1/2/5', '/api/get-full-user-parameters', '/api/get-user-messages']);
  });

  it("puts the dashboard's courses in the cache under the dashboard's key", async () => {
    localStorage.setItem('token', 'abc');
    const courses = { list: [], message_list: [] };
    serve({
      '/api/get-user-messages': () => ok(messages),
      '/api/get-active-user-courses2': () => ok(courses),
      '/api/get-full-user-parameters': () => ok({}),
    });
    const queryClient = createQueryClient();

    prefetchFirstScreen(routerAt('dashboard', {}), queryClient);
    await settled();

    expect(queryClient.getQueryData(dashboardKey)).toEqual(courses);
  });

  it('leaves a failed answer out of the cache and reports nothing: the screen asks again and reports itself', async () => {
    localStorage.setItem('token', 'abc');
    serve({
      '/api/get-active-user-courses2': () => Promise.resolve(new Response('{"message":"Server error."}', { status: 500 })),
    });
    const queryClient = createQueryClient();

    prefetchFirstScreen(routerAt('dashboard', {}), queryClient);
    await settled();

    expect(queryClient.getQueryData(dashboardKey)).toBeUndefined();
    expect(fetchMock().mock.calls.filter(([url]) => String(url).endsWith('/get-active-user-courses2'))).toHaveLength(1);
    expect(requestFailures.current()).toBeUndefined();
  });
});
