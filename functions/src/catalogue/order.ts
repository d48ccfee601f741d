/** Reordering categories, areas and courses by swapping two neighbours' order values. */
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { db, table } from '../platform/db/client';
import { keys } from '../platform/db/keys';
import { Conflict } from '../platform/http/errors';
import { getArea, getCategory, getCourse } from './store';

/**
 * Swaps the order values of two neighbours. The conditions make a stale swap (someone reordered
 * meanwhile) fail instead of corrupting the order.
 */
async function swapOrders(
  a: { key: Record<string, string>; order: number; newOrder: number },
  b: { key: Record<string, string>; order: number; newOrder: number },
  field: string,
  extra: Array<{ key: Record<string, string>; newOrder: number }> = [],
) {
  const update = (key: Record<string, string>, expected: number | null, value: number) => ({
    Update: {
      TableName: table(),
      Key: key,
      UpdateExpression: `SET #o = :v`,
      ConditionExpression: expected === null ? 'attribute_exists(pk)' : '#o = :e',
      ExpressionAttributeNames: { '#o': field },
      ExpressionAttributeValues: expected === null ? { ':v': value } : { ':v': value, ':e': expected },
    },
  });
  try {
    await db.send(
      new TransactWriteCommand({
        TransactItems: [update(a.key, a.order, a.newOrder), update(b.key, b.order, b.newOrder), ...extra.map((e) => update(e.key, null, e.newOrder))],
      }),
    );
  } catch (error) {
    if ((error as Error).name === 'TransactionCanceledException') throw new Conflict('The order changed meanwhile. Reload and try again.');
    throw error;
  }
}

export async function swapCategories(id1: number, order1: number, id2: number, order2: number) {
  await Promise.all([getCategory(id1), getCategory(id2)]);
  await swapOrders({ key: keys.category(id1), order: order1, newOrder: order2 }, { key: keys.category(id2), order: order2, newOrder: order1 }, 'category_order');
  return { message: 'OK' as const };
}

export async function swapAreas(id1: number, order1: number, id2: number, order2: number) {
  const [a, b] = await Promise.all([getArea(id1), getArea(id2)]);
  if (a.category_id !== b.category_id) throw new Conflict('Only areas of the same category can be swapped.');
  await swapOrders(
    { key: keys.area(a.category_id, id1), order: order1, newOrder: order2 },
    { key: keys.area(b.category_id, id2), order: order2, newOrder: order1 },
    'area_order',
  );
  return { message: 'OK' as const };
}

export async function swapCourses(id1: number, order1: number, id2: number, order2: number) {
  const [a, b] = await Promise.all([getCourse(id1), getCourse(id2)]);
  if (a.area_id !== b.area_id) throw new Conflict('Only courses of the same area can be swapped.');
  await swapOrders(
    { key: keys.courseInArea(a.area_id, id1), order: order1, newOrder: order2 },
    { key: keys.courseInArea(b.area_id, id2), order: order2, newOrder: order1 },
    'course_order',
    [
      { key: keys.course(id1), newOrder: order2 },
      { key: keys.course(id2), newOrder: order1 },
    ],
  );
  return { message: 'OK' as const };
}
