/**
 * The lesson sidebar's counts (spec/3 "Task player"). The server counts a lesson's finished tasks in the
 * learner's course aggregate, which a stream projection updates a moment after an evaluation or a bought
 * answer; the lesson's own task list is read from the progress items themselves and is current at once.
 * For the open lesson the sidebar takes whichever says more is finished, so it never shows fewer than the
 * tabs do (the aggregate only lags, it is never ahead).
 */
import { taskKind } from '@lectio/shared';

export interface LessonCounts {
  tasks_nonfinished: number;
  programs_nonfinished: number;
  max_tasks: number;
  max_programs: number;
}

export function withOpenLessonProgress<L extends LessonCounts>(lesson: L, tasks: ReadonlyArray<{ task_type_id: number; passed: number }> | undefined): L {
  if (!tasks) return lesson;
  const passed = (kind: 'task' | 'program') => tasks.filter((t) => taskKind(t.task_type_id) === kind && t.passed === 1).length;
  return {
    ...lesson,
    tasks_nonfinished: Math.max(0, Math.min(lesson.tasks_nonfinished, lesson.max_tasks - passed('task'))),
    programs_nonfinished: Math.max(0, Math.min(lesson.programs_nonfinished, lesson.max_programs - passed('program'))),
  };
}
