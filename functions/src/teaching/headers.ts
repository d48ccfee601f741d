/**
 * The columns of the student tables: a course's chapters, a chapter's lessons and a lesson's tasks
 * with their maxima. A lesson's tasks are heavy items (every language's content), so their columns
 * come from a small item per lesson that a stream projection keeps (TASKHEADERS).
 */
import type * as z from 'zod';
import { taskKind } from '@lectio/shared';
import type { tableColumn, taskColumn } from '@lectio/shared/api/teaching';
import type { ItemChange } from '../platform/streams/projection';
import { listChapters, listLessonTasks, listLessons, maxScoreOf, textOr, type ChapterItem, type LessonItem, type TaskItem } from '../catalogue';
import { lessonTaskHeaders, type TaskHeaderCell } from './entities';
import { teachingKeys } from './keys';
import { writeTaskMap } from './projection';

/** A column of the tables and a task's column, as the registry declares them. */
export type Column = z.output<typeof tableColumn>;
export type TaskColumn = z.output<typeof taskColumn>;

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

/** Pure: a task's column from its header cell, at its place in the lesson. */
function taskColumnOf(taskId: number, h: TaskHeaderCell, place: number): TaskColumn {
  const kind = taskKind(h.t);
  return {
    id: taskId,
    name: String(place + 1),
    task_type_id: h.t,
    task_order: h.o,
    max_score: h.m,
    max_tasks: kind === 'task' ? 1 : 0,
    max_programs: kind === 'program' ? 1 : 0,
    max_score_tasks: kind === 'task' ? h.m : 0,
    max_score_programs: kind === 'program' ? h.m : 0,
  };
}

const headerOf = (t: TaskItem): TaskHeaderCell => ({ t: t.task_type_id, o: t.task_order, m: maxScoreOf(t) });

/** The header cells of a lesson's tasks read from the tasks themselves (every task item: heavy). */
const headersFromTasks = async (lessonId: number) =>
  Object.fromEntries((await listLessonTasks(lessonId)).map((t) => [String(t.task_id), headerOf(t)]));

/**
 * A lesson's tasks as columns, in task order ('1', '2' … as names: tasks have no title of their own).
 * One small item (the projection's TASKHEADERS); a lesson whose item is not there yet reads its tasks.
 */
export async function lessonTaskColumns(lessonId: number): Promise<TaskColumn[]> {
  const stored = await lessonTaskHeaders.get(teachingKeys.lessonTaskHeaders(lessonId));
  const cells = stored?.tasks ?? (await headersFromTasks(lessonId));
  return Object.entries(cells)
    .map(([id, h]) => ({ id: Number(id), h }))
    .sort((a, b) => a.h.o - b.h.o || a.id - b.id)
    .map(({ id, h }, i) => taskColumnOf(id, h, i));
}

/** What a stream image of a task says of its column (null for any other item). */
function taskImage(image: Record<string, unknown> | undefined) {
  if (!image || image.type !== 'task') return null;
  const task = { task_id: Number(image.task_id), lesson_id: Number(image.lesson_id), course_id: Number(image.course_id) };
  return { ...task, cell: { t: Number(image.task_type_id ?? 0), o: Number(image.task_order ?? 0), m: Number(image.max_score) || 0 } };
}

/**
 * Stream projection of the task items into each lesson's TASKHEADERS item: a task's cell is SET from
 * its new image, REMOVEd when it is deleted or moved to another lesson. A lesson's first item is built
 * from its task list plus the batch's cells, so lessons made before the projection existed converge too.
 */
export async function projectTaskHeaders(changes: ItemChange[]): Promise<void> {
  const byLesson = new Map<number, { courseId: number; cells: Map<number, TaskHeaderCell | null> }>();
  const touch = (lessonId: number, courseId: number, taskId: number, cell: TaskHeaderCell | null) => {
    if (!(lessonId > 0)) return;
    const entry = byLesson.get(lessonId) ?? { courseId, cells: new Map() };
    entry.cells.set(taskId, cell);
    byLesson.set(lessonId, entry);
  };
  for (const { before, after } of changes) {
    const b = taskImage(before);
    const a = taskImage(after);
    if (!a && !b) continue;
    if (b && (!a || a.lesson_id !== b.lesson_id)) touch(b.lesson_id, b.course_id, b.task_id, null);
    if (a && (!b || b.lesson_id !== a.lesson_id || JSON.stringify(a.cell) !== JSON.stringify(b.cell))) touch(a.lesson_id, a.course_id, a.task_id, a.cell);
  }
  for (const [lessonId, { courseId, cells }] of byLesson) {
    await writeTaskMap(teachingKeys.lessonTaskHeaders(lessonId), cells, async () => {
      const tasks: Record<string, TaskHeaderCell> = await headersFromTasks(lessonId);
      for (const [taskId, cell] of cells) {
        if (cell) tasks[String(taskId)] = cell;
        else delete tasks[String(taskId)];
      }
      return { type: 'lesson-task-headers', lesson_id: lessonId, course_id: courseId, tasks };
    });
  }
}

export const courseChapters = (courseId: number) => listChapters(courseId);
export const chapterLessons = async (courseId: number, chapterId: number) =>
  (await listLessons(courseId)).filter((l) => l.chapter_id === chapterId);
