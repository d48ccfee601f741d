import { describe, expect, it } from 'vitest';
import { earned, learnerCourses, type CourseFacts } from './learners';

const course = (id: number, maxTask: number, maxProgram: number): CourseFacts => ({
  course_id: id,
  area_id: id * 10,
  content_count: 6,
  task_count: 3,
  program_count: 2,
  max_score_task: maxTask,
  max_score_program: maxProgram,
});
const courses = [course(1, 30, 40), course(2, 10, 0), course(3, 0, 20), course(4, 10, 10)];

describe('demo learners', () => {
  it('start at least one course each, never more than there are, without repeats', () => {
    for (let i = 1; i <= 40; i++) {
      const started = learnerCourses(i, courses);
      expect(started.length).toBeGreaterThanOrEqual(1);
      expect(new Set(started.map((c) => c.course_id)).size).toBe(started.length);
    }
  });

  it('stay within each course: passed ≤ count, score ≤ max', () => {
    for (let i = 1; i <= 40; i++) {
      for (const c of learnerCourses(i, courses)) {
        const facts = courses.find((f) => f.course_id === c.course_id)!;
        expect(c.task_passed).toBeLessThanOrEqual(facts.task_count);
        expect(c.score_task).toBeLessThanOrEqual(facts.max_score_task);
        expect(c.score_program).toBeLessThanOrEqual(facts.max_score_program);
        expect(c.area_id).toBe(facts.area_id);
      }
    }
  });

  it('earn exactly the XP and coins their scores give (10 XP and 1 coin per point)', () => {
    const progress = learnerCourses(7, courses);
    const points = progress.reduce((s, c) => s + c.score_task + c.score_program, 0);
    expect(earned(progress)).toEqual({ xp: points * 10, coins: points });
    expect(earned([])).toEqual({ xp: 0, coins: 0 });
  });
});
