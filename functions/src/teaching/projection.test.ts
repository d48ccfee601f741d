import { describe, expect, it } from 'vitest';
import { cellOf, lessonChangesOf, progressImage } from './projection';
import { studentRow } from './tables';

const progress = (over: Record<string, unknown> = {}) => ({
  type: 'task-progress', user_id: 7, course_id: 1, lesson_id: 3, task_id: 11, task_type_id: 3, kind: 'task', score: 0, passed: 0, attempts: 0, ...over,
});

describe('lesson summaries (teaching projection)', () => {
  it('reads only task-progress images', () => {
    expect(progressImage({ type: 'user-course' })).toBeNull();
    expect(progressImage(progress({ score: 5 }))).toMatchObject({ user_id: 7, task_id: 11, score: 5 });
  });

  it('marks programs and contents in the cell', () => {
    expect(cellOf(progressImage(progress({ kind: 'program', score: 30, passed: 1, attempts: 2 }))!)).toEqual({ s: 30, p: 1, a: 2, g: 1 });
    expect(cellOf(progressImage(progress({ kind: undefined, task_type_id: 1 }))!)).toMatchObject({ g: 2 });
  });

  it('coalesces a batch per learner and lesson, the last image of a task winning', () => {
    const changes = lessonChangesOf([
      { eventName: 'INSERT', after: progress({ attempts: 1 }) },
      { eventName: 'MODIFY', before: progress({ attempts: 1 }), after: progress({ attempts: 2, score: 10, passed: 1 }) },
      { eventName: 'INSERT', after: progress({ task_id: 12, attempts: 1, score: 4 }) },
      { eventName: 'INSERT', after: progress({ user_id: 8, attempts: 1 }) },
    ]);
    expect(changes).toHaveLength(2);
    const first = changes.find((c) => c.userId === 7)!;
    expect([...first.cells]).toEqual([
      [11, { s: 10, p: 1, a: 2, g: 0 }],
      [12, { s: 4, p: 0, a: 1, g: 0 }],
    ]);
  });

  it('skips changes that do not touch the summary, removes deleted tasks and moves tasks between lessons', () => {
    expect(lessonChangesOf([{ eventName: 'MODIFY', before: progress({ time_spent: 1 }), after: progress({ time_spent: 9 }) }])).toEqual([]);
    const removed = lessonChangesOf([{ eventName: 'REMOVE', before: progress({ attempts: 1 }) }]);
    expect([...removed[0]!.cells]).toEqual([[11, null]]);
    const moved = lessonChangesOf([{ eventName: 'MODIFY', before: progress({ attempts: 1 }), after: progress({ attempts: 1, lesson_id: 4 }) }]);
    expect(moved.map((m) => [m.lessonId, [...m.cells]])).toEqual([
      [3, [[11, null]]],
      [4, [[11, { s: 0, p: 0, a: 1, g: 0 }]]],
    ]);
  });
});

describe('student rows', () => {
  const names = { name: 'Eva', surname: 'Novak', nickname: 'eva7' };
  it('show the full name only to a student who joined by key', () => {
    expect(studentRow(1, 2, true, names)).toEqual({ id: 1, name: 'Eva', surname: 'Novak', group_id: 2 });
    expect(studentRow(1, 2, false, names)).toEqual({ id: 1, name: 'eva7', surname: '', group_id: 2 });
    expect(studentRow(1, 2, true, undefined)).toEqual({ id: 1, name: '', surname: '', group_id: 2 });
  });
});

describe('demo class progress', async () => {
  const { demoProgressOf, DEMO_CLASS_SIZE } = await import('../demo/class');
  it('varies from nothing to nearly everything', () => {
    const tried = Array.from({ length: DEMO_CLASS_SIZE }, (_, i) => Array.from({ length: 40 }, (_, t) => demoProgressOf(i + 1, t)).filter((p) => p.tried).length);
    expect(Math.min(...tried)).toBe(0);
    expect(Math.max(...tried)).toBeGreaterThan(30);
    expect(new Set(tried).size).toBeGreaterThan(5);
  });
});
