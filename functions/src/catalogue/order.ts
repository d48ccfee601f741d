/** Reordering categories, areas and courses by swapping two neighbours' order values. */
import { catalogueKeys } from './keys';
import { Conflict } from '../platform/http/errors';
import { swapOrders } from '../platform/db/operations';
import { getArea, getCategory, getCourse } from './store';

const stale = () => new Conflict('The order changed meanwhile. Reload and try again.');

export async function swapCategories(id1: number, order1: number, id2: number, order2: number) {
  await Promise.all([getCategory(id1), getCategory(id2)]);
  await swapOrders('category_order', { key: catalogueKeys.category(id1), order: order1, newOrder: order2 }, { key: catalogueKeys.category(id2), order: order2, newOrder: order1 }, stale);
  return { message: 'OK' as const };
}

export async function swapAreas(id1: number, order1: number, id2: number, order2: number) {
  const [a, b] = await Promise.all([getArea(id1), getArea(id2)]);
  if (a.category_id !== b.category_id) throw new Conflict('Only areas of the same category can be swapped.');
  await swapOrders(
    'area_order',
    { key: catalogueKeys.area(a.category_id, id1), order: order1, newOrder: order2 },
    { key: catalogueKeys.area(b.category_id, id2), order: order2, newOrder: order1 },
    stale,
  );
  return { message: 'OK' as const };
}

export async function swapCourses(id1: number, order1: number, id2: number, order2: number) {
  const [a, b] = await Promise.all([getCourse(id1), getCourse(id2)]);
  if (a.area_id !== b.area_id) throw new Conflict('Only courses of the same area can be swapped.');
  await swapOrders(
    'course_order',
    { key: catalogueKeys.courseInArea(a.area_id, id1), order: order1, newOrder: order2 },
    { key: catalogueKeys.courseInArea(b.area_id, id2), order: order2, newOrder: order1 },
    stale,
    [
      { key: catalogueKeys.course(id1), newOrder: order2 },
      { key: catalogueKeys.course(id2), newOrder: order1 },
    ],
  );
  return { message: 'OK' as const };
}
