/** Data access of the catalogue: every function reads a bounded number of items, no Scan. */
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { db, table } from '../platform/db/client';
import { GSI2 } from '../platform/db/schema';
import { accountKeys } from '../accounts';
import { catalogueKeys } from './keys';
import { NotFound } from '../platform/http/errors';
import { keys } from '../platform/db/keys';
import { queryAll, queryPrefix } from '../platform/db/operations';
import type { AreaItem, CategoryItem, ChapterItem, CourseItem, LessonItem, UserCourseItem } from './model';

const byOrder = <T>(field: keyof T) => (a: T, b: T) => Number(a[field]) - Number(b[field]);

export const listCategories = async () =>
  (await queryPrefix<CategoryItem>(catalogueKeys.categories())).sort(byOrder('category_order'));

export async function getCategory(id: number): Promise<CategoryItem> {
  const out = await db.send(new GetCommand({ TableName: table(), Key: catalogueKeys.category(id) }));
  if (!out.Item) throw new NotFound('Category not found.');
  return out.Item as CategoryItem;
}

export const listAreas = async (categoryId: number) =>
  (await queryPrefix<AreaItem>(catalogueKeys.areasOf(categoryId))).sort(byOrder('area_order'));

/** An area by id through GSI2 (its key needs the category). */
export async function getArea(id: number): Promise<AreaItem> {
  const out = await db.send(
    new QueryCommand({
      TableName: table(),
      IndexName: GSI2,
      KeyConditionExpression: 'gsi2pk = :k',
      ExpressionAttributeValues: { ':k': keys.byId('AREA', id).gsi2pk },
    }),
  );
  const item = out.Items?.[0];
  if (!item) throw new NotFound('Area not found.');
  return item as AreaItem;
}

/** The listing items of an area's courses (names, descriptions, counts, order). */
export const listAreaCourses = async (areaId: number) =>
  (await queryPrefix<CourseItem>(catalogueKeys.coursesOf(areaId))).sort(byOrder('course_order'));

export async function getCourse(id: number): Promise<CourseItem> {
  const out = await db.send(new GetCommand({ TableName: table(), Key: catalogueKeys.course(id) }));
  if (!out.Item) throw new NotFound('Course not found.');
  return out.Item as CourseItem;
}

export { batchGet } from '../platform/db/batch';

export const listChapters = async (courseId: number) =>
  (await queryPrefix<ChapterItem>(catalogueKeys.chaptersOf(courseId))).sort(byOrder('chapter_order'));

export const listLessons = async (courseId: number) =>
  (await queryPrefix<LessonItem>(catalogueKeys.lessonsOf(courseId))).sort(byOrder('lesson_order'));

export async function getUserCourse(userId: number, courseId: number): Promise<UserCourseItem | null> {
  const out = await db.send(new GetCommand({ TableName: table(), Key: catalogueKeys.userCourse(userId, courseId) }));
  return (out.Item as UserCourseItem | undefined) ?? null;
}

export const listUserCourses = (userId: number) => queryPrefix<UserCourseItem>(catalogueKeys.userCourses(userId));

/** The caller's UI language (1 when unknown). */
export async function userLanguage(userId: number): Promise<number> {
  const out = await db.send(new GetCommand({ TableName: table(), Key: accountKeys.user(userId), ProjectionExpression: 'lang_id' }));
  return Number(out.Item?.lang_id ?? 1);
}

/** The user's profile and started courses in one query (the partition's range from PROFILE on: PROFILE, UCOURSE#…). */
export async function profileAndCourses(userId: number): Promise<{ profile: { lang_id?: number } | null; userCourses: UserCourseItem[] }> {
  const profileKey = accountKeys.user(userId);
  const items = await queryAll<Record<string, unknown>>({
    KeyConditionExpression: 'pk = :pk AND sk >= :from',
    ExpressionAttributeValues: { ':pk': profileKey.pk, ':from': profileKey.sk },
  });
  return {
    profile: (items.find((i) => i.sk === profileKey.sk) as { lang_id?: number } | undefined) ?? null,
    userCourses: items.filter((i) => catalogueKeys.isUserCourse(i.sk)) as unknown as UserCourseItem[],
  };
}
