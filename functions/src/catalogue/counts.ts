/**
 * Exact content counts (issue 10 item 6). Every task write that changes what is counted (add,
 * clone, move, delete, type or max-score change) carries, in the same transaction, ADD updates of:
 *
 * - the lesson: contents_count, tasks_count, programs_count, tasks_score, programs_score;
 * - the chapter: contents_count, tasks_count, programs_count, max_score_task, max_score_program;
 * - the course item and its area listing: content_count, task_count, program_count (+ max scores on
 *   the course item) — not for competition chapters, which are scored apart.
 *
 * Each lesson/chapter update is conditioned on the item existing (ADD would otherwise resurrect a
 * deleted lesson) and the chapter's on the chapter type the writer saw, so a concurrent chapter type
 * change makes the write fail instead of counting into the wrong total. `recount` is the reference
 * the random-operations test compares the kept counts with.
 */
import { taskKind } from '@lectio/shared';
import { table } from '../platform/db/client';
import { COMPETITION } from './model';
import { catalogueKeys } from './keys';

export interface CountedTask {
  course_id: number;
  chapter_id: number;
  lesson_id: number;
  task_type_id: number;
  max_score: string | number;
}

export interface Tally {
  contents: number;
  tasks: number;
  programs: number;
  taskScore: number;
  programScore: number;
}

export const zeroTally = (): Tally => ({ contents: 0, tasks: 0, programs: 0, taskScore: 0, programScore: 0 });
const round2 = (v: number) => Math.round(v * 100) / 100;

export function addTask(t: Tally, task: Pick<CountedTask, 'task_type_id' | 'max_score'>, sign: 1 | -1 = 1): Tally {
  const kind = taskKind(Number(task.task_type_id));
  const score = Number(task.max_score) || 0;
  if (kind === 'content') t.contents += sign;
  else if (kind === 'task') {
    t.tasks += sign;
    t.taskScore = round2(t.taskScore + sign * score);
  } else {
    t.programs += sign;
    t.programScore = round2(t.programScore + sign * score);
  }
  return t;
}

const isZero = (t: Tally) => !t.contents && !t.tasks && !t.programs && !t.taskScore && !t.programScore;

/** A signed change of the counted tasks, e.g. a move: [-old, +new]. */
export interface CountChange {
  task: CountedTask;
  sign: 1 | -1;
}

/** The chapters' types as the writer saw them (competitions are not counted in the course). */
export type ChapterTypes = Map<number, number>;

type Update = { Update: Record<string, unknown> };

function addUpdate(key: Record<string, string>, fields: Record<string, number>, condition?: { expression: string; values: Record<string, unknown> }): Update | null {
  const entries = Object.entries(fields).filter(([, v]) => v !== 0);
  if (entries.length === 0 && !condition) return null;
  const list = entries.length ? entries : [[Object.keys(fields)[0]!, 0] as [string, number]];
  return {
    Update: {
      TableName: table(),
      Key: key,
      UpdateExpression: `ADD ${list.map((_, i) => `#f${i} :v${i}`).join(', ')}`,
      ExpressionAttributeNames: Object.fromEntries(list.map(([k], i) => [`#f${i}`, k])),
      ExpressionAttributeValues: { ...Object.fromEntries(list.map(([, v], i) => [`:v${i}`, v])), ...(condition?.values ?? {}) },
      ConditionExpression: condition ? `attribute_exists(pk) AND ${condition.expression}` : 'attribute_exists(pk)',
    },
  };
}

/**
 * The ADD updates of lessons, chapters and the course for a set of count changes; merged per item
 * so one transaction touches each counter item once.
 */
export function countUpdates(changes: CountChange[], course: { course_id: number; area_id: number }, chapterTypes: ChapterTypes): Update[] {
  const lessons = new Map<number, Tally>();
  const chapters = new Map<number, Tally>();
  const total = zeroTally();
  for (const { task, sign } of changes) {
    addTask(lessons.get(task.lesson_id) ?? lessons.set(task.lesson_id, zeroTally()).get(task.lesson_id)!, task, sign);
    addTask(chapters.get(task.chapter_id) ?? chapters.set(task.chapter_id, zeroTally()).get(task.chapter_id)!, task, sign);
    if (chapterTypes.get(task.chapter_id) !== COMPETITION) addTask(total, task, sign);
  }
  const updates: Array<Update | null> = [];
  for (const [lessonId, t] of lessons) {
    if (isZero(t)) continue;
    updates.push(
      addUpdate(catalogueKeys.lesson(course.course_id, lessonId), {
        contents_count: t.contents,
        tasks_count: t.tasks,
        programs_count: t.programs,
        tasks_score: t.taskScore,
        programs_score: t.programScore,
      }),
    );
  }
  for (const [chapterId, t] of chapters) {
    // Always conditioned on the type seen, even when the tally cancels out (a move inside the chapter).
    updates.push(
      addUpdate(
        catalogueKeys.chapter(course.course_id, chapterId),
        { contents_count: t.contents, tasks_count: t.tasks, programs_count: t.programs, max_score_task: t.taskScore, max_score_program: t.programScore },
        { expression: 'chapter_type = :seenType', values: { ':seenType': chapterTypes.get(chapterId) ?? 1 } },
      ),
    );
  }
  if (!isZero(total)) {
    updates.push(
      addUpdate(catalogueKeys.course(course.course_id), {
        content_count: total.contents,
        task_count: total.tasks,
        program_count: total.programs,
        max_score_task: total.taskScore,
        max_score_program: total.programScore,
      }),
      addUpdate(catalogueKeys.courseInArea(course.area_id, course.course_id), { content_count: total.contents, task_count: total.tasks, program_count: total.programs }),
    );
  }
  return updates.filter((u): u is Update => u !== null);
}

/** The condition that a stored task still is what the writer counted (type, score and place). */
export const countedStateCondition = (task: CountedTask) => ({
  ConditionExpression: 'attribute_exists(pk) AND task_type_id = :ct AND max_score = :cm AND lesson_id = :cl',
  values: { ':ct': task.task_type_id, ':cm': task.max_score, ':cl': task.lesson_id },
});

export interface RecountInput {
  chapters: Array<{ chapter_id: number; chapter_type: number }>;
  lessons: Array<{ lesson_id: number; chapter_id: number }>;
  tasks: Array<CountedTask>;
}

/** Reference recount of a course: what the kept counters must equal. */
export function recount({ chapters, lessons, tasks }: RecountInput) {
  const types = new Map(chapters.map((c) => [c.chapter_id, Number(c.chapter_type)]));
  const course = zeroTally();
  const perChapter = new Map(chapters.map((c) => [c.chapter_id, zeroTally()]));
  const perLesson = new Map(lessons.map((l) => [l.lesson_id, zeroTally()]));
  const lessonsPerChapter = new Map(chapters.map((c) => [c.chapter_id, lessons.filter((l) => l.chapter_id === c.chapter_id).length]));
  for (const t of tasks) {
    const lesson = perLesson.get(t.lesson_id);
    const chapter = perChapter.get(t.chapter_id);
    if (lesson) addTask(lesson, t);
    if (chapter) addTask(chapter, t);
    if (types.get(t.chapter_id) !== COMPETITION) addTask(course, t);
  }
  return { course, perChapter, perLesson, lessonsPerChapter, lessonsCount: lessons.length };
}
