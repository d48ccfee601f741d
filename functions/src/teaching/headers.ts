/**
 * The columns of the student tables: a course's chapters, a chapter's lessons and a lesson's tasks
 * with their maxima. A lesson's tasks are heavy items (every language's content), so their headers
 * are kept for 30 seconds per container (forgotten at once where the stream handler shares the
 * process), as the player keeps its authored data.
 */
import { taskKind } from '@lectio/shared';
import type { ItemChange } from '../platform/streams/projection';
import { TtlCache } from '../platform/cache';
import { listChapters, listLessonTasks, listLessons, maxScoreOf, textOr, type ChapterItem, type LessonItem } from '../catalogue';

export interface Column {
  id: number;
  name: string;
  max_tasks: number;
  max_programs: number;
  max_score_tasks: number;
  max_score_programs: number;
}
export interface TaskColumn extends Column {
  task_type_id: number;
  task_order: number;
  max_score: number;
}

export const chapterColumn = (c: ChapterItem, langId: number): Column => ({
  id: c.chapter_id,
  name: textOr(c.names, langId),
  max_tasks: c.tasks_count ?? 0,
  max_programs: c.programs_count ?? 0,
  max_score_tasks: c.max_score_task ?? 0,
  max_score_programs: c.max_score_program ?? 0,
});

export const lessonColumn = (l: LessonItem, langId: number): Column => ({
  id: l.lesson_id,
  name: textOr(l.names, langId),
  max_tasks: l.tasks_count,
  max_programs: l.programs_count,
  max_score_tasks: l.tasks_score,
  max_score_programs: l.programs_score,
});

const HEADERS_TTL_MS = 30_000;
const taskHeaders = new TtlCache<number, TaskColumn[]>(HEADERS_TTL_MS, 2000);

/** A lesson's tasks as columns, in task order ('1', '2' … as names: tasks have no title of their own). */
export const lessonTaskColumns = (lessonId: number): Promise<TaskColumn[]> =>
  taskHeaders.get(lessonId, async () =>
    (await listLessonTasks(lessonId)).map((t, i): TaskColumn => {
      const kind = taskKind(t.task_type_id);
      const max = maxScoreOf(t);
      return {
        id: t.task_id,
        name: String(i + 1),
        task_type_id: t.task_type_id,
        task_order: t.task_order,
        max_score: max,
        max_tasks: kind === 'task' ? 1 : 0,
        max_programs: kind === 'program' ? 1 : 0,
        max_score_tasks: kind === 'task' ? max : 0,
        max_score_programs: kind === 'program' ? max : 0,
      };
    }),
  );

/** Stream: a changed task is read afresh by the next table of its lesson in this process. */
export function forgetTaskHeaders({ before, after }: ItemChange): void {
  for (const image of [before, after]) if (image?.type === 'task') taskHeaders.forget(Number(image.lesson_id));
}

export const courseChapters = (courseId: number) => listChapters(courseId);
export const chapterLessons = async (courseId: number, chapterId: number) =>
  (await listLessons(courseId)).filter((l) => l.chapter_id === chapterId);
