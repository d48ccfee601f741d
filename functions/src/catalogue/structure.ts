/**
 * Reads of a course's structure (the catalogue owns its items; authoring and the player read them here): chapters and lessons by id (GSI2), a course's structure (one Query
 * of its partition, projected), the course users (GSI1, for progress clean-up) and the recount that
 * stores exact counters (service-refresh-course uses it too).
 */
import * as z from 'zod';
import { GSI1, GSI2 } from '../platform/db/schema';
import { defineEntity } from '../platform/db/entity';
import { NotFound } from '../platform/http/errors';
import { getCourse } from './store';
import { conditionFailed, queryAll } from '../platform/db/operations';
import { courseListings, courses, lessons, storedChapters, tasks, type ChapterItem, type LessonItem, type StoredChapter, type TaskItem } from './entities';
import { recount, type CountedTask } from './counts';
import { catalogueKeys } from './keys';
import { keys } from '../platform/db/keys';

export type { StoredChapter };

/** A course-users entry (GSI1 COURSEUSERS#{courseId}): older entries carry the user only in gsi1sk. */
const courseUserEntries = defineEntity('user-course', { user_id: z.number().optional(), gsi1sk: z.string().optional() });

async function byId<I>(entity: { queryPage: (input: object) => Promise<{ items: I[] }> }, kind: string, id: number, message: string): Promise<I> {
  const { items } = await entity.queryPage({ IndexName: GSI2, KeyConditionExpression: 'gsi2pk = :k', ExpressionAttributeValues: { ':k': keys.byIdPartition(kind, id) } });
  const item = items[0];
  if (!item) throw new NotFound(message);
  return item;
}

export const getChapter = (id: number) => byId(storedChapters, 'CHAPTER', id, 'Chapter not found.');
export const getLesson = (id: number) => byId(lessons, 'LESSON', id, 'Lesson not found.');

/** A chapter read strongly from its own key (the GSI is eventually consistent). */
export async function readChapter(courseId: number, chapterId: number): Promise<StoredChapter | null> {
  return storedChapters.get(catalogueKeys.chapter(courseId, chapterId), { consistent: true });
}
export async function readLesson(courseId: number, lessonId: number): Promise<LessonItem | null> {
  return lessons.get(catalogueKeys.lesson(courseId, lessonId), { consistent: true });
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
  const of = (kind: (sk: unknown) => boolean) => items.filter((i) => kind(i.sk));
  return {
    chapters: of(catalogueKeys.isChapter)
      .map(storedChapters.parse)
      .sort((a, b) => a.chapter_order - b.chapter_order || a.chapter_id - b.chapter_id),
    lessons: of(catalogueKeys.isLesson)
      .map(lessons.parse)
      .sort((a, b) => a.lesson_order - b.lesson_order || a.lesson_id - b.lesson_id),
    tasks: of(catalogueKeys.isTask)
      .map(tasks.parse)
      .sort((a, b) => a.task_order - b.task_order || a.task_id - b.task_id),
  };
}

export const chapterTypesOf = (chapters: Array<Pick<ChapterItem, 'chapter_id' | 'chapter_type'>>) =>
  new Map(chapters.map((c) => [c.chapter_id, c.chapter_type]));

/** Ids of the learners who started the course (GSI1 COURSEUSERS#{courseId}). */
export async function courseUserIds(courseId: number): Promise<number[]> {
  const items = await courseUserEntries.queryAll({
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
  /** A counted write only updates an item that exists (a concurrent delete wins). */
  const set = async (write: Promise<unknown>) => {
    try {
      await write;
    } catch (error) {
      if (!conditionFailed(error)) throw error;
    }
  };
  const exists = 'attribute_exists(pk)';
  await set(courses.update(catalogueKeys.course(courseId), { condition: exists, set: {
    content_count: r.course.contents,
    task_count: r.course.tasks,
    program_count: r.course.programs,
    max_score_task: r.course.taskScore,
    max_score_program: r.course.programScore,
    lessons_count: r.lessonsCount,
  } }));
  await set(courseListings.update(catalogueKeys.courseInArea(course.area_id, courseId), { condition: exists, set: {
    content_count: r.course.contents,
    task_count: r.course.tasks,
    program_count: r.course.programs,
  } }));
  for (const [chapterId, t] of r.perChapter) {
    await set(storedChapters.update(catalogueKeys.chapter(courseId, chapterId), { condition: exists, set: {
      contents_count: t.contents,
      tasks_count: t.tasks,
      programs_count: t.programs,
      max_score_task: t.taskScore,
      max_score_program: t.programScore,
      lessons_count: r.lessonsPerChapter.get(chapterId) ?? 0,
    } }));
  }
  for (const [lessonId, t] of r.perLesson) {
    await set(lessons.update(catalogueKeys.lesson(courseId, lessonId), { condition: exists, set: {
      contents_count: t.contents,
      tasks_count: t.tasks,
      programs_count: t.programs,
      tasks_score: t.taskScore,
      programs_score: t.programScore,
    } }));
  }
}
