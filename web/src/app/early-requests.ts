/**
 * GET requests the built page's loader sends for a signed-in start before any of the app's code has loaded
 * (issue 20 item 22; vite.config.ts, paint-first), as soon as `/config.json` names the API: by route name,
 * '*' for every signed-in route. Each is a registry route with its path parameters taken from the page's
 * URL (parameter → the route's URL parameter, lib/paths.ts); a parameter that is not a positive whole number
 * leaves the request out. The app's own start-up requests (app/prefetch.ts) take these answers over when
 * they ask the same (lib/api-client `prefetchApi`, `firstAnswer`); tests/lint/early-requests.test.ts holds the names.
 *
 * Data only: the build reads it in Node.
 */
export type LoaderRequest = readonly [route: string, params?: Readonly<Record<string, string>>];

export const loaderRequests: Readonly<Record<string, readonly LoaderRequest[]>> = {
  '*': [['getFullUserParameters'], ['getUserMessages']],
  dashboard: [['getActiveUserCourses2']],
  chapter_content: [['getActiveLessons2', { chapter_id: 'id' }]],
};
