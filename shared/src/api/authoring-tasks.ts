/**
 * Authoring domain, task editors and edit locks (spec/2 §2.9, §3 Task, §4 lock and save flow, §6,
 * §7 "Tasks", §8): a task in all languages, its save (all languages or one), breadcrumbs, and the
 * 30-minute edit lock enforced by the server. The structure lists (chapters, lessons, task list)
 * are in ./authoring.ts (issue 10).
 */
import * as z from 'zod';
import { defineDomain, idParam, numeric } from '../registry';
import { grantItem } from './catalogue/schemas';

const id = z.number().int();
const text = z.string();
const named = z.object({ id, name: text });
const byId = z.object({ id: idParam });
const byTask = z.object({ task_id: idParam });

export const NO_EDIT_PERMISSION = "You don't have a permission to edit this content.";
export const LOCKED_BY_OTHER = 'The task is locked by another user - you can only read. To edit try again later.';
export const LOCK_EXPIRED = 'Time limit expired. Saving disabled';
export const LOCK_NO_PERMISSION = 'You do not have permissions to access to this section.';
export const LOCK_TASK_DELETED = 'The task was deleted.';
export const LOCK_TAKEN_OVER = 'Your task has been taken over by another user.';
export const COURSE_LESSON_MISSING = 'Data about course and/or lesson is missing';

export const taskBreadcrumbs = z.object({ category: named, area: named, course: named, chapter: named, lesson: named });

/** Max score as the editors send it: digits (or a number); a non-numeric value becomes the default. */
const maxScoreField = z.union([z.number(), z.string().max(20)]).optional();
/** One language's content: HTML (type 1) or JSON text; large because rich text may hold images. */
const contentText = z.string().max(150_000, 'At most 150000 characters');
const langId = numeric(z.number({ message: 'Must be a number' }).int().min(1, 'Unknown language').max(8, 'Unknown language'));
const taskTypeId = numeric(z.number({ message: 'Must be a number' }).int().min(1).max(17));
const flag01 = numeric(z.number().int().min(0).max(1));

export const taskLanguageEntry = z.object({
  lang_id: id,
  translated: id,
  visible: id,
  /** 1 when the caller may edit this language. */
  permissions: id,
  content: text,
});

export const taskInAllLang = z.object({
  message: z.literal('OK'),
  list: z.array(taskLanguageEntry),
  task_id: id,
  task_type_id: id,
  task_type: id,
  task_order: id,
  lesson_id: id,
  chapter_id: id,
  course: named,
  max_score: text,
  globals: text,
  /** Locked by someone else: the editor opens read-only. */
  islocked: z.boolean(),
  lck_user: id.nullable(),
  /** Seconds left of the caller's own lock (0 when read-only). */
  locked: id,
  /** 1 when the caller may change texts only (no object-level rights). */
  only_translation: id,
  brc: taskBreadcrumbs,
});

const saveResponse = z.object({ message: z.literal('OK'), task_id: id, task_order: id });
const lockResponse = z.object({ message: z.literal('OK'), countdown: id });

export const authoringTaskRoutes = defineDomain('authoring', (route) => ({
  getTaskInAllLang: route({
    method: 'GET', path: '/get-task-in-all-lang/{id}', access: 'user',
    summary: 'A task in all languages for its editor; takes the 30-minute edit lock when free',
    params: byId, response: taskInAllLang,
  }),
  createEditTaskAllLang: route({
    method: 'POST', path: '/create-edit-task-all-lang', access: 'user',
    summary: 'Creates (task_id 0) or saves a task in all languages; an existing task only by its lock holder',
    body: z.object({
      lesson_id: idParam,
      task_id: idParam,
      task_order: numeric(z.number().int().min(0).max(1_000_000)).optional(),
      task_type_id: taskTypeId,
      max_score: maxScoreField,
      globals: z.string().max(100_000).optional().default(''),
      content_list: z.array(z.object({ lang_id: langId, content: contentText, visible: flag01.optional() })).min(1).max(8),
      only_translation: flag01.optional(),
    }),
    response: saveResponse,
  }),
  editTask: route({
    method: 'POST', path: '/edit-task', access: 'user',
    summary: 'Saves one language of a task (newer editor); an existing task only by its lock holder',
    body: z.object({
      task_id: idParam,
      course_id: idParam.optional(),
      lesson_id: idParam,
      task_type: z.enum(['C', 'T', 'P']).optional(),
      task_type_id: taskTypeId,
      max_score: maxScoreField,
      content: contentText,
      globals: z.string().max(100_000).optional().default(''),
      lang_id: langId,
      only_translation: flag01.optional(),
      fileStatus: z.string().max(10_000).optional(),
    }),
    response: saveResponse,
  }),
  getTask: route({
    method: 'POST', path: '/get-task/{id}', access: 'user',
    summary: 'A task in one language with breadcrumbs and the caller\u2019s permissions',
    params: byId,
    body: z.object({ lang_id: langId.optional() }),
    response: z.object({
      message: z.literal('OK'),
      element_list: z.array(z.object({
        task_id: id, task_type_id: id, task_order: id, max_score: text, content: text, globals: text,
        visible: id, translated: id, islocked: z.boolean(), lck_user: id.nullable(), lang_id: id,
      })),
      brc: taskBreadcrumbs,
      permissions: z.object({ list: z.array(grantItem) }),
    }),
  }),
  getBrcForTask: route({
    method: 'GET', path: '/get-brc-for-task/{id}', access: 'user',
    summary: 'Breadcrumbs of a task: category, area, course, chapter, lesson',
    params: byId, response: taskBreadcrumbs,
  }),
  refreshLock: route({
    method: 'POST', path: '/refresh-lock', access: 'admin',
    summary: 'Renews the caller\u2019s edit lock to 30 minutes (administrators)', body: byTask, response: lockResponse,
  }),
  refreshLock2: route({
    method: 'POST', path: '/refresh-lock2', access: 'user',
    summary: 'Renews the caller\u2019s edit lock to 30 minutes', body: byTask, response: lockResponse,
  }),
  unlock: route({
    method: 'POST', path: '/unlock', access: 'user',
    summary: 'Releases the caller\u2019s edit lock (older editors)', body: byTask, response: z.object({ message: z.literal('OK') }),
  }),
  unlockTask: route({
    method: 'POST', path: '/unlock-task', access: 'user',
    summary: 'Releases the caller\u2019s edit lock', body: byTask, response: z.object({ message: z.literal('OK') }),
  }),
  getHtmlRules: route({
    method: 'GET', path: '/get-html-rules', access: 'user',
    summary: 'The HTML/CSS system rules per language key (l1 … l8): id and text with #### number and $$$$ text slots',
    response: z.record(z.string(), z.array(z.object({ id, text }))),
  }),
}));
