/**
 * What the player's screen shows first, asked for at start-up while its code loads (issue 20 item 22):
 * the chapter's lessons, then the tasks of the lesson the screen will open (the same choice as the page's).
 */
import type { QueryClient } from '@tanstack/react-query';
import { firstAnswer } from '@/lib/api-client';
import { prefetchInto } from '@/lib/query-client';
import { playerKeys } from './api/player';
import { firstLessonToOpen } from './lib/navigation';

export async function prefetchChapterContent(
  queryClient: QueryClient,
  params: Record<string, string | undefined>,
  search: URLSearchParams,
): Promise<void> {
  const chapterId = Number(params.id);
  if (!Number.isInteger(chapterId) || chapterId <= 0) return;
  const data = await prefetchInto(queryClient, playerKeys.lessons(chapterId), () =>
    firstAnswer('getActiveLessons2', { params: { chapter_id: chapterId } }),
  );
  if (!data) return;
  const requested = Number(search.get('lesson')) || null;
  const lessonId =
    requested && data.lesson_list.some((l) => l.lesson_id === requested) ? requested : firstLessonToOpen(data.lesson_list);
  if (lessonId === null || data.course.id <= 0) return;
  const request = { params: { course_id: data.course.id, chapter_id: chapterId, lesson_id: lessonId } };
  await prefetchInto(queryClient, playerKeys.tasks(data.course.id, chapterId, lessonId), () =>
    firstAnswer('getActiveTasks2', request),
  );
}
