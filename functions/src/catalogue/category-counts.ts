/**
 * The counts a category shows (areas, courses, lessons, codes: spec/1 §2 "Categories") as a projection of
 * its areas and courses. Authoring keeps a course's own counts exact in its transactions; a category sums
 * every course of every area, so it is recounted from them whenever a course's counts, a course's area or
 * an area's category change. A recount is idempotent (a replayed stream record writes the same numbers)
 * and reads the state after the change that triggered it, so the last one always leaves exact counts.
 */
import * as z from 'zod';
import { conditionFailed } from '../platform/db/operations';
import { defineEntity, num } from '../platform/db/entity';
import { categories } from './entities';
import type { Image, ItemChange } from '../platform/streams/projection';
import { catalogueKeys } from './keys';

/** The projected parts of the items a recount reads: an area's id, a listing's course id, a course's counts. */
const areaIds = defineEntity('area', { area_id: z.number() });
const courseIds = defineEntity('course-ref', { course_id: z.number() });
const courseCounts = defineEntity('course', { lessons_count: num(), program_count: num() });

export interface CategoryCounts {
  areas_count: number;
  courses_count: number;
  lessons_count: number;
  codes_count: number;
}

/** Pure: the category's counts from its areas and the course items under them. */
export function sumCategory(areaCount: number, courses: Array<{ lessons_count?: unknown; program_count?: unknown }>): CategoryCounts {
  const n = (v: unknown) => (Number.isFinite(Number(v)) ? Number(v) : 0);
  return {
    areas_count: areaCount,
    courses_count: courses.length,
    lessons_count: courses.reduce((s, c) => s + n(c.lessons_count), 0),
    codes_count: courses.reduce((s, c) => s + n(c.program_count), 0),
  };
}

export async function recountCategory(categoryId: number): Promise<CategoryCounts> {
  const areas = await areaIds.queryPrefix(catalogueKeys.areasOf(categoryId), { ConsistentRead: true, ProjectionExpression: 'area_id' });
  const refs = (await Promise.all(areas.map((a) => courseIds.queryPrefix(catalogueKeys.coursesOf(a.area_id), { ConsistentRead: true, ProjectionExpression: 'course_id' })))).flat();
  const courses = await courseCounts.batchGet(refs.map((r) => catalogueKeys.course(r.course_id)), { consistent: true });
  const counts = sumCategory(areas.length, courses);
  try {
    await categories.update(catalogueKeys.category(categoryId), {
      set: { areas_count: counts.areas_count, courses_count: counts.courses_count, lessons_count: counts.lessons_count, codes_count: counts.codes_count },
      condition: 'attribute_exists(pk)',
    });
  } catch (error) {
    if (!conditionFailed(error)) throw error; // the category is gone
  }
  return counts;
}

const counted = ['lessons_count', 'program_count', 'area_id', 'category_id'] as const;
const categoryOf = (i: Image | undefined) => (i && Number.isFinite(Number(i.category_id)) ? Number(i.category_id) : null);

/** Pure: the categories whose counts an item change may alter. */
export function categoriesTouched({ before, after }: ItemChange): number[] {
  const kind = (after ?? before)?.type;
  if (kind !== 'course' && kind !== 'area') return [];
  if (before && after && kind === 'course' && counted.every((f) => before[f] === after[f])) return [];
  if (before && after && kind === 'area' && before.category_id === after.category_id) return [];
  return [...new Set([categoryOf(before), categoryOf(after)].filter((c): c is number => c !== null))];
}

export async function projectCategoryCounts(change: ItemChange): Promise<void> {
  for (const categoryId of categoriesTouched(change)) await recountCategory(categoryId);
}
