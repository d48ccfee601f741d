/**
 * GET requests the built page's loader sends for a signed-in start before any of the app's code has loaded
 * (issue 20 item 22; vite.config.ts, paint-first), as soon as `/config.json` names the API: by route name,
 * '*' for every signed-in route. Each is a registry route with each path parameter taken from
 * - a URL parameter of the app route (`'id'`, lib/paths.ts),
 * - a query parameter of the page's URL (`'?lesson'`), or
 * - a field of an earlier request's answer in the same list (`'getActiveLessons2:course.id'`): that request
 *   is sent once the answer has come (a round trip after it, not after the app's code has loaded and run).
 * A parameter that is not a positive whole number leaves the request out. The app's own start-up requests
 * (app/prefetch.ts) take these answers over when they ask the same (lib/api-client `prefetchApi`,
 * `firstAnswer`); tests/lint/early-requests.test.ts holds the names and fields.
 *
 * Data only: the build reads it in Node.
 */
export type LoaderRequest = readonly [route: string, params?: Readonly<Record<string, string>>];

export const loaderRequests: Readonly<Record<string, readonly LoaderRequest[]>> = {
  '*': [['getFullUserParameters'], ['getUserMessages']],
  dashboard: [['getActiveUserCourses2']],
  // The player's first task list: the lesson the URL names (the player's own links and reloads name it; a
  // link without one leaves the choice to the app, features/player/prefetch.ts).
  chapter_content: [
    ['getActiveLessons2', { chapter_id: 'id' }],
    ['getActiveTasks2', { course_id: 'getActiveLessons2:course.id', chapter_id: 'id', lesson_id: '?lesson' }],
  ],
};

/**
 * The routes whose first screen shows a date (the dashboard's messages; '' is `/`, which opens the dashboard): a
 * signed-in start there has the loader load ICU's date and time-zone data while the chunks download, as their
 * first use was 30-70 ms inside the first render. Elsewhere that load was a long task on a phone for nothing (the
 * task player shows no date until a tab with one opens; issue 20 item 22).
 */
export const datesAtStart: readonly string[] = ['', 'dashboard'];

/** Where a parameter's value comes from (the forms above). */
export type ParamSource = { url: string } | { query: string } | { answer: string; field: string[] };

export function paramSource(source: string): ParamSource {
  if (source.startsWith('?')) return { query: source.slice(1) };
  const [answer, field] = source.split(':');
  return field === undefined ? { url: source } : { answer: answer!, field: field.split('.') };
}
