import { describe, expect, it } from 'vitest';
import { firstLessonToOpen, firstTaskToOpen, ratingStep, unfinished } from './navigation';

const lesson = (id: number, open: number) => ({ lesson_id: id, tasks_nonfinished: open, programs_nonfinished: 0, contents_nonfinished: 0 });
const task = (type: number, passed = 0, score = 0, max = 10) => ({ task_type_id: type, passed, score, max_score: max });

describe('player navigation (spec/3 §4)', () => {
  it('opens the first lesson with unfinished tasks, else the first', () => {
    expect(firstLessonToOpen([lesson(1, 0), lesson(2, 3), lesson(3, 1)])).toBe(2);
    expect(firstLessonToOpen([lesson(1, 0), lesson(2, 0)])).toBe(1);
    expect(firstLessonToOpen([])).toBeNull();
  });
  it('opens the first unfinished task, and a content task before the question that follows it', () => {
    expect(firstTaskToOpen([task(3, 1, 10), task(4), task(2)])).toBe(1);
    expect(firstTaskToOpen([task(1, 1, 0, 0), task(3)])).toBe(0);
    expect(firstTaskToOpen([task(3, 1, 10), task(3, 1, 10)])).toBe(0);
    expect(unfinished(task(4, 1, 4))).toBe(true);
    expect(unfinished(task(4, 1, 5))).toBe(false);
  });
  it('animates the rating in steps of 0.5', () => {
    expect(ratingStep(0, 100)).toBe(0.5);
    expect(ratingStep(50, 20)).toBe(49.5);
    expect(ratingStep(33.2, 33.33)).toBe(33.33);
  });
});
