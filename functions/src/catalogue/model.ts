/** Stored catalogue items (see db/schema.ts for keys) and their per-language texts. */
export type Texts = Record<string, string>;

export interface CategoryItem {
  category_id: number;
  category_order: number;
  color: string;
  names: Texts;
  areas_count?: number;
  courses_count?: number;
  lessons_count?: number;
  codes_count?: number;
}

export interface AreaItem {
  area_id: number;
  category_id: number;
  area_order: number;
  color: string;
  icon: string;
  icon2: string;
  names: Texts;
  courses_count?: number;
}

/** Course counts kept on write (chapters of type 1 and 3; competitions are counted apart). */
export interface CourseCounts {
  content_count: number;
  task_count: number;
  program_count: number;
  max_score_task: number;
  max_score_program: number;
  lessons_count: number;
}

export interface CourseItem extends Partial<CourseCounts> {
  course_id: number;
  area_id: number;
  category_id: number;
  course_order: number;
  area_color?: string;
  file_extension: string;
  editor_template: string;
  file_list: string;
  keep_list: string;
  names: Texts;
  descriptions: Texts;
  details: Texts;
}

/** Chapter types as stored: 1 chapter, 2 competition, 3 exercise. */
export const CHAPTER = 1;
export const COMPETITION = 2;
export const EXERCISE = 3;

export interface ChapterItem {
  chapter_id: number;
  course_id: number;
  chapter_order: number;
  chapter_type: number;
  icon: string;
  names: Texts;
  visible: Record<string, number>;
  tasks_count?: number;
  programs_count?: number;
  contents_count?: number;
  max_score_task?: number;
  max_score_program?: number;
  comp_key?: string;
  time_limit?: number;
  check_OB?: number;
  check_OE?: number;
  open_begin?: string | null;
  open_end?: string | null;
  /** The same boundaries as epoch ms (written by the chapter form since issue 19; older items have only the strings). */
  open_begin_ms?: number | null;
  open_end_ms?: number | null;
}

export interface LessonItem {
  lesson_id: number;
  chapter_id: number;
  course_id: number;
  lesson_order: number;
  names: Texts;
  visible: Record<string, number>;
  tasks_count?: number;
  programs_count?: number;
  contents_count?: number;
  tasks_score?: number;
  programs_score?: number;
}

export interface ChapterProgressItem {
  tasks_finished?: number;
  programs_finished?: number;
  contents_finished?: number;
}

export interface UserCourseItem {
  user_course_id: number;
  course_id: number;
  user_id: number;
  status: string;
  started_at: string;
  content_passed?: number;
  task_passed?: number;
  program_passed?: number;
  score_task?: number;
  score_program?: number;
  chapters?: Record<string, ChapterProgressItem>;
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
