/** Data access of the catalogue: every function reads a bounded number of items, no Scan. */
import { GetCommand, QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { db, table } from '../platform/db/client';
import { GSI2 } from '../platform/db/schema';
import { keys } from '../platform/db/keys';
import { NotFound } from '../platform/http/errors';
import type { AreaItem, CategoryItem, ChapterItem, CourseItem, LessonItem, UserCourseItem } from './model';

/** All items of a query, following pagination. */
export async function queryAll<T>(input: Omit<QueryCommandInput, 'TableName'>): Promise<T[]> {
  const items: T[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const out = await db.send(new QueryCommand({ TableName: table(), ...input, ExclusiveStartKey }));
    items.push(...((out.Items ?? []) as T[]));
    ExclusiveStartKey = out.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items;
}

const prefixed = <T>(pk: string, prefix: string, extra: Partial<QueryCommandInput> = {}) =>
  queryAll<T>({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': pk, ':prefix': prefix },
    ...extra,
  });

const byOrder = <T>(field: keyof T) => (a: T, b: T) => Number(a[field]) - Number(b[field]);

export const listCategories = async () =>
  (await prefixed<CategoryItem>('CATALOGUE', 'CATEGORY#')).sort(byOrder('category_order'));

export async function getCategory(id: number): Promise<CategoryItem> {
  const out = await db.send(new GetCommand({ TableName: table(), Key: keys.category(id) }));
  if (!out.Item) throw new NotFound('Category not found.');
  return out.Item as CategoryItem;
}

export const listAreas = async (categoryId: number) =>
  (await prefixed<AreaItem>(`CATEGORY#${categoryId}`, 'AREA#')).sort(byOrder('area_order'));

/** An area by id through GSI2 (its key needs the category). */
export async function getArea(id: number): Promise<AreaItem> {
  const out = await db.send(
    new QueryCommand({
      TableName: table(),
      IndexName: GSI2,
      KeyConditionExpression: 'gsi2pk = :k',
      ExpressionAttributeValues: { ':k': `AREA#${id}` },
    }),
  );
  const item = out.Items?.[0];
  if (!item) throw new NotFound('Area not found.');
  return item as AreaItem;
}

/** The listing items of an area's courses (names, descriptions, counts, order). */
export const listAreaCourses = async (areaId: number) =>
  (await prefixed<CourseItem>(`AREA#${areaId}`, 'COURSE#')).sort(byOrder('course_order'));

export async function getCourse(id: number): Promise<CourseItem> {
  const out = await db.send(new GetCommand({ TableName: table(), Key: keys.course(id) }));
  if (!out.Item) throw new NotFound('Course not found.');
  return out.Item as CourseItem;
}

export { batchGet } from '../platform/db/batch';

export const listChapters = async (courseId: number) =>
  (await prefixed<ChapterItem>(`COURSE#${courseId}`, 'CHAPTER#')).sort(byOrder('chapter_order'));

export const listLessons = async (courseId: number) =>
  (await prefixed<LessonItem>(`COURSE#${courseId}`, 'LESSON#')).sort(byOrder('lesson_order'));

export async function getUserCourse(userId: number, courseId: number): Promise<UserCourseItem | null> {
  const out = await db.send(new GetCommand({ TableName: table(), Key: keys.userCourse(userId, courseId) }));
  return (out.Item as UserCourseItem | undefined) ?? null;
}

export const listUserCourses = (userId: number) => prefixed<UserCourseItem>(`USER#${userId}`, 'UCOURSE#');

/** The caller's UI language (1 when unknown). */
export async function userLanguage(userId: number): Promise<number> {
  const out = await db.send(new GetCommand({ TableName: table(), Key: keys.user(userId), ProjectionExpression: 'lang_id' }));
  return Number(out.Item?.lang_id ?? 1);
}
