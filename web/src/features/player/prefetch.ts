/**
 * What the player's screen asks for first, sent at start-up while its code loads (issue 20 item 22): the
 * chapter's lessons, then the tasks of the lesson the screen will open (the same choice as the page's).
 */
import { prefetchApi } from '@/lib/api-client';
import { firstLessonToOpen } from './lib/navigation';

export function prefetchChapterContent(params: Record<string, string | undefined>, search: URLSearchParams): void {
  const chapterId = Number(params.id);
  if (!Number.isInteger(chapterId) || chapterId <= 0) return;
  void prefetchApi('getActiveLessons2', { params: { chapter_id: chapterId } }).then(
    (data) => {
      const requested = Number(search.get('lesson')) || null;
      const lessonId = requested && data.lesson_list.some((l) => l.lesson_id === requested) ? requested : firstLessonToOpen(data.lesson_list);
      if (lessonId === null || data.course.id <= 0) return;
      void prefetchApi('getActiveTasks2', { params: { course_id: data.course.id, chapter_id: chapterId, lesson_id: lessonId } });
    },
    () => undefined,
  );
}
