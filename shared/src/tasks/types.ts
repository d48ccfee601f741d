/**
 * Task types of spec/2 §1 and spec/3 §3: ids, kinds and groups, and the business constants of
 * tasks (max score, pass threshold, costs, lock). One place, used by server, editors and player.
 */

export const TASK_TYPE_IDS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17] as const;
export type TaskTypeId = (typeof TASK_TYPE_IDS)[number];

export const CONTENT = 1;
export const SHORT_ANSWER = 2;
export const SINGLE_CHOICE = 3;
export const MULTIPLE_CHOICE = 4;
export const INSERT_CODE = 5;
export const DRAG_DROP_CODE = 6;
export const REORDER_LINES = 7;

/** Question types 1-7 are served by the question player and the type 1/24/56/7 editors. */
export const QUESTION_TYPES = [2, 3, 4, 5, 6, 7] as const;
export const isQuestionType = (type: number) => type >= 2 && type <= 7;
/** Types whose answers `task-evaluate(2)` scores on the server: the questions, HTML/CSS (11) and notebook quizzes (13-15). */
export const isEvaluatedType = (type: number) => isQuestionType(type) || type === 11 || (type >= 13 && type <= 15);

/** spec/3 §3 group letters: C content, T test, P program, H html, E essay, G GenAI. */
export type TaskGroup = 'C' | 'T' | 'P' | 'H' | 'E' | 'G';
export function taskGroup(type: number): TaskGroup {
  if (type === 1 || type === 12) return 'C';
  if (type >= 8 && type <= 10) return 'P';
  if (type === 11) return 'H';
  if (type === 16) return 'E';
  if (type === 17) return 'G';
  return 'T';
}

/**
 * The kind a task counts as in progress and course counts: content (reading), task (question)
 * or program (8-11). Essay and GenAI count as tasks.
 */
export type TaskKind = 'content' | 'task' | 'program';
export const taskKind = (type: number): TaskKind =>
  type === 1 || type === 12 ? 'content' : type >= 8 && type <= 11 ? 'program' : 'task';

/** The newer editor's task_type letter sent with /edit-task (C content, T tests, P programming). */
export const editLetter = (type: number): 'C' | 'T' | 'P' => (taskKind(type) === 'content' ? 'C' : taskKind(type) === 'program' ? 'P' : 'T');

/** spec/2 §5 and §9: max score default and range. */
export const DEFAULT_MAX_SCORE = 10;
export const DEFAULT_MAX_SCORE_PROGRAM = 20;
export const MAX_SCORE_LIMIT = 1000;
export const defaultMaxScore = (type: number) => (taskKind(type) === 'content' ? 0 : taskKind(type) === 'program' ? DEFAULT_MAX_SCORE_PROGRAM : DEFAULT_MAX_SCORE);

/** spec/3 §9. */
export const PASS_RATING = 50;
export const helpCost = (maxScore: number) => maxScore;
export const answerCost = (maxScore: number) => 2 * maxScore;
export const ERROR_REPORT_MIN = 3;
export const ERROR_REPORT_MAX = 500;

/** spec/2 §4 and §9: edit lock. */
export const LOCK_SECONDS = 1800;
export const LOCK_WARNING_SECONDS = 120;

/** The 41 allowed rating percentages of spec/2 §9. */
export const ALLOWED_RATINGS = [
  -100, -90, -83.33, -80, -75, -70, -66.67, -60, -50, -40, -33.33, -30, -25, -20, -16.67, -14.29, -12.5, -11.11, -10, -5, 0,
  5, 10, 11.11, 12.5, 14.29, 16.67, 20, 25, 30, 33.33, 40, 50, 60, 66.67, 70, 75, 80, 83.33, 90, 100,
] as const;

/** Languages are ids 1..8 (EN, SK, CS, PL, ES, HU, NL, RU); stored maps are keyed by the id as text. */
export type PerLanguage<T> = Record<string, T>;
