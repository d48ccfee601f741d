/**
 * The catalogue's item shapes, built in one place for the domain code and the seed: what a stored
 * category, area, course (and its listing in the area), chapter, lesson and user course hold (tasks: task-items.ts).
 */
import { keys } from '../platform/db/keys';
import { catalogueKeys } from './keys';
import type { Texts } from './model';

type TextsIn = Texts | Record<number, string>;

export const categoryItem = (c: { id: number; order: number; color: string; names: TextsIn; counts?: Partial<Record<'areas_count' | 'courses_count' | 'lessons_count' | 'codes_count', number>> }) => ({
  ...catalogueKeys.category(c.id),
  ...keys.byId('CATEGORY', c.id),
  type: 'category',
  category_id: c.id,
  category_order: c.order,
  color: c.color,
  names: c.names as Texts,
  areas_count: c.counts?.areas_count ?? 0,
  courses_count: c.counts?.courses_count ?? 0,
  lessons_count: c.counts?.lessons_count ?? 0,
  codes_count: c.counts?.codes_count ?? 0,
});

export const areaItem = (a: { id: number; categoryId: number; order: number; color: string; icon: string; icon2: string; names: TextsIn; coursesCount?: number }) => ({
  ...catalogueKeys.area(a.categoryId, a.id),
  ...keys.byId('AREA', a.id),
  type: 'area',
  area_id: a.id,
  category_id: a.categoryId,
  area_order: a.order,
  color: a.color,
  icon: a.icon,
  icon2: a.icon2,
  names: a.names as Texts,
  courses_count: a.coursesCount ?? 0,
});

/** The execution and keep files a new course starts with. */
export const DEFAULT_COURSE_FILES = JSON.stringify([
  { filename: 'vpl_run.sh', filecontent: '' },
  { filename: 'vpl_debug.sh', filecontent: '' },
  { filename: 'vpl_evaluate.sh', filecontent: '' },
]);
export const DEFAULT_KEEP_FILES = JSON.stringify([{ filename: 'keep1', filecontent: '' }]);

export interface NewCourse {
  id: number;
  area: { area_id: number; category_id: number; color: string };
  order: number;
  names: TextsIn;
  descriptions: TextsIn;
  details: TextsIn;
  fileExtension: string;
  editorTemplate: string;
  fileList?: string;
  keepList?: string;
}

/** The course's listing in its area: what the area's course list shows. */
export const courseListingItem = (c: NewCourse) => ({
  ...catalogueKeys.courseInArea(c.area.area_id, c.id),
  type: 'course-ref',
  course_id: c.id,
  area_id: c.area.area_id,
  category_id: c.area.category_id,
  course_order: c.order,
  names: c.names as Texts,
  descriptions: c.descriptions as Texts,
  content_count: 0,
  task_count: 0,
  program_count: 0,
});

/** The course item itself (META of the course partition), found by id through GSI2. */
export const courseItem = (c: NewCourse) => ({
  ...courseListingItem(c),
  ...catalogueKeys.course(c.id),
  ...keys.byId('COURSE', c.id),
  type: 'course',
  area_color: c.area.color,
  file_extension: c.fileExtension,
  editor_template: c.editorTemplate,
  file_list: c.fileList ?? DEFAULT_COURSE_FILES,
  keep_list: c.keepList ?? DEFAULT_KEEP_FILES,
  details: c.details as Texts,
  max_score_task: 0,
  max_score_program: 0,
  lessons_count: 0,
});

export const chapterItem = (c: { id: number; courseId: number; order: number; type: number; names: TextsIn; visible: Record<number, number>; extra?: Record<string, unknown> }) => ({
  ...catalogueKeys.chapter(c.courseId, c.id),
  ...keys.byId('CHAPTER', c.id),
  type: 'chapter',
  chapter_id: c.id,
  course_id: c.courseId,
  chapter_order: c.order,
  chapter_type: c.type,
  icon: '',
  names: c.names as Texts,
  visible: c.visible,
  ...(c.extra ?? {}),
});

export const lessonItem = (l: { id: number; chapterId: number; courseId: number; order: number; names: TextsIn; visible: Record<number, number>; counts: Record<string, number> }) => ({
  ...catalogueKeys.lesson(l.courseId, l.id),
  ...keys.byId('LESSON', l.id),
  type: 'lesson',
  lesson_id: l.id,
  chapter_id: l.chapterId,
  course_id: l.courseId,
  lesson_order: l.order,
  names: l.names as Texts,
  visible: l.visible,
  ...l.counts,
});

/** A user's started course (dashboard, progress); GSI1 lists a course's users. */
export const userCourseItem = (u: { userId: number; courseId: number; areaId: number; userCourseId: number; startedAt?: string }) => ({
  ...catalogueKeys.userCourse(u.userId, u.courseId),
  ...catalogueKeys.courseUsersIndex(u.courseId, u.userId),
  type: 'user-course',
  user_course_id: u.userCourseId,
  user_id: u.userId,
  course_id: u.courseId,
  area_id: u.areaId,
  status: 'started',
  started_at: u.startedAt ?? new Date().toISOString(),
  content_passed: 0,
  task_passed: 0,
  program_passed: 0,
  score_task: 0,
  score_program: 0,
  chapters: {},
});
