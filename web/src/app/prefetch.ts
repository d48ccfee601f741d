/**
 * A signed-in start asks for the data of its first screen while that screen's code loads, instead of
 * after it rendered (issue 20 item 22: on a phone each of those steps is a round trip). The answers go
 * to the query cache under the screens' own keys, so a screen renders once, with its data (not waiting
 * first and again when the answer comes); the session's user is taken over by the session's own call
 * (lib/api-client `prefetchApi`). A route without an entry here simply asks when it renders.
 */
import type { QueryClient } from '@tanstack/react-query';
import { firstAnswer, prefetchApi } from '@/lib/api-client';
import { prefetchInto } from '@/lib/query-client';
import { userMessagesKey } from '@/features/messages/api/messages';
import { prefetchDashboard } from '@/features/dashboard/prefetch';
import { prefetchChapterContent } from '@/features/player/prefetch';
import { currentHandle } from './route-handle';
import type { AppRouter } from './router';

type FirstScreenData = (queryClient: QueryClient, params: Record<string, string | undefined>, search: URLSearchParams) => unknown;

/** By route name (lib/paths.ts): GET requests only, the same ones the screen sends. */
const firstScreenData: Record<string, FirstScreenData> = {
  dashboard: prefetchDashboard,
  chapter_content: prefetchChapterContent,
};

export function prefetchFirstScreen(router: AppRouter, queryClient: QueryClient): void {
  // Every signed-in screen: the session's user and the header's unread messages.
  void prefetchApi('getFullUserParameters');
  void prefetchInto(queryClient, userMessagesKey, () => firstAnswer('getUserMessages'));
  const matches = router.state.matches;
  const name = currentHandle(matches.map((match) => ({ handle: match.route.handle })))?.name;
  const prefetch = name ? firstScreenData[name] : undefined;
  void prefetch?.(queryClient, matches.at(-1)?.params ?? {}, new URLSearchParams(router.state.location.search));
}
