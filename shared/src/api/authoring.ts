/**
 * Authoring routes (spec/2 §2.2-§2.7, §7 "Structure" and "Forms"): the chapter and lesson forms, the
 * course admin content actions, the chapter/lesson list editors, the task list of a lesson, the book
 * generator and the course export/import. Every route is open to logged-in users; the course-level
 * rules of spec/2 §6 (`may`) are enforced by the handlers, so a translator gets 403 where a creator
 * may act. The task editors and edit locks of issue 11 add their routes to this domain in their own module.
 */
import * as z from 'zod';
import { defineDomain, idParam, numeric, safeFileName } from '../registry';
import { contentList, dataUrl, grantItem, newOrExistingId, orderField } from './catalogue/schemas';

const id = z.number().int();
const text = z.string();
const byId = z.object({ id: idParam });
const named = z.object({ id, name: text });
const int = (min: number, max: number) => numeric(z.number({ message: 'Must be a number' }).int('Must be a whole number').min(min).max(max));
const langId = int(1, 8);
const flag = numeric(z.union([z.literal(0), z.literal(1)])).or(z.boolean().transform((b) => (b ? 1 : 0)));

/** The denial text of spec/2 §6 and §8. */
export const EDIT_DENIED = "You don't have a permission to edit this content.";
export const INVALID_TIME_LIMIT = 'Invalid number in time limit field';
export const DEFAULT_TIME_LIMIT = 3600;
/** Export file format of a course (type-agnostic: tasks keep their content and globals as text). */
export const COURSE_FORMAT_VERSION = 1;
export const MAX_IMPORT_CHARS = 8_000_000;

/** Chapter types: stored ids 1 chapter, 2 competition, 3 exercise; the list editor uses the index 0 chapter, 1 exercise, 2 competition. */
export const CHAPTER_TYPE_IDS = { chapter: 1, competition: 2, exercise: 3 } as const;
export const chapterTypeList = [
  { id: 0, name: 'chapter', type: 1 },
  { id: 1, name: 'exercise', type: 3 },
  { id: 2, name: 'competition', type: 2 },
] as const;
export const chapterTypeOfIndex = (index: number) => chapterTypeList.find((t) => t.id === index)?.type ?? 1;
export const indexOfChapterType = (type: number) => chapterTypeList.find((t) => t.type === type)?.id ?? 0;

/** 'date time:00', e.g. '2026-11-22 08:30:00'. */
export const dateTimeText = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/, 'Must be a date and time like 2026-11-22 08:30:00');

export const grantEntry = grantItem;
export const permissionsBlock = z.object({ list: z.array(grantEntry) });
export const breadcrumbs = z.object({
  category: named.optional(),
  area: named.optional(),
  course: named.optional(),
  chapter: named.optional(),
  lesson: named.optional(),
});

export const chapterForm = z.object({
  chapter_id: newOrExistingId,
  course_id: int(1, 2_147_483_647),
  icon: dataUrl('svg').optional().default(''),
  icon2: dataUrl('png').optional().default(''),
  chapter_order: orderField.optional(),
  chapter_type: int(1, 3).optional().default(1),
  comp_key: z.string().max(100).optional().default(''),
  /** Validated by the handler, so a bad value answers the spec's own text. */
  time_limit: z.union([z.string().max(20), z.number()]).optional(),
  check_OB: flag.optional().default(0),
  check_OE: flag.optional().default(0),
  check_RB: flag.optional().default(0),
  check_RE: flag.optional().default(0),
  open_begin: dateTimeText.nullable().optional(),
  open_end: dateTimeText.nullable().optional(),
  results_begin: dateTimeText.nullable().optional(),
  results_end: dateTimeText.nullable().optional(),
  content_list: contentList,
});

export const lessonForm = z.object({
  lesson_id: newOrExistingId,
  chapter_id: int(1, 2_147_483_647),
  lesson_order: orderField.optional(),
  content_list: contentList,
});


const taskCounts = {
  tasks: id,
  programs: id,
  contents: id,
  tasks_score: z.number(),
  programs_score: z.number(),
};

const swapBody = (prefix: 'chapter' | 'lesson' | 'task') =>
  z.object({
    [`${prefix}_id1`]: idParam,
    [`${prefix}_order1`]: orderField,
    [`${prefix}_id2`]: idParam,
    [`${prefix}_order2`]: orderField,
  } as Record<string, typeof idParam>);
const listSwap = z.object({ id1: idParam, id2: idParam, order1: orderField, order2: orderField });

export const chapterListElement = z.object({
  id,
  order: id,
  icon: text,
  type_id: id,
  type_name: text,
  translations: z.array(z.object({ lang_id: id, name: text, visible: id })),
});
export const lessonListElement = z.object({
  id,
  order: id,
  translations: z.array(z.object({ lang_id: id, name: text, visible: id })),
});

export const taskListElement = z.object({
  id,
  order: id,
  type_id: id,
  islocked: z.boolean(),
  intro: text,
  max_score: z.number(),
  translations: z.array(z.object({ lang_id: id, translated: id, visible: id })),
});

export const pickerChapter = z.object({
  id,
  name: text,
  lessons: z.array(named),
});

/** One task as the export file carries it: the same text fields every type stores. */
export const exportedTask = z.object({
  task_type_id: int(1, 17),
  task_order: int(0, 1_000_000),
  max_score: z.string().max(10),
  globals: z.string().max(1_000_000),
  contents: z.record(z.string().regex(/^[1-8]$/), z.string().max(1_000_000)),
  visible: z.record(z.string().regex(/^[1-8]$/), z.number().int().min(0).max(1)),
});
const texts = z.record(z.string().regex(/^[1-8]$/), z.string().max(100_000));
const visibleMap = z.record(z.string().regex(/^[1-8]$/), z.number().int().min(0).max(1));
export const exportedLesson = z.object({
  lesson_order: int(0, 1_000_000),
  names: texts,
  visible: visibleMap,
  tasks: z.array(exportedTask).max(500),
});
export const exportedChapter = z.object({
  chapter_order: int(0, 1_000_000),
  chapter_type: int(1, 3),
  icon: z.string().max(200_000),
  icon2: z.string().max(200_000),
  names: texts,
  visible: visibleMap,
  competition: z
    .object({
      comp_key: z.string().max(100),
      time_limit: z.number().int().min(0).max(10_000_000),
      check_OB: z.number().int().min(0).max(1),
      check_OE: z.number().int().min(0).max(1),
      check_RB: z.number().int().min(0).max(1),
      check_RE: z.number().int().min(0).max(1),
      open_begin: z.string().max(19).nullable(),
      open_end: z.string().max(19).nullable(),
      results_begin: z.string().max(19).nullable(),
      results_end: z.string().max(19).nullable(),
    })
    .nullable(),
  lessons: z.array(exportedLesson).max(500),
});
export const courseExport = z.object({
  format_version: z.literal(COURSE_FORMAT_VERSION, { message: `Unsupported format_version (expected ${COURSE_FORMAT_VERSION})` }),
  course: z.object({
    names: texts,
    descriptions: texts,
    details: texts,
    file_extension: z.string().max(10),
    editor_template: z.string().max(40),
    file_list: z.array(z.object({ filename: safeFileName, filecontent: z.string().max(200_000) })).max(50),
    keep_list: z.array(z.object({ filename: safeFileName, filecontent: z.string().max(200_000) })).max(50),
  }),
  chapters: z.array(exportedChapter).max(200),
});
export type CourseExport = z.infer<typeof courseExport>;

const message = z.object({ message: z.string() });
const ok = z.object({ message: z.literal('OK') });

export const authoringRoutes = defineDomain('authoring', (route) => ({
  // ---- Forms (spec/2 §2.4) ----
  createEditChapter: route({
    method: 'POST', path: '/create-edit-chapter-all-lang', access: 'user',
    summary: 'Creates (id 0) or edits a chapter in all languages (type, icons, competition settings)',
    body: chapterForm, response: z.object({ message: z.literal('OK'), id }),
  }),
  getChapterInAllLang: route({
    method: 'GET', path: '/get-chapter-in-all-lang/{id}', access: 'user',
    summary: 'A chapter in all languages', params: byId,
    response: z.object({
      list: z.array(z.object({ lang_id: id, content: text })),
      chapter_id: id, course_id: id, chapter_order: id, chapter_type: id, icon: text, icon2: text,
      comp_key: text, time_limit: id, check_OB: id, check_OE: id, check_RB: id, check_RE: id,
      open_begin: text.nullable(), open_end: text.nullable(), results_begin: text.nullable(), results_end: text.nullable(),
    }),
  }),
  createEditLesson: route({
    method: 'POST', path: '/create-edit-lesson-all-lang', access: 'user',
    summary: 'Creates (id 0) or edits a lesson in all languages; a new chapter moves it',
    body: lessonForm, response: z.object({ message: z.literal('OK'), id }),
  }),
  getLessonInAllLang: route({
    method: 'GET', path: '/get-lesson-in-all-lang/{id}', access: 'user',
    summary: 'A lesson in all languages, with the chapters of its course for the selector', params: byId,
    response: z.object({
      list: z.array(z.object({ lang_id: id, content: text })),
      lesson_id: id, lesson_order: id, chapter_id: id, course_id: id,
    }),
  }),
  getCourseChapters: route({
    method: 'GET', path: '/get-course-chapters/{id}', access: 'user',
    summary: "The chapter selector of the lesson form and the task list's move picker: chapters with their lessons", params: byId,
    response: z.object({ chapters: z.array(pickerChapter.extend({ chapter_type: id })) }),
  }),

  // ---- Course admin content (spec/2 §2.2) ----
  courseAdminContent: route({
    method: 'GET', path: '/course-admin-content/{id}', access: 'user',
    summary: 'Course admin content: every chapter and lesson (untranslated ones with an empty name), counts and scores', params: byId,
    response: z.object({
      message: z.literal('OK'),
      course: named.extend({ color: text }), area: named, category: named,
      chapterlist: z.array(z.object({
        chapter_id: id, chapter_type: id, name: text, chapter_icon: text, chapter_order: id,
        lessons: z.array(z.object({ lesson_id: id, lesson: text, lesson_order: id, ...taskCounts })),
      })),
      permissions: permissionsBlock,
    }),
  }),
  deleteChapterById: route({
    method: 'GET', path: '/delete-chapter/{id}', access: 'user',
    summary: 'Deletes a chapter with its lessons, tasks and texts', params: byId, response: message,
  }),
  deleteLessonById: route({
    method: 'GET', path: '/delete-lesson/{id}', access: 'user',
    summary: 'Deletes a lesson with its tasks and texts', params: byId, response: message,
  }),
  chapterChangeOrder: route({
    method: 'POST', path: '/chapter-change-order', access: 'user',
    summary: 'Swaps the order of two neighbouring chapters (409 when stale)', body: swapBody('chapter'), response: ok,
  }),
  lessonChangeOrder: route({
    method: 'POST', path: '/lesson-change-order', access: 'user',
    summary: 'Swaps the order of two neighbouring lessons (409 when stale)', body: swapBody('lesson'), response: ok,
  }),

  // ---- Chapter and lesson list editors (spec/2 §2.5, §2.6) ----
  getChapterList: route({
    method: 'POST', path: '/get-chapter-list/{courseId}', access: 'user',
    summary: 'Chapters of a course in every language, with the caller\u2019s permissions',
    params: z.object({ courseId: idParam }), body: z.object({ lang_id: langId.optional() }),
    response: z.object({
      message: z.literal('OK'), brc: breadcrumbs, element_list: z.array(chapterListElement),
      permissions: permissionsBlock, chapter_types: z.array(z.object({ id, name: text })),
    }),
  }),
  editChapter: route({
    method: 'POST', path: '/edit-chapter', access: 'user',
    summary: 'Adds (chapter_id 0) or edits a chapter in one language; only_translation 1 changes the name and visibility only',
    body: z.object({
      chapter_id: newOrExistingId,
      chapter_order: orderField.optional(),
      course_id: int(1, 2_147_483_647),
      chapter_type_id: int(0, 2).optional(),
      chapter_type_name: z.string().max(40).optional(),
      visibility: flag.optional().default(1),
      chapter_icon: z.string().max(200_000).optional(),
      chapter_name: z.string().max(200).optional().default(''),
      lang_id: langId,
      only_translation: flag.optional().default(0),
    }),
    response: z.object({ message: z.literal('OK'), id, order: id, icon: text }),
  }),
  changeChapterOrder: route({
    method: 'POST', path: '/change-chapter-order', access: 'user',
    summary: 'Swaps two neighbouring chapters of the list editor (409 when stale)',
    body: listSwap.extend({ course_id: idParam }), response: ok,
  }),
  deleteChapter: route({
    method: 'POST', path: '/delete-chapter', access: 'user',
    summary: 'Deletes a chapter with everything under it', body: z.object({ id: idParam, course_id: idParam }), response: ok,
  }),
  getLessonList: route({
    method: 'POST', path: '/get-lesson-list/{chapterId}', access: 'user',
    summary: 'Lessons of a chapter in every language, with the caller\u2019s permissions',
    params: z.object({ chapterId: idParam }), body: z.object({ lang_id: langId.optional() }),
    response: z.object({ message: z.literal('OK'), brc: breadcrumbs, element_list: z.array(lessonListElement), permissions: permissionsBlock, course_id: id }),
  }),
  editLesson: route({
    method: 'POST', path: '/edit-lesson', access: 'user',
    summary: 'Adds (lesson_id 0) or edits a lesson in one language',
    body: z.object({
      lesson_id: newOrExistingId,
      lesson_order: orderField.optional(),
      chapter_id: int(1, 2_147_483_647),
      visibility: flag.optional().default(1),
      lesson_name: z.string().max(200).optional().default(''),
      lang_id: langId,
      only_translation: flag.optional().default(0),
    }),
    response: z.object({ message: z.literal('OK'), id, order: id }),
  }),
  changeLessonOrder: route({
    method: 'POST', path: '/change-lesson-order', access: 'user',
    summary: 'Swaps two neighbouring lessons of the list editor (409 when stale)',
    body: listSwap.extend({ chapter_id: idParam }), response: ok,
  }),
  deleteLesson: route({
    method: 'POST', path: '/delete-lesson', access: 'user',
    summary: 'Deletes a lesson with its tasks', body: z.object({ id: idParam, chapter_id: idParam }), response: ok,
  }),

  // ---- Task list of a lesson (spec/2 §2.7) ----
  getTaskPreviewList: route({
    method: 'POST', path: '/get-task-preview-list/{lessonId}', access: 'user',
    summary: 'Tasks of a lesson with intro, lock, score and per-language state; the caller\u2019s permissions',
    params: z.object({ lessonId: idParam }), body: z.object({ lang_id: langId.optional() }),
    response: z.object({
      message: z.literal('OK'), brc: breadcrumbs, course_id: id, chapter_id: id,
      element_list: z.array(taskListElement), permissions: permissionsBlock,
    }),
  }),
  getTasksInLesson: route({
    method: 'POST', path: '/get-tasks-in-lesson/{lessonId}', access: 'user',
    summary: 'The older task list: tasks of a lesson in the caller\u2019s language',
    params: z.object({ lessonId: idParam }), body: z.object({}).passthrough(),
    response: z.object({
      course_id: id, chapter: named, lesson: named,
      task_list: z.array(z.object({ task_id: id, task_type_id: id, task_content: text, max_score: z.number(), islocked: z.boolean(), task_order: id })),
    }),
  }),
  changeTaskVisibility: route({
    method: 'POST', path: '/change-task-visibility', access: 'user',
    summary: 'Shows (1) or hides (0) a task in one language',
    body: z.object({ task_id: idParam, visibility: flag, lang_id: langId }), response: ok,
  }),
  changeTaskOrder: route({
    method: 'POST', path: '/change-task-order', access: 'user',
    summary: 'Swaps two neighbouring tasks (409 when stale)', body: listSwap.passthrough(), response: ok,
  }),
  taskChangeOrder: route({
    method: 'POST', path: '/task-change-order', access: 'user',
    summary: 'Swaps two neighbouring tasks, older field names (409 when stale)', body: swapBody('task'), response: ok,
  }),
  deleteTaskById: route({
    method: 'GET', path: '/delete-task/{id}', access: 'user',
    summary: 'Deletes a task (older list)', params: byId, response: message,
  }),
  deleteTask: route({
    method: 'POST', path: '/delete-task', access: 'user',
    summary: 'Deletes a task', body: z.object({ id: idParam }), response: ok,
  }),
  taskClone: route({
    method: 'POST', path: '/task-clone', access: 'user',
    summary: 'Clones a task right after itself', body: z.object({ task_id: idParam }), response: z.object({ message: z.literal('OK'), id }),
  }),
  multipleChanges2: route({
    method: 'POST', path: '/multiple-changes2', access: 'user',
    summary: 'Moves the checked tasks to another lesson, or deletes them',
    body: z.object({
      operation: z.enum(['move', 'delete']),
      newLesson: numeric(z.number().int().min(0)).optional().default(0),
      newChapter: numeric(z.number().int().min(0)).optional().default(0),
      /** The checked tasks: a JSON list (text or array) of ids or of {task_id}/{id} objects. */
      changes: z.union([z.string().max(20_000), z.array(z.unknown()).max(500)]),
    }),
    response: z.object({ message: z.literal('OK'), count: id }),
  }),

  // ---- Book generator (spec/2 §2.3) ----
  getBook: route({
    method: 'GET', path: '/get-book/{id}', access: 'user',
    summary: 'The whole course for the book generator (content and globals of every task)', params: byId,
    response: z.object({
      course_name: text, course_color: text,
      chapters: z.array(z.object({
        name: text,
        lessons: z.array(z.object({ name: text, tasks: z.array(z.object({ id, task_type_id: id, content: text, globals: text })) })),
      })),
    }),
  }),

  // ---- Course export and import ----
  exportCourse: route({
    method: 'GET', path: '/export-course/{id}', access: 'user',
    summary: 'The course as one portable JSON file (every language, chapters, lessons, tasks, files, icons)', params: byId,
    response: courseExport,
  }),
  importCourse: route({
    method: 'POST', path: '/import-course', access: 'admin',
    summary: 'Admin: imports an exported course as a new course in an area (new ids; nothing is overwritten)',
    body: z.object({ area_id: int(1, 2_147_483_647), file: z.string().max(MAX_IMPORT_CHARS, 'The file is too large.') }),
    response: z.object({ message: z.literal('OK'), id }),
  }),
}));
