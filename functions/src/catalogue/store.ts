/** Data access of the catalogue: every function reads a bounded number of items, no Scan. */
import { GSI2 } from '../platform/db/schema';
import { defineEntity, num } from '../platform/db/entity';
import { accountKeys } from '../accounts';
import { catalogueKeys } from './keys';
import { NotFound } from '../platform/http/errors';
import { keys } from '../platform/db/keys';
import { queryAll } from '../platform/db/operations';
import { areas, categories, chapters, courseListings, courses, lessons, userCourses, type AreaItem, type CategoryItem, type CourseItem, type UserCourseItem } from './entities';

/** The part of the user's profile the catalogue reads (its language). */
const profiles = defineEntity('user', { lang_id: num(1) });

const byOrder = <T>(field: keyof T) => (a: T, b: T) => Number(a[field]) - Number(b[field]);

export const listCategories = async () =>
  (await categories.queryPrefix(catalogueKeys.categories())).sort(byOrder('category_order'));

export async function getCategory(id: number): Promise<CategoryItem> {
  const category = await categories.get(catalogueKeys.category(id));
  if (!category) throw new NotFound('Category not found.');
  return category;
}

export const listAreas = async (categoryId: number) =>
  (await areas.queryPrefix(catalogueKeys.areasOf(categoryId))).sort(byOrder('area_order'));

/** An area by id through GSI2 (its key needs the category). */
export async function getArea(id: number): Promise<AreaItem> {
  const { items } = await areas.queryPage({ IndexName: GSI2, KeyConditionExpression: 'gsi2pk = :k', ExpressionAttributeValues: { ':k': keys.byId('AREA', id).gsi2pk } });
  const item: AreaItem | undefined = items[0];
  if (!item) throw new NotFound('Area not found.');
  return item;
}

/** The listing items of an area's courses (names, descriptions, counts, order). */
export const listAreaCourses = async (areaId: number) =>
  (await courseListings.queryPrefix(catalogueKeys.coursesOf(areaId))).sort(byOrder('course_order'));

export async function getCourse(id: number): Promise<CourseItem> {
  const course: CourseItem | null = await courses.get(catalogueKeys.course(id));
  if (!course) throw new NotFound('Course not found.');
  return course;
}

export { batchGet } from '../platform/db/batch';

export const listChapters = async (courseId: number) =>
  (await chapters.queryPrefix(catalogueKeys.chaptersOf(courseId))).sort(byOrder('chapter_order'));

export const listLessons = async (courseId: number) =>
  (await lessons.queryPrefix(catalogueKeys.lessonsOf(courseId))).sort(byOrder('lesson_order'));

export async function getUserCourse(userId: number, courseId: number): Promise<UserCourseItem | null> {
  return userCourses.get(catalogueKeys.userCourse(userId, courseId));
}

export const listUserCourses = (userId: number) => userCourses.queryPrefix(catalogueKeys.userCourses(userId));

/** The caller's UI language (1 when unknown). */
export async function userLanguage(userId: number): Promise<number> {
  return (await profiles.getFields(accountKeys.user(userId), ['lang_id']))?.lang_id ?? 1;
}

/** The user's profile and started courses in one query (the partition's range from PROFILE on: PROFILE, UCOURSE#…). */
export async function profileAndCourses(userId: number): Promise<{ profile: { lang_id?: number } | null; userCourses: UserCourseItem[] }> {
  const profileKey = accountKeys.user(userId);
  const items = await queryAll<Record<string, unknown>>({
    KeyConditionExpression: 'pk = :pk AND sk >= :from',
    ExpressionAttributeValues: { ':pk': profileKey.pk, ':from': profileKey.sk },
  });
  return {
    profile: profiles.parseOrNull(items.find((i) => i.sk === profileKey.sk)),
    userCourses: items.filter((i) => catalogueKeys.isUserCourse(i.sk)).map(userCourses.parse),
  };
}
