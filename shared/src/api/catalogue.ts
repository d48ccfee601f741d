/**
 * Catalogue domain (spec/1 §2, §3, §7; spec/2 §2.4 and §7 forms): categories, areas, courses,
 * course preview and content page, competitions list and join, leaderboard.
 */
import { z } from 'zod';
import { defineRoute, idParam, numeric, okResponse } from '../registry';

const id = z.number().int();
const text = z.string();
const byId = z.object({ id: idParam });
const named = z.object({ id, name: text });

/** A text per language, as the bilingual forms send it. */
export const contentList = z
  .array(
    z.object({
      lang_id: numeric(z.number({ message: 'Must be a number' }).int().min(1, 'Unknown language').max(8, 'Unknown language')),
      content: z.string().max(200, 'At most 200 characters').optional().default(''),
      description: z.string().max(2000, 'At most 2000 characters').optional(),
      detail: z.string().max(100_000, 'At most 100000 characters').optional(),
    }),
    { message: 'Must be a list' },
  )
  .min(1, 'At least one language is required')
  .max(8);

const hexColour = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Must be a colour like #8E00FF');
const dataUrl = (kind: 'svg' | 'png') =>
  z
    .string()
    .max(200_000, 'The image is too large')
    .refine((v) => v === '' || v.startsWith(kind === 'svg' ? 'data:image/svg+xml' : 'data:image/png'), 'Please upload a valid file.');
const orderField = numeric(z.number({ message: 'Must be a number' }).int().min(0).max(1_000_000));
const newOrExistingId = numeric(z.number({ message: 'Must be a number' }).int().min(0).max(2_147_483_647));
const fileEntry = z.object({ filename: z.string().min(1).max(100), filecontent: z.string().max(200_000) });

export const messageItem = z.object({
  message_id: id,
  title: text,
  description: text,
  message_type: id,
  passed: z.number().int(),
  date: text,
});

export const courseListItem = z.object({
  course_id: id,
  name: text,
  description: text,
  area_color: text,
  content_passed: id,
  content_count: id,
  task_passed: id,
  task_count: id,
  program_passed: id,
  program_count: id,
  progress: id,
});

const countEntry = z.object({ text, value: id });
export const categoryItem = z.object({
  category_id: id,
  title: text,
  color: text,
  sort_order: id,
  areas: countEntry,
  courses: countEntry,
  lessons: countEntry,
  codes: countEntry,
});

export const areaItem = z.object({
  id,
  area_name: text,
  area_color: text,
  area_icon: text,
  number_of_courses: id,
  area_order: id,
});

export const areaCourse = z.object({
  id,
  title: text,
  description: text,
  task_finished: id,
  task_all: id,
  program_finished: id,
  program_all: id,
  content_all: id,
  course_order: id,
  course_status: z.string().nullable(),
});

export const previewLesson = z.object({
  lesson_id: id,
  lesson: text,
  lesson_order: id,
  tasks: id,
  programs: id,
  tasks_score: z.number(),
  programs_score: z.number(),
});
export const previewChapter = z.object({
  chapter_id: id,
  chapter_type: id,
  name: text,
  chapter_icon: text,
  chapter_order: id,
  lessons: z.array(previewLesson),
});

export const contentChapter = z.object({
  chapter_id: id,
  chapter_name: text,
  chapter_icon: text,
  chapter_type: id,
  chapter_order: id,
  tasks_finished: id,
  tasks_nonfinished: id,
  programs_finished: id,
  programs_nonfinished: id,
  /** Reading progress (content tasks), beside the spec's task and program counts. */
  contents_finished: id,
  contents_nonfinished: id,
  /** The lock rule of spec/1 §4, computed on the server. */
  active: z.boolean(),
});

export const detailScore = z.object({
  content_passed: id,
  content_count: id,
  task_passed: id,
  task_count: id,
  program_passed: id,
  program_count: id,
  score_task: z.number(),
  max_score_task: z.number(),
  score_program: z.number(),
  max_score_program: z.number(),
});

export const competitionItem = z.object({
  id,
  name: text,
  icon: text,
  open_begin: z.string().nullable(),
  open_end: z.string().nullable(),
  check_OB: z.number().int(),
  check_OE: z.number().int(),
  time_limit: id,
  /** '*' when the competition is private; the key itself never leaves the server. */
  key: z.string().nullable(),
});
export const joinedCompetition = competitionItem.extend({
  user_comp_id: id,
  begin_at: text,
  end_at: text,
  status: text,
  score: z.number(),
  description: text,
});

export const grantItem = z.object({ role_code: text, language_id: id, sub_obj_id: id });

export const leaderEntry = z.object({ id, nickname: text, xp: id, country: text, groups: text, level: id });

const idList = z
  .string()
  .max(2000)
  .regex(/^(\d+(,\d+)*)?$/, 'Must be comma-separated ids')
  .optional()
  .default('');

const categoryForm = z.object({
  category_id: newOrExistingId,
  category_order: orderField.optional(),
  color: hexColour,
  content_list: contentList,
});
const areaForm = z.object({
  area_id: newOrExistingId,
  category_id: numeric(z.number({ message: 'Must be a number' }).int().min(1, 'Choose a category')),
  color: hexColour,
  icon: dataUrl('svg').optional().default(''),
  icon2: dataUrl('png').optional().default(''),
  area_order: orderField.optional(),
  content_list: contentList,
});
const courseForm = z.object({
  course_id: newOrExistingId,
  area_id: numeric(z.number({ message: 'Must be a number' }).int().min(1, 'Choose an area')),
  course_order: orderField.optional(),
  file_extension: z.string().max(10).regex(/^[a-z0-9]*$/i, 'Letters and digits only').optional().default(''),
  editor_template: z.string().max(40).optional().default(''),
  file_list: z.array(fileEntry).max(50).optional(),
  keep_list: z.array(fileEntry).max(50).optional(),
  content_list: contentList,
});

const swap = (kind: 'category' | 'area' | 'course') =>
  z.object({
    [`${kind}_id1`]: idParam,
    [`${kind}_order1`]: orderField,
    [`${kind}_id2`]: idParam,
    [`${kind}_order2`]: orderField,
  } as Record<string, typeof idParam>);

const allLang = z.object({
  list: z.array(z.object({ lang_id: id, content: text, description: text.optional(), detail: text.optional() })),
});

const savedResponse = z.object({ message: z.literal('OK'), id });
const deleteResponse = z.object({ message: z.string() });

export const catalogueRoutes = {
  getActiveUserCourses2: defineRoute({
    method: 'GET', path: '/get-active-user-courses2', domain: 'catalogue', access: 'user',
    summary: "Dashboard: the student's courses with progress, and the messages",
    response: z.object({ list: z.array(courseListItem), message_list: z.array(messageItem) }),
  }),
  getCategories2: defineRoute({
    method: 'GET', path: '/get-categories2', domain: 'catalogue', access: 'user',
    summary: 'Categories with area, course, lesson and code counts',
    response: z.object({ list: z.array(categoryItem) }),
  }),
  getCategories3: defineRoute({
    method: 'GET', path: '/get-categories3', domain: 'catalogue', access: 'admin',
    summary: 'Category picker for the area form',
    response: z.object({ list: z.array(z.object({ category_id: id, title: text })) }),
  }),
  getAreas: defineRoute({
    method: 'GET', path: '/get-areas/{id}', domain: 'catalogue', access: 'user',
    summary: 'Areas of a category', params: byId,
    response: z.object({ areas: z.array(areaItem), category: named.extend({ color: text }) }),
  }),
  areaAllCourses: defineRoute({
    method: 'GET', path: '/area-all-courses/{id}', domain: 'catalogue', access: 'user',
    summary: "Courses of an area with the student's progress and status", params: byId,
    response: z.object({ list: z.array(areaCourse), area: named.extend({ color: text }), category: named }),
  }),
  areaAllCourses2: defineRoute({
    method: 'GET', path: '/area-all-courses2/{id}', domain: 'catalogue', access: 'admin',
    summary: 'Admin variant of the course listing', params: byId,
    response: z.object({ list: z.array(areaCourse), area: named.extend({ color: text }), category: named }),
  }),
  coursePreview: defineRoute({
    method: 'GET', path: '/course-preview/{id}', domain: 'catalogue', access: 'user',
    summary: 'Title, descriptions and chapter list of a course', params: byId,
    response: z.object({
      message: z.literal('OK'),
      info: z.object({
        category: named, area: named, course: named,
        title: text, description: text, description_detail: text,
        course_status: z.string().nullable(),
        chapterlist: z.array(previewChapter),
      }),
    }),
  }),
  writeUserCourse: defineRoute({
    method: 'POST', path: '/write-user-course/{id}', domain: 'catalogue', access: 'user',
    summary: "Starts the course for the caller (creates the user's course)", params: byId,
    body: z.object({}).passthrough(),
    response: z.object({ message: z.literal('OK'), user_course_id: id }),
  }),
  getActiveChapters2: defineRoute({
    method: 'GET', path: '/get-active-chapters2/{id}', domain: 'catalogue', access: 'user',
    summary: 'Course content page: chapters with progress and the lock rule, and the summary', params: byId,
    response: z.union([
      z.object({
        message: z.literal('OK'),
        course: named.extend({ color: text }), area: named, category: named,
        chapters_count: id, competitions_count: id,
        chapter_list: z.array(contentChapter),
        detail_score: detailScore,
      }),
      // A refusal such as 'You are not logged in this course.'; an 'OK' must match the full shape.
      z.object({ message: z.string().refine((m) => m !== 'OK', 'An OK answer carries the course content') }),
    ]),
  }),
  getCourseData: defineRoute({
    method: 'GET', path: '/get-course-data/{id}', domain: 'catalogue', access: 'user',
    summary: "The caller's course-level permissions (Admin and Teacher dashboards)", params: byId,
    response: z.object({ course: named, permissions: z.array(grantItem), teacherPermissions: z.boolean() }),
  }),
  serviceRefreshCourse: defineRoute({
    method: 'POST', path: '/service-refresh-course/{id}', domain: 'catalogue', access: 'user',
    summary: 'Recounts the course (content, tasks, programs); course content creators and admins',
    coursePermission: { from: 'path', field: 'id', minLevel: 500 },
    params: byId,
    body: z.object({ type: z.string().max(40).optional() }),
    response: okResponse,
  }),
  getCompetitions: defineRoute({
    method: 'GET', path: '/get-competitions/{id}', domain: 'catalogue', access: 'user',
    summary: 'Open competitions of a course and the ones the caller joined', params: byId,
    response: z.object({ opened: z.array(competitionItem), joined: z.array(joinedCompetition) }),
  }),
  addMyCompetition: defineRoute({
    method: 'POST', path: '/add-my-competition', domain: 'catalogue', access: 'user',
    summary: 'Joins an open competition (key for private ones); the begin time is set by the server',
    body: z.object({ comp_id: idParam, comp_key: z.string().max(100).optional().default(''), course_id: idParam }),
    response: z.object({ message: z.literal('OK'), description: text, user_comp_id: id }),
  }),
  getLeadersFilterData: defineRoute({
    method: 'GET', path: '/get-leaders-filter-data', domain: 'catalogue', access: 'user',
    summary: 'Leaderboard filters', response: z.object({
      areas: z.array(named), courses: z.array(named),
      countries: z.array(z.object({ id, country_name: text })),
      groups: z.array(z.object({ id, group_name: text })),
    }),
  }),
  getLeaders2: defineRoute({
    method: 'POST', path: '/get-leaders2', domain: 'catalogue', access: 'user',
    summary: 'A leaderboard page (start/end) for the filters',
    body: z.object({
      areas: idList, courses: idList, countries: idList, groups: idList,
      start: numeric(z.number({ message: 'Must be a number' }).int().min(0).max(1_000_000)),
      end: numeric(z.number({ message: 'Must be a number' }).int().min(1).max(1_000_100)),
    }).refine((b) => b.end > b.start && b.end - b.start <= 100, { message: 'end must be after start, at most 100 entries', path: ['end'] }),
    response: z.object({ count: id, list: z.union([z.array(leaderEntry), z.literal('empty')]) }),
  }),
  getLeaderCourse: defineRoute({
    method: 'GET', path: '/get-leader-course/{id}', domain: 'catalogue', access: 'user',
    summary: "A leader's courses: name, progress, score, max", params: byId,
    response: z.object({ list: z.array(z.object({ name: text, progress: id, score: z.number(), max: z.number() })) }),
  }),
  deleteCategory: defineRoute({
    method: 'GET', path: '/delete-category/{id}', domain: 'catalogue', access: 'admin',
    summary: 'Deletes an empty category', params: byId, response: deleteResponse,
  }),
  deleteArea: defineRoute({
    method: 'GET', path: '/delete-area/{id}', domain: 'catalogue', access: 'admin',
    summary: 'Deletes an area without courses', params: byId, response: deleteResponse,
  }),
  deleteCourse: defineRoute({
    method: 'GET', path: '/delete-course/{id}', domain: 'catalogue', access: 'admin',
    summary: 'Deletes a course without chapters', params: byId, response: deleteResponse,
  }),
  categoryChangeOrder: defineRoute({
    method: 'POST', path: '/category-change-order', domain: 'catalogue', access: 'admin',
    summary: 'Swaps the order of two neighbouring categories', body: swap('category'), response: okResponse,
  }),
  areaChangeOrder: defineRoute({
    method: 'POST', path: '/area-change-order', domain: 'catalogue', access: 'admin',
    summary: 'Swaps the order of two neighbouring areas', body: swap('area'), response: okResponse,
  }),
  courseChangeOrder: defineRoute({
    method: 'POST', path: '/course-change-order', domain: 'catalogue', access: 'admin',
    summary: 'Swaps the order of two neighbouring courses', body: swap('course'), response: okResponse,
  }),
  createEditCategory: defineRoute({
    method: 'POST', path: '/create-edit-category-all-lang', domain: 'catalogue', access: 'admin',
    summary: 'Creates (id 0) or edits a category in all languages', body: categoryForm, response: savedResponse,
  }),
  getCategoryInAllLang: defineRoute({
    method: 'GET', path: '/get-category-in-all-lang/{id}', domain: 'catalogue', access: 'admin',
    summary: 'A category in all languages', params: byId,
    response: allLang.extend({ color: text, category_order: id }),
  }),
  createEditArea: defineRoute({
    method: 'POST', path: '/create-edit-area-all-lang', domain: 'catalogue', access: 'admin',
    summary: 'Creates (id 0) or edits an area in all languages', body: areaForm, response: savedResponse,
  }),
  getAreaInAllLang: defineRoute({
    method: 'GET', path: '/get-area-in-all-lang/{id}', domain: 'catalogue', access: 'admin',
    summary: 'An area in all languages', params: byId,
    response: allLang.extend({ area_color: text, area_icon: text, area_icon2: text, area_order: id, category_id: id }),
  }),
  createEditCourse: defineRoute({
    method: 'POST', path: '/create-edit-course-all-lang', domain: 'catalogue', access: 'admin',
    summary: 'Creates (id 0) or edits a course in all languages', body: courseForm, response: savedResponse,
  }),
  getCourseInAllLang: defineRoute({
    method: 'GET', path: '/get-course-in-all-lang/{id}', domain: 'catalogue', access: 'admin',
    summary: 'A course in all languages', params: byId,
    response: allLang.extend({
      course_order: id, area_id: id, file_extension: text, editor_template: text,
      file_list: z.array(fileEntry), keep_list: z.array(fileEntry),
    }),
  }),
} as const;

export const messagesRoutes = {
  passMessage: defineRoute({
    method: 'POST', path: '/pass-message', domain: 'messages', access: 'user',
    summary: 'Marks one of the caller\u2019s messages as read', body: z.object({ message_id: idParam }), response: okResponse,
  }),
  deleteMessage: defineRoute({
    method: 'POST', path: '/delete-message', domain: 'messages', access: 'user',
    summary: 'Deletes one of the caller\u2019s messages', body: z.object({ message_id: idParam }), response: okResponse,
  }),
} as const;
