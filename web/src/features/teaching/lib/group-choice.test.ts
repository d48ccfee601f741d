import { beforeEach, describe, expect, it } from 'vitest';
import { cut, share, storeGroups, storedGroups } from './group-choice';

describe('group choice (local storage student_groups)', () => {
  beforeEach(() => localStorage.clear());

  it('keeps the chosen groups per course under student_groups', () => {
    storeGroups(4, [7, 9]);
    storeGroups(5, [1]);
    expect(JSON.parse(localStorage.getItem('student_groups')!)).toEqual({ '4': [7, 9], '5': [1] });
    expect(storedGroups(4)).toEqual([7, 9]);
    expect(storedGroups(6)).toEqual([]);
  });

  it('reads nothing from a damaged entry', () => {
    localStorage.setItem('student_groups', '{not json');
    expect(storedGroups(4)).toEqual([]);
    localStorage.setItem('student_groups', JSON.stringify({ '4': [1, 'x', -2, 3.5, 8] }));
    expect(storedGroups(4)).toEqual([1, 8]);
  });
});

describe('table texts', () => {
  it('cuts names to 15 characters (spec/3 §9)', () => {
    expect(cut('Variables and types')).toBe('Variables and t…');
    expect(cut('Decisions')).toBe('Decisions');
  });

  it('gives a score as a share of its maximum, 0 without one', () => {
    expect(share(5, 20)).toBe(25);
    expect(share(30, 20)).toBe(100);
    expect(share(3, 0)).toBe(0);
  });
});
