/**
 * Reorder by swapping neighbours (spec/1 §7): moving an item up swaps its order value with the one
 * before it; the first cannot move up and the last cannot move down.
 */
export interface OrderSwap {
  id1: number;
  order1: number;
  id2: number;
  order2: number;
}

export interface Ordered {
  id: number;
  order: number;
}

export const canMoveUp = (index: number) => index > 0;
export const canMoveDown = (index: number, count: number) => index < count - 1;

/**
 * The swap request for moving `items[index]` one place: both items with their current order values
 * (the server checks them, so a stale list fails with 409) which it then exchanges. Null at the ends.
 */
export function neighbourSwap(items: Ordered[], index: number, direction: 'up' | 'down'): OrderSwap | null {
  const other = direction === 'up' ? index - 1 : index + 1;
  const a = items[index];
  const b = items[other];
  if (!a || !b) return null;
  return { id1: a.id, order1: a.order, id2: b.id, order2: b.order };
}
