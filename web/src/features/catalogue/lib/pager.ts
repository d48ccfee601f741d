/** The leaderboard pager's window (spec/1 §9): at most 10 page links around the current page. */
import { LEADERBOARD_PAGE_LINKS } from '@lectio/shared';

export function pageWindow(current: number, total: number, links = LEADERBOARD_PAGE_LINKS): number[] {
  if (total <= 0) return [];
  let first = Math.max(1, current - Math.floor(links / 2));
  const last = Math.min(total, first + links - 1);
  first = Math.max(1, last - links + 1);
  return Array.from({ length: last - first + 1 }, (_, i) => first + i);
}
