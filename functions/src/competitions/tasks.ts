/** The tasks of a competition chapter as its learners play them: lessons in order, then tasks in order. */
import { shownToLearners } from '@lectio/shared';
import { COMPETITION, listChapters, listLessonTasks, listLessons, type ChapterItem, type TaskItem } from '../catalogue';
import { NotFound } from '../platform/http/errors';

export const COMPETITION_NOT_FOUND = 'Competition not found.';
/** Issue 20 item 3: a competition a learner could not play is not started (no timer, no attempt spent). */
export const COMPETITION_NO_TASKS = 'This competition has no tasks to play yet.';

/** The competition chapter `compId` of `courseId`, or NotFound. */
export async function competitionChapter(courseId: number, compId: number): Promise<ChapterItem> {
  const chapter = (await listChapters(courseId)).find((c) => c.chapter_id === compId && c.chapter_type === COMPETITION);
  if (!chapter) throw new NotFound(COMPETITION_NOT_FOUND, 'The competition does not exist in this course.');
  return chapter;
}

/** Its tasks a learner is shown (hidden chapters, lessons and tasks left out), in play order. */
export async function competitionTasks(chapter: ChapterItem): Promise<TaskItem[]> {
  if (!shownToLearners(chapter.names, chapter.visible)) return [];
  const lessons = (await listLessons(chapter.course_id))
    .filter((l) => l.chapter_id === chapter.chapter_id && shownToLearners(l.names, l.visible))
    .sort((a, b) => a.lesson_order - b.lesson_order || a.lesson_id - b.lesson_id);
  const lists = await Promise.all(lessons.map((l) => listLessonTasks(l.lesson_id)));
  return lists.flat().filter((t) => t.chapter_id === chapter.chapter_id && shownToLearners(t.contents, t.visible));
}
