/**
 * Catalogue routes (spec/1 §2, §3, §7; spec/2 §2.4 and §7 forms): dashboard, categories, areas,
 * courses, preview and content page, leaderboard, and the admin forms and orders.
 */
import * as z from 'zod';
import { defineDomain, idCsv, numeric, okResponse } from '../../registry';
import { LEADERBOARD_LIMITS, leaderboardRequestProblem } from '../../rules/leaderboard';
import { messageItem } from '../messages';
import {
  id,
  text,
  byId,
  named,
  fileEntry,
  courseListItem,
  categoryItem,
  areaItem,
  areaCourse,
  previewChapter,
  contentChapter,
  detailScore,
  grantItem,
  leaderEntry,
  categoryForm,
  areaForm,
  courseForm,
  swap,
  allLang,
  savedResponse,
  deleteResponse,
} from './schemas';

export const catalogueRoutes = defineDomain('catalogue', (route) => ({
  getActiveUserCourses2: route({
    method: 'GET', path: '/get-active-user-courses2', access: 'user',
    summary: "Dashboard: the student's courses with progress, and the messages",
    response: z.object({ list: z.array(courseListItem), message_list: z.array(messageItem) }),
  }),
  getCategories2: route({
    method: 'GET', path: '/get-categories2', access: 'user',
    summary: 'Categories with area, course, lesson and code counts',
    response: z.object({ list: z.array(categoryItem) }),
  }),
  getCategories3: route({
    method: 'GET', path: '/get-categories3', access: 'admin',
    summary: 'Category picker for the area form',
    response: z.object({ list: z.array(z.object({ category_id: id, title: text })) }),
  }),
  getAreas: route({
    method: 'GET', path: '/get-areas/{id}', access: 'user',
    summary: 'Areas of a category', params: byId,
    response: z.object({ areas: z.array(areaItem), category: named.extend({ color: text }) }),
  }),
  areaAllCourses: route({
    method: 'GET', path: '/area-all-courses/{id}', access: 'user',
    summary: "Courses of an area with the student's progress and status", params: byId,
    response: z.object({ list: z.array(areaCourse), area: named.extend({ color: text }), category: named }),
  }),
  areaAllCourses2: route({
    method: 'GET', path: '/area-all-courses2/{id}', access: 'admin',
    summary: 'Admin variant of the course listing', params: byId,
    response: z.object({ list: z.array(areaCourse), area: named.extend({ color: text }), category: named }),
  }),
  coursePreview: route({
    method: 'GET', path: '/course-preview/{id}', access: 'user',
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
  writeUserCourse: route({
    method: 'POST', path: '/write-user-course/{id}', access: 'user',
    summary: "Starts the course for the caller (creates the user's course)", params: byId,
    body: z.object({}).passthrough(),
    response: z.object({ message: z.literal('OK'), user_course_id: id }),
  }),
  getActiveChapters2: route({
    method: 'GET', path: '/get-active-chapters2/{id}', access: 'user',
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
  getCourseData: route({
    method: 'GET', path: '/get-course-data/{id}', access: 'user',
    summary: "The caller's course-level permissions (Admin and Teacher dashboards)", params: byId,
    response: z.object({ course: named, permissions: z.array(grantItem), teacherPermissions: z.boolean() }),
  }),
  serviceRefreshCourse: route({
    method: 'POST', path: '/service-refresh-course/{id}', access: 'user',
    summary: 'Recounts the course (content, tasks, programs); course content creators and admins',
    coursePermission: { from: 'path', field: 'id', minLevel: 500 },
    params: byId,
    body: z.object({ type: z.string().max(40).optional() }),
    response: okResponse,
  }),
  getLeadersFilterData: route({
    method: 'GET', path: '/get-leaders-filter-data', access: 'user',
    summary: 'Leaderboard filters', response: z.object({
      areas: z.array(named), courses: z.array(named),
      countries: z.array(z.object({ id, country_name: text })),
      groups: z.array(z.object({ id, group_name: text })),
    }),
  }),
  getLeaders2: route({
    method: 'POST', path: '/get-leaders2', access: 'user',
    summary: 'A leaderboard page (start/end) for the filters',
    body: z.object({
      // Deduplicated, at most 20 distinct ids per filter (registry rule for every id list).
      areas: idCsv(LEADERBOARD_LIMITS.idsPerFilter), courses: idCsv(LEADERBOARD_LIMITS.idsPerFilter),
      countries: idCsv(LEADERBOARD_LIMITS.idsPerFilter), groups: idCsv(LEADERBOARD_LIMITS.idsPerFilter),
      start: numeric(z.number({ message: 'Must be a number' }).int().min(0).max(LEADERBOARD_LIMITS.entriesRead - LEADERBOARD_LIMITS.pageSize)),
      end: numeric(z.number({ message: 'Must be a number' }).int().min(1).max(LEADERBOARD_LIMITS.entriesRead)),
    })
      .refine((b) => b.end > b.start && b.end - b.start <= LEADERBOARD_LIMITS.pageSize, { message: 'end must be after start, at most 100 entries', path: ['end'] })
      .superRefine((b, ctx) => {
        const problem = leaderboardRequestProblem(b);
        if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['end'] });
      }),
    response: z.object({ count: id, list: z.union([z.array(leaderEntry), z.literal('empty')]) }),
  }),
  getMyLeaderRank: route({
    method: 'POST', path: '/get-my-leader-rank', access: 'user',
    summary: "The caller's rank on the leaderboard for the filters (null when not on it); counts at most 5,000 learners ahead (capped)",
    body: z.object({
      areas: idCsv(LEADERBOARD_LIMITS.idsPerFilter), courses: idCsv(LEADERBOARD_LIMITS.idsPerFilter),
      countries: idCsv(LEADERBOARD_LIMITS.idsPerFilter), groups: idCsv(LEADERBOARD_LIMITS.idsPerFilter),
    }),
    response: z.object({ message: z.literal('OK'), rank: z.number().int().min(1).nullable(), capped: z.boolean() }),
  }),
  getLeaderCourse: route({
    method: 'GET', path: '/get-leader-course/{id}', access: 'user',
    summary: "A leader's courses: name, progress, score, max", params: byId,
    response: z.object({ list: z.array(z.object({ name: text, progress: id, score: z.number(), max: z.number() })) }),
  }),
  deleteCategory: route({
    method: 'GET', path: '/delete-category/{id}', access: 'admin',
    summary: 'Deletes an empty category', params: byId, response: deleteResponse,
  }),
  deleteArea: route({
    method: 'GET', path: '/delete-area/{id}', access: 'admin',
    summary: 'Deletes an area without courses', params: byId, response: deleteResponse,
  }),
  deleteCourse: route({
    method: 'GET', path: '/delete-course/{id}', access: 'admin',
    summary: 'Deletes a course without chapters', params: byId, response: deleteResponse,
  }),
  categoryChangeOrder: route({
    method: 'POST', path: '/category-change-order', access: 'admin',
    summary: 'Swaps the order of two neighbouring categories', body: swap('category'), response: okResponse,
  }),
  areaChangeOrder: route({
    method: 'POST', path: '/area-change-order', access: 'admin',
    summary: 'Swaps the order of two neighbouring areas', body: swap('area'), response: okResponse,
  }),
  courseChangeOrder: route({
    method: 'POST', path: '/course-change-order', access: 'admin',
    summary: 'Swaps the order of two neighbouring courses', body: swap('course'), response: okResponse,
  }),
  createEditCategory: route({
    method: 'POST', path: '/create-edit-category-all-lang', access: 'admin',
    summary: 'Creates (id 0) or edits a category in all languages', body: categoryForm, response: savedResponse,
  }),
  getCategoryInAllLang: route({
    method: 'GET', path: '/get-category-in-all-lang/{id}', access: 'admin',
    summary: 'A category in all languages', params: byId,
    response: allLang.extend({ color: text, category_order: id }),
  }),
  createEditArea: route({
    method: 'POST', path: '/create-edit-area-all-lang', access: 'admin',
    summary: 'Creates (id 0) or edits an area in all languages', body: areaForm, response: savedResponse,
  }),
  getAreaInAllLang: route({
    method: 'GET', path: '/get-area-in-all-lang/{id}', access: 'admin',
    summary: 'An area in all languages', params: byId,
    response: allLang.extend({ area_color: text, area_icon: text, area_icon2: text, area_order: id, category_id: id }),
  }),
  createEditCourse: route({
    method: 'POST', path: '/create-edit-course-all-lang', access: 'admin',
    summary: 'Creates (id 0) or edits a course in all languages', body: courseForm, response: savedResponse,
  }),
  getCourseInAllLang: route({
    method: 'GET', path: '/get-course-in-all-lang/{id}', access: 'admin',
    summary: 'A course in all languages', params: byId,
    response: allLang.extend({
      course_order: id, area_id: id, file_extension: text, editor_template: text,
      file_list: z.array(fileEntry), keep_list: z.array(fileEntry),
    }),
  }),
}));
