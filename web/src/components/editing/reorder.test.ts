import { describe, expect, it } from 'vitest';
import { canMoveDown, canMoveUp, neighbourSwap } from './reorder';

const items = [
  { id: 10, order: 1 },
  { id: 20, order: 2 },
  { id: 30, order: 5 },
];

describe('reorder by swapping neighbours', () => {
  it('the first cannot move up and the last cannot move down', () => {
    expect(canMoveUp(0)).toBe(false);
    expect(canMoveDown(2, 3)).toBe(false);
    expect(canMoveUp(1) && canMoveDown(1, 3)).toBe(true);
    expect(neighbourSwap(items, 0, 'up')).toBeNull();
    expect(neighbourSwap(items, 2, 'down')).toBeNull();
  });

  it('sends both neighbours with their current orders for the server to exchange', () => {
    expect(neighbourSwap(items, 2, 'up')).toEqual({ id1: 30, order1: 5, id2: 20, order2: 2 });
    expect(neighbourSwap(items, 0, 'down')).toEqual({ id1: 10, order1: 1, id2: 20, order2: 2 });
  });
});
