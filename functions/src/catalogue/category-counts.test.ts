import { describe, expect, it } from 'vitest';
import { categoriesTouched, sumCategory } from './category-counts';

describe('sumCategory', () => {
  it('sums the lessons and program tasks of every course and counts areas and courses', () => {
    expect(sumCategory(2, [{ lessons_count: 4, program_count: 3 }, { lessons_count: 1 }, { program_count: '2' }])).toEqual({
      areas_count: 2,
      courses_count: 3,
      lessons_count: 5,
      codes_count: 5,
    });
  });

  it('is zero for an empty category', () => {
    expect(sumCategory(0, [])).toEqual({ areas_count: 0, courses_count: 0, lessons_count: 0, codes_count: 0 });
  });
});

describe('categoriesTouched', () => {
  const course = { type: 'course', category_id: 3, area_id: 7, lessons_count: 2, program_count: 1, task_count: 5 };

  it('recounts a course’s category when the course comes, goes, or its lesson or program count changes', () => {
    expect(categoriesTouched({ eventName: 'INSERT', after: course })).toEqual([3]);
    expect(categoriesTouched({ eventName: 'REMOVE', before: course })).toEqual([3]);
    expect(categoriesTouched({ eventName: 'MODIFY', before: course, after: { ...course, lessons_count: 3 } })).toEqual([3]);
    expect(categoriesTouched({ eventName: 'MODIFY', before: course, after: { ...course, program_count: 0 } })).toEqual([3]);
  });

  it('recounts both categories when a course or an area moves', () => {
    expect(categoriesTouched({ eventName: 'MODIFY', before: course, after: { ...course, category_id: 4, area_id: 9 } })).toEqual([3, 4]);
    const area = { type: 'area', area_id: 7, category_id: 3 };
    expect(categoriesTouched({ eventName: 'MODIFY', before: area, after: { ...area, category_id: 5 } })).toEqual([3, 5]);
  });

  it('ignores changes that leave the counts as they are, and other items', () => {
    expect(categoriesTouched({ eventName: 'MODIFY', before: course, after: { ...course, task_count: 6 } })).toEqual([]);
    expect(categoriesTouched({ eventName: 'MODIFY', before: { type: 'area', category_id: 3 }, after: { type: 'area', category_id: 3, names: {} } })).toEqual([]);
    expect(categoriesTouched({ eventName: 'MODIFY', before: { type: 'category', category_id: 3 }, after: { type: 'category', category_id: 3, lessons_count: 1 } })).toEqual([]);
    expect(categoriesTouched({ eventName: 'INSERT', after: { type: 'lesson', category_id: 3 } })).toEqual([]);
  });
});
