import { describe, expect, it } from 'vitest';
import { distributeCode, emptyCode, firstIncompletePart, joinCode, partValue, type CodeParts } from './code-parts';

describe('reset code parts', () => {
  it('keeps a typed part to four upper-case letters and digits', () => {
    expect(partValue('k7-pq9')).toBe('K7PQ');
    expect(partValue(' a ')).toBe('A');
  });

  it('fills all three parts when the whole code is pasted into the first', () => {
    expect(distributeCode(emptyCode(), 0, 'K7PQ-2QXM-9MZA')).toEqual(['K7PQ', '2QXM', '9MZA']);
    expect(distributeCode(emptyCode(), 0, '  k7pq 2qxm 9mza\n')).toEqual(['K7PQ', '2QXM', '9MZA']);
  });

  it('fills from the part pasted into and leaves a short paste to the input', () => {
    expect(distributeCode(['K7PQ', '', ''], 1, '2QXM9MZA')).toEqual(['K7PQ', '2QXM', '9MZA']);
    expect(distributeCode(emptyCode(), 2, 'K7PQ-2QXM-9MZA')).toEqual(['', '', 'K7PQ']);
    expect(distributeCode(emptyCode(), 0, 'K7P')).toBeNull();
  });

  it('joins the parts with dashes', () => {
    expect(joinCode(['K7PQ', '2QXM', '9MZA'])).toBe('K7PQ-2QXM-9MZA');
    expect(joinCode(['k7pq', '2qxm', '9mza'])).toBe('K7PQ-2QXM-9MZA');
  });

  it('points at the first part that is not full', () => {
    expect(firstIncompletePart(['K7PQ', '2Q', ''] as CodeParts)).toBe(1);
    expect(firstIncompletePart(['K7PQ', '2QXM', '9MZA'])).toBe(2);
  });
});
