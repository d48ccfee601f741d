/**
 * Authoring data on the player's hot path (a task when it is evaluated, a course's chapters and
 * lessons when a task is played) is read through a cache of 2 seconds per container: at 100
 * evaluations a second over a lesson's tasks nearly every read is a hit. An author's change reaches
 * the player within those 2 seconds, and at once where the stream handler shares the process.
 */
import type { ItemChange } from '../platform/streams/projection';
import { TtlCache } from '../platform/cache';
import { getTask, type TaskItem } from '../catalogue';
import { listChapters, listLessons } from '../catalogue';
import type { ChapterItem, LessonItem } from '../catalogue';

const AUTHORED_TTL_MS = 2000;
const tasks = new TtlCache<number, TaskItem>(AUTHORED_TTL_MS, 5000);
const chapterLists = new TtlCache<number, ChapterItem[]>(AUTHORED_TTL_MS, 1000);
const lessonLists = new TtlCache<number, LessonItem[]>(AUTHORED_TTL_MS, 1000);

/** A task by id, as the player evaluates it (NotFound when it does not exist; never cached). */
export const playerTask = (taskId: number): Promise<TaskItem> => tasks.get(taskId, () => getTask(taskId));

/** A course's chapters in order, as the player's access checks read them. */
export const playerChapters = (courseId: number): Promise<ChapterItem[]> => chapterLists.get(courseId, () => listChapters(courseId));

/** A course's lessons in order, as the player's visibility check reads them. */
export const playerLessons = (courseId: number): Promise<LessonItem[]> => lessonLists.get(courseId, () => listLessons(courseId));

/** Stream projection: a changed task, chapter or lesson is read afresh by the next evaluation in this process. */
export function forgetAuthored({ before, after }: ItemChange): void {
  const image = after ?? before;
  if (image?.type === 'task') tasks.forget(Number(image.task_id));
  else if (image?.type === 'chapter') chapterLists.forget(Number(image.course_id));
  else if (image?.type === 'lesson') lessonLists.forget(Number(image.course_id));
}
