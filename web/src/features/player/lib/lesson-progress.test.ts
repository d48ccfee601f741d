import { describe, expect, it } from 'vitest';
import { withOpenLessonProgress } from './lesson-progress';

const lesson = { lesson_id: 4, tasks_nonfinished: 3, programs_nonfinished: 1, max_tasks: 3, max_programs: 1 };

describe('withOpenLessonProgress', () => {
  it('counts a task the list shows passed before the aggregate does (a bought answer)', () => {
    const tasks = [{ task_type_id: 2, passed: 1 }, { task_type_id: 3, passed: 0 }, { task_type_id: 1, passed: 1 }, { task_type_id: 8, passed: 0 }];
    expect(withOpenLessonProgress(lesson, tasks)).toEqual({ ...lesson, tasks_nonfinished: 2, programs_nonfinished: 1 });
  });

  it('counts programs apart from questions', () => {
    expect(withOpenLessonProgress(lesson, [{ task_type_id: 10, passed: 1 }])).toMatchObject({ tasks_nonfinished: 3, programs_nonfinished: 0 });
  });

  it('never shows more unfinished than the server says, and nothing without a list', () => {
    const ahead = { ...lesson, tasks_nonfinished: 0 };
    expect(withOpenLessonProgress(ahead, [{ task_type_id: 2, passed: 0 }])).toEqual(ahead);
    expect(withOpenLessonProgress(lesson, undefined)).toBe(lesson);
  });
});
