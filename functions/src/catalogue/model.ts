/** Stored catalogue items (their schemas: entities.ts; keys: keys.ts) and their per-language texts. */
export type Texts = Record<string, string>;

export type { AreaItem, CategoryItem, ChapterItem, CourseItem, LessonItem, UserCourseItem } from './entities';

/** Course counts kept on write (chapters of type 1 and 3; competitions are counted apart). */
export interface CourseCounts {
  content_count: number;
  task_count: number;
  program_count: number;
  max_score_task: number;
  max_score_program: number;
  lessons_count: number;
}

/** Chapter types as stored: 1 chapter, 2 competition, 3 exercise. */
export const CHAPTER = 1;
export const COMPETITION = 2;
export const EXERCISE = 3;

export interface ChapterProgressItem {
  tasks_finished?: number;
  programs_finished?: number;
  contents_finished?: number;
}

/** A text in one language, or '' when it is missing. */
export const textIn = (texts: Texts | undefined, langId: number): string => texts?.[String(langId)] ?? '';

/** A text in the language, falling back to the primary language (1) and then to any. */
export const textOr = (texts: Texts | undefined, langId: number): string =>
  textIn(texts, langId) || textIn(texts, 1) || Object.values(texts ?? {})[0] || '';

/** Chapters are shown in a language when they have a visible name in it. */
export const inLanguage = (item: { names: Texts; visible?: Record<string, number> }, langId: number) =>
  textIn(item.names, langId) !== '' && (item.visible?.[String(langId)] ?? 1) === 1;

/** Task type groups (spec/3 §3): content, questions (T), programs (P, and H for HTML). */
export { taskKind } from '@lectio/shared';
