/**
 * Writes of chapters and lessons that keep the structure whole: creating a lesson needs its chapter
 * (and counts it), deleting goes bottom-up (learners' progress, tasks, lessons, then the chapter), each
 * step a transaction whose condition refuses to leave anything behind (a lesson is deleted only when
 * its counters say it is empty, a chapter only without lessons). A delete that fails half-way can be
 * repeated and finishes; nothing is ever orphaned.
 */
import { TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, table } from '../platform/db/client';
import { keys } from '../platform/db/keys';
import { Conflict } from '../platform/http/errors';
import type { LessonItem } from '../catalogue';
import { getCourse } from '../catalogue';
import { chapterTypesOf, courseStructure, type StoredChapter } from '../catalogue';
import { deleteTasks, moveTasks } from './task-writes';
import { catalogueKeys } from '../catalogue';

const EMPTY = '(attribute_not_exists(#c) OR #c = :z) AND (attribute_not_exists(#t) OR #t = :z) AND (attribute_not_exists(#p) OR #p = :z)';

async function transact(items: Array<Record<string, unknown>>, message = 'The content changed meanwhile. Reload and try again.') {
  try {
    await db.send(new TransactWriteCommand({ TransactItems: items as never }));
  } catch (error) {
    if ((error as Error).name === 'TransactionCanceledException') throw new Conflict(message);
    throw error;
  }
}

/** Puts a new lesson, counted on its chapter and course; fails when the chapter is gone. */
/** A new lesson: its counts start at 0. */
export async function insertLesson(lesson: Pick<LessonItem, 'lesson_id' | 'chapter_id' | 'course_id' | 'lesson_order' | 'names' | 'visible'>) {
  await transact([
    {
      Put: {
        TableName: table(),
        Item: {
          ...catalogueKeys.lesson(lesson.course_id, lesson.lesson_id),
          ...keys.byId('LESSON', lesson.lesson_id),
          type: 'lesson',
          contents_count: 0,
          tasks_count: 0,
          programs_count: 0,
          tasks_score: 0,
          programs_score: 0,
          ...lesson,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    {
      Update: {
        TableName: table(),
        Key: catalogueKeys.chapter(lesson.course_id, lesson.chapter_id),
        UpdateExpression: 'ADD lessons_count :one',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':one': 1 },
      },
    },
    { Update: { TableName: table(), Key: catalogueKeys.course(lesson.course_id), UpdateExpression: 'ADD lessons_count :one', ExpressionAttributeValues: { ':one': 1 } } },
  ]);
}

/** Deletes a lesson and everything under it (resumable; see the module note). */
export async function deleteLessonCascade(courseId: number, lessonId: number) {
  const course = await getCourse(courseId);
  for (let attempt = 0; attempt < 3; attempt++) {
    const s = await courseStructure(courseId);
    const lesson = s.lessons.find((l) => l.lesson_id === lessonId);
    if (!lesson) return;
    await deleteTasks(
      s.tasks.filter((t) => t.lesson_id === lessonId),
      course,
      chapterTypesOf(s.chapters),
    );
    try {
      await transact([
        {
          Delete: {
            TableName: table(),
            Key: catalogueKeys.lesson(courseId, lessonId),
            ConditionExpression: `attribute_exists(pk) AND ${EMPTY}`,
            ExpressionAttributeNames: { '#c': 'contents_count', '#t': 'tasks_count', '#p': 'programs_count' },
            ExpressionAttributeValues: { ':z': 0 },
          },
        },
        {
          Update: {
            TableName: table(),
            Key: catalogueKeys.chapter(courseId, lesson.chapter_id),
            UpdateExpression: 'ADD lessons_count :m',
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeValues: { ':m': -1 },
          },
        },
        { Update: { TableName: table(), Key: catalogueKeys.course(courseId), UpdateExpression: 'ADD lessons_count :m', ExpressionAttributeValues: { ':m': -1 } } },
      ]);
      return;
    } catch (error) {
      // A task was added meanwhile: delete it too on the next round.
      if (!(error instanceof Conflict) || attempt === 2) throw error;
    }
  }
}

/** Deletes a chapter with its lessons, tasks, texts and the learners' progress on them. */
export async function deleteChapterCascade(courseId: number, chapterId: number) {
  for (let attempt = 0; attempt < 3; attempt++) {
    const s = await courseStructure(courseId);
    if (!s.chapters.some((c) => c.chapter_id === chapterId)) return;
    for (const lesson of s.lessons.filter((l) => l.chapter_id === chapterId)) await deleteLessonCascade(courseId, lesson.lesson_id);
    try {
      await transact([
        {
          Delete: {
            TableName: table(),
            Key: catalogueKeys.chapter(courseId, chapterId),
            ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(lessons_count) OR lessons_count = :z)',
            ExpressionAttributeValues: { ':z': 0 },
          },
        },
      ]);
      return;
    } catch (error) {
      if (!(error instanceof Conflict) || attempt === 2) throw error;
    }
  }
}

/** Moves a lesson (with its tasks) to another chapter of the same course. */
export async function moveLesson(courseId: number, lesson: LessonItem, toChapter: StoredChapter) {
  if (lesson.chapter_id === toChapter.chapter_id) return;
  const course = await getCourse(courseId);
  const s = await courseStructure(courseId);
  const tasks = s.tasks.filter((t) => t.lesson_id === lesson.lesson_id);
  await moveTasks(tasks, { lesson_id: lesson.lesson_id, chapter_id: toChapter.chapter_id, firstOrder: 1 }, course, chapterTypesOf(s.chapters));
  const lessonsAfter = s.lessons.filter((l) => l.chapter_id === toChapter.chapter_id).map((l) => l.lesson_order);
  await transact([
    {
      Update: {
        TableName: table(),
        Key: catalogueKeys.lesson(courseId, lesson.lesson_id),
        UpdateExpression: 'SET chapter_id = :c, lesson_order = :o',
        ConditionExpression: 'attribute_exists(pk) AND chapter_id = :old',
        ExpressionAttributeValues: { ':c': toChapter.chapter_id, ':old': lesson.chapter_id, ':o': (lessonsAfter.length ? Math.max(...lessonsAfter) : 0) + 1 },
      },
    },
    { Update: { TableName: table(), Key: catalogueKeys.chapter(courseId, lesson.chapter_id), UpdateExpression: 'ADD lessons_count :m', ConditionExpression: 'attribute_exists(pk)', ExpressionAttributeValues: { ':m': -1 } } },
    { Update: { TableName: table(), Key: catalogueKeys.chapter(courseId, toChapter.chapter_id), UpdateExpression: 'ADD lessons_count :one', ConditionExpression: 'attribute_exists(pk)', ExpressionAttributeValues: { ':one': 1 } } },
  ]);
}

/**
 * Changes a chapter's type. Crossing the competition boundary moves the chapter's counts in or out
 * of the course totals, in one transaction conditioned on the type and counts it read.
 */
export async function changeChapterType(courseId: number, chapter: StoredChapter, newType: number) {
  const oldType = Number(chapter.chapter_type);
  if (oldType === newType) return;
  const counted = (t: number) => t !== 2;
  const sign = counted(newType) === counted(oldType) ? 0 : counted(newType) ? 1 : -1;
  const c = {
    content_count: sign * Number(chapter.contents_count ?? 0),
    task_count: sign * Number(chapter.tasks_count ?? 0),
    program_count: sign * Number(chapter.programs_count ?? 0),
    max_score_task: sign * Number(chapter.max_score_task ?? 0),
    max_score_program: sign * Number(chapter.max_score_program ?? 0),
  };
  const course = await getCourse(courseId);
  const add = (fields: Record<string, number>) => ({
    UpdateExpression: `ADD ${Object.keys(fields).map((k) => `${k} :${k}`).join(', ')}`,
    ExpressionAttributeValues: Object.fromEntries(Object.entries(fields).map(([k, v]) => [`:${k}`, v])),
  });
  await transact([
    {
      Update: {
        TableName: table(),
        Key: catalogueKeys.chapter(courseId, chapter.chapter_id),
        UpdateExpression: 'SET chapter_type = :nt',
        ConditionExpression:
          'chapter_type = :ot AND (attribute_not_exists(contents_count) OR contents_count = :cc) AND (attribute_not_exists(tasks_count) OR tasks_count = :tc) AND (attribute_not_exists(programs_count) OR programs_count = :pc)',
        ExpressionAttributeValues: {
          ':nt': newType,
          ':ot': oldType,
          ':cc': Number(chapter.contents_count ?? 0),
          ':tc': Number(chapter.tasks_count ?? 0),
          ':pc': Number(chapter.programs_count ?? 0),
        },
      },
    },
    ...(sign === 0
      ? []
      : [
          { Update: { TableName: table(), Key: catalogueKeys.course(courseId), ...add(c) } },
          {
            Update: {
              TableName: table(),
              Key: catalogueKeys.courseInArea(course.area_id, courseId),
              ...add({ content_count: c.content_count, task_count: c.task_count, program_count: c.program_count }),
            },
          },
        ]),
  ]);
}

/** Sets plain fields of a chapter or lesson item (texts, visibility, icons, competition settings). */
export async function setFields(key: Record<string, string>, fields: Record<string, unknown>) {
  const entries = Object.entries(fields).filter(([, v]) => v !== undefined);
  if (entries.length === 0) return;
  await db.send(
    new UpdateCommand({
      TableName: table(),
      Key: key,
      UpdateExpression: `SET ${entries.map((_, i) => `#f${i} = :v${i}`).join(', ')}`,
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: Object.fromEntries(entries.map(([k], i) => [`#f${i}`, k])),
      ExpressionAttributeValues: Object.fromEntries(entries.map(([, v], i) => [`:v${i}`, v])),
    }),
  );
}

/** Name and visibility of one language, written in place (translators of other languages are not overwritten). */
export async function setLanguageText(key: Record<string, string>, langId: number, name: string, visible: number, extra: Record<string, unknown> = {}) {
  const entries = Object.entries(extra).filter(([, v]) => v !== undefined);
  await db.send(
    new UpdateCommand({
      TableName: table(),
      Key: key,
      UpdateExpression: `SET #names.#l = :n, #vis.#l = :v${entries.map((_, i) => `, #e${i} = :e${i}`).join('')}`,
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: { '#names': 'names', '#vis': 'visible', '#l': String(langId), ...Object.fromEntries(entries.map(([k], i) => [`#e${i}`, k])) },
      ExpressionAttributeValues: { ':n': name, ':v': visible, ...Object.fromEntries(entries.map(([, v], i) => [`:e${i}`, v])) },
    }),
  );
}
