/**
 * The catalogue's stored items as typed entities: every read parses with these schemas (model.ts
 * names their types). Fields that older items may lack are optional, as the item types always said;
 * counters and aggregates read 0 when absent; the keys are spelled in keys.ts and the items built in items.ts / task-items.ts, as before.
 */
import * as z from 'zod';
import { defineEntity, num, type ItemOf } from '../platform/db/entity';

const texts = z.record(z.string(), z.string());
const visible = z.record(z.string(), z.number());
const count = z.number().optional();

export const categories = defineEntity('category', {
  category_id: z.number(),
  category_order: num(),
  color: z.string(),
  names: texts,
  areas_count: num(),
  courses_count: num(),
  lessons_count: num(),
  codes_count: num(),
});

export const areas = defineEntity('area', {
  area_id: z.number(),
  category_id: z.number(),
  area_order: num(),
  color: z.string(),
  icon: z.string(),
  icon2: z.string(),
  names: texts,
  courses_count: num(),
});

/** Course counts kept on write (chapters of type 1 and 3; competitions are counted apart). */
const courseCounts = {
  content_count: num(),
  task_count: num(),
  program_count: num(),
  max_score_task: num(),
  max_score_program: num(),
  lessons_count: num(),
};

/** A course's listing in its area (type course-ref): what the area's course list shows. */
export const courseListings = defineEntity('course-ref', {
  ...courseCounts,
  course_id: z.number(),
  area_id: z.number(),
  category_id: z.number(),
  course_order: num(),
  /** Kept in step with the course's by updateCourseFields (an area's colour change). */
  area_color: z.string().optional(),
  names: texts,
  descriptions: texts,
});

/** The course item (META of the course partition). */
export const courses = defineEntity('course', {
  ...courseCounts,
  course_id: z.number(),
  area_id: z.number(),
  category_id: z.number(),
  course_order: num(),
  area_color: z.string().optional(),
  file_extension: z.string(),
  editor_template: z.string(),
  file_list: z.string(),
  keep_list: z.string(),
  names: texts,
  descriptions: texts,
  details: texts,
});

const chapterFields = {
  chapter_id: z.number(),
  course_id: z.number(),
  chapter_order: num(),
  chapter_type: num(1),
  icon: z.string().default(''),
  names: texts,
  visible,
  tasks_count: count,
  programs_count: count,
  contents_count: count,
  max_score_task: count,
  max_score_program: count,
  comp_key: z.string().optional(),
  time_limit: count,
  check_OB: count,
  check_OE: count,
  open_begin: z.string().nullish(),
  open_end: z.string().nullish(),
  /** The same boundaries as epoch ms (written by the chapter form since issue 19; older items have only the strings). */
  open_begin_ms: z.number().nullish(),
  open_end_ms: z.number().nullish(),
};

/** A chapter as the learner's side reads it. */
export const chapters = defineEntity('chapter', chapterFields);

/** A chapter with what only its editors read (second icon, results window, lesson count). */
export const storedChapters = defineEntity('chapter', {
  ...chapterFields,
  icon2: z.string().optional(),
  check_RB: count,
  check_RE: count,
  results_begin: z.string().nullish(),
  results_end: z.string().nullish(),
  lessons_count: count,
});

export const lessons = defineEntity('lesson', {
  lesson_id: z.number(),
  chapter_id: z.number(),
  course_id: z.number(),
  lesson_order: num(),
  names: texts,
  visible,
  tasks_count: num(),
  programs_count: num(),
  contents_count: num(),
  tasks_score: num(),
  programs_score: num(),
});

/** A chapter's or lesson's aggregates in a learner's course (player/projection.ts writes them). */
const chapterProgress = z.looseObject({ tasks_finished: num(), programs_finished: num(), contents_finished: num(), score_task: num(), score_program: num() });

/** A learner's started course (pk=USER#{id}, sk=UCOURSE#{course}); the aggregates are the player's projection. */
export const userCourses = defineEntity('user-course', {
  user_course_id: z.number(),
  course_id: z.number(),
  user_id: z.number(),
  status: z.string(),
  started_at: z.string(),
  content_passed: num(),
  task_passed: num(),
  program_passed: num(),
  score_task: num(),
  score_program: num(),
  chapters: z.record(z.string(), chapterProgress).default({}),
  lessons: z.record(z.string(), chapterProgress).default({}),
});

/** A task (one item per task in its course's partition; every language's content in `contents`). */
export const tasks = defineEntity('task', {
  task_id: z.number(),
  course_id: z.number(),
  chapter_id: z.number(),
  lesson_id: z.number(),
  task_type_id: z.number(),
  task_order: num(),
  /** Kept as text, as the original platform sends it ("0" for content); maxScoreOf reads either. */
  max_score: z.string(),
  /** JSON text shared by all languages (ratings, flags, file names); '' when none. */
  globals: z.string().default(''),
  /** Content per language id ('1'..'8'): HTML for type 1, JSON text otherwise. */
  contents: texts,
  /** Visibility per language id: 1 shown, 0 hidden. */
  visible,
  lck_user: z.number().nullish(),
  lck_until: z.number().optional(),
  updated_at: z.string().optional(),
});

export type CategoryItem = ItemOf<typeof categories>;
export type AreaItem = ItemOf<typeof areas>;
export type CourseListingItem = ItemOf<typeof courseListings>;
export type CourseItem = ItemOf<typeof courses>;
export type ChapterItem = ItemOf<typeof chapters>;
export type StoredChapter = ItemOf<typeof storedChapters>;
export type LessonItem = ItemOf<typeof lessons>;
export type UserCourseItem = ItemOf<typeof userCourses>;
export type TaskItem = ItemOf<typeof tasks>;
