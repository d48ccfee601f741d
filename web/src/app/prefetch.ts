/**
 * A signed-in start asks for the data of its first screen while that screen's code loads, instead of
 * after it rendered (issue 20 item 22: on a phone each of those steps is a round trip). The screens' own
 * calls take these answers over (lib/api-client `prefetchApi`); a route without an entry here simply asks
 * when it renders.
 */
import { prefetchApi } from '@/lib/api-client';
import { prefetchDashboard } from '@/features/dashboard/prefetch';
import { prefetchChapterContent } from '@/features/player/prefetch';
import { currentHandle } from './route-handle';
import type { AppRouter } from './router';

type FirstScreenData = (params: Record<string, string | undefined>, search: URLSearchParams) => void;

/** By route name (lib/paths.ts): GET requests only, the same ones the screen sends. */
const firstScreenData: Record<string, FirstScreenData> = {
  dashboard: prefetchDashboard,
  chapter_content: prefetchChapterContent,
};

export function prefetchFirstScreen(router: AppRouter): void {
  // Every signed-in screen: the session's user and the header's unread messages.
  void prefetchApi('getFullUserParameters');
  void prefetchApi('getUserMessages');
  const matches = router.state.matches;
  const name = currentHandle(matches.map((match) => ({ handle: match.route.handle })))?.name;
  const prefetch = name ? firstScreenData[name] : undefined;
  prefetch?.(matches.at(-1)?.params ?? {}, new URLSearchParams(router.state.location.search));
}
