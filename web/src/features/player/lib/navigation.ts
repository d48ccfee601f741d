/** Navigation rules of the player (spec/3 §4 "Navigation in the player"), pure. */

export interface LessonProgress {
  lesson_id: number;
  tasks_nonfinished: number;
  programs_nonfinished: number;
  contents_nonfinished: number;
}
export interface TaskProgress {
  task_type_id: number;
  passed: number;
  score: number;
  max_score: number;
}

const isContent = (type: number) => type === 1 || type === 12;

/** The first lesson with unfinished tasks, else the first lesson. */
export function firstLessonToOpen(lessons: LessonProgress[]): number | null {
  const open = lessons.find((l) => l.tasks_nonfinished + l.programs_nonfinished + l.contents_nonfinished > 0) ?? lessons[0];
  return open ? open.lesson_id : null;
}

/** A task is unfinished when not passed or its score is below half of max. */
export const unfinished = (t: TaskProgress) =>
  isContent(t.task_type_id) ? !t.passed : !t.passed || (t.max_score > 0 && t.score * 2 < t.max_score);

/** The first unfinished task; a question right after a content task opens that content first. */
export function firstTaskToOpen(tasks: TaskProgress[]): number {
  const i = tasks.findIndex(unfinished);
  if (i < 0) return 0;
  if (i > 0 && !isContent(tasks[i]!.task_type_id) && isContent(tasks[i - 1]!.task_type_id)) return i - 1;
  return i;
}

/** Spec/3 §4 rating animation: towards the target in steps of 0.5. */
export const ratingStep = (shown: number, target: number) =>
  Math.abs(target - shown) <= 0.5 ? target : shown + (target > shown ? 0.5 : -0.5);
