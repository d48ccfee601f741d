/**
 * Reads of a course's structure (the catalogue owns its items; authoring and the player read them here): chapters and lessons by id (GSI2), a course's structure (one Query
 * of its partition, projected), the course users (GSI1, for progress clean-up) and the recount that
 * stores exact counters (service-refresh-course uses it too).
 */
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, table } from '../platform/db/client';
import { GSI1, GSI2 } from '../platform/db/schema';
import { NotFound } from '../platform/http/errors';
import { getCourse } from './store';
import { queryAll } from '../platform/db/operations';
import type { ChapterItem, LessonItem } from './model';
import type { TaskItem } from './task-items';
import { recount, type CountedTask } from './counts';
import { catalogueKeys } from './keys';
import { keys } from '../platform/db/keys';

export interface StoredChapter extends ChapterItem {
  icon2?: string;
  check_RB?: number;
  check_RE?: number;
  results_begin?: string | null;
  results_end?: string | null;
  lessons_count?: number;
}

async function byId<T>(kind: string, id: number, message: string): Promise<T> {
  const out = await db.send(
    new QueryCommand({
      TableName: table(),
      IndexName: GSI2,
      KeyConditionExpression: 'gsi2pk = :k',
      ExpressionAttributeValues: { ':k': keys.byIdPartition(kind, id) },
    }),
  );
  const item = out.Items?.[0];
  if (!item) throw new NotFound(message);
  return item as T;
}

export const getChapter = (id: number) => byId<StoredChapter>('CHAPTER', id, 'Chapter not found.');
export const getLesson = (id: number) => byId<LessonItem>('LESSON', id, 'Lesson not found.');

/** A chapter read strongly from its own key (the GSI is eventually consistent). */
export async function readChapter(courseId: number, chapterId: number): Promise<StoredChapter | null> {
  const out = await db.send(
    new GetCommand({ TableName: table(), Key: catalogueKeys.chapter(courseId, chapterId), ConsistentRead: true }),
  );
  return (out.Item as StoredChapter | undefined) ?? null;
}
export async function readLesson(courseId: number, lessonId: number): Promise<LessonItem | null> {
  const out = await db.send(
    new GetCommand({ TableName: table(), Key: catalogueKeys.lesson(courseId, lessonId), ConsistentRead: true }),
  );
  return (out.Item as LessonItem | undefined) ?? null;
}

export interface CourseStructure {
  chapters: StoredChapter[];
  lessons: LessonItem[];
  tasks: TaskItem[];
}

/** Chapters, lessons and tasks of a course in one (paginated, strongly consistent) Query. */
export async function courseStructure(courseId: number): Promise<CourseStructure> {
  const range = catalogueKeys.courseStructure(courseId);
  const items = await queryAll<Record<string, unknown>>({
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :a AND :z',
    ExpressionAttributeValues: { ':pk': range.pk, ':a': range.from, ':z': range.to },
    ConsistentRead: true,
  });
  const of = <T>(kind: (sk: unknown) => boolean) => items.filter((i) => kind(i.sk)) as unknown as T[];
  return {
    chapters: of<StoredChapter>(catalogueKeys.isChapter).sort(
      (a, b) => a.chapter_order - b.chapter_order || a.chapter_id - b.chapter_id,
    ),
    lessons: of<LessonItem>(catalogueKeys.isLesson).sort((a, b) => a.lesson_order - b.lesson_order || a.lesson_id - b.lesson_id),
    tasks: of<TaskItem>(catalogueKeys.isTask).sort((a, b) => a.task_order - b.task_order || a.task_id - b.task_id),
  };
}

export const chapterTypesOf = (chapters: Array<Pick<ChapterItem, 'chapter_id' | 'chapter_type'>>) =>
  new Map(chapters.map((c) => [c.chapter_id, Number(c.chapter_type)]));

/** Ids of the learners who started the course (GSI1 COURSEUSERS#{courseId}). */
export async function courseUserIds(courseId: number): Promise<number[]> {
  const items = await queryAll<{ user_id?: number; gsi1sk?: string }>({
    IndexName: GSI1,
    KeyConditionExpression: 'gsi1pk = :k',
    ExpressionAttributeValues: { ':k': catalogueKeys.courseUsers(courseId) },
  });
  return items.map((i) => Number(i.user_id ?? catalogueKeys.userOfCourseUsersEntry(String(i.gsi1sk ?? '')))).filter((n) => n > 0);
}

/** The next order value after the last of a list. */
export const nextOrderOf = (orders: number[]) => (orders.length ? Math.max(...orders) : 0) + 1;

/**
 * Recounts a course and stores the exact figures on the course, its listing, every chapter and
 * every lesson (service-refresh-course; the repair path if a counter was ever written outside the
 * counted writes).
 */
export async function storeRecount(courseId: number) {
  const course = await getCourse(courseId);
  const s = await courseStructure(courseId);
  const r = recount({ chapters: s.chapters, lessons: s.lessons, tasks: s.tasks as CountedTask[] });
  const set = async (key: Record<string, string>, fields: Record<string, number>) => {
    const entries = Object.entries(fields);
    try {
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
    } catch (error) {
      if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
    }
  };
  await set(catalogueKeys.course(courseId), {
    content_count: r.course.contents,
    task_count: r.course.tasks,
    program_count: r.course.programs,
    max_score_task: r.course.taskScore,
    max_score_program: r.course.programScore,
    lessons_count: r.lessonsCount,
  });
  await set(catalogueKeys.courseInArea(course.area_id, courseId), {
    content_count: r.course.contents,
    task_count: r.course.tasks,
    program_count: r.course.programs,
  });
  for (const [chapterId, t] of r.perChapter) {
    await set(catalogueKeys.chapter(courseId, chapterId), {
      contents_count: t.contents,
      tasks_count: t.tasks,
      programs_count: t.programs,
      max_score_task: t.taskScore,
      max_score_program: t.programScore,
      lessons_count: r.lessonsPerChapter.get(chapterId) ?? 0,
    });
  }
  for (const [lessonId, t] of r.perLesson) {
    await set(catalogueKeys.lesson(courseId, lessonId), {
      contents_count: t.contents,
      tasks_count: t.tasks,
      programs_count: t.programs,
      tasks_score: t.taskScore,
      programs_score: t.programScore,
    });
  }
}
