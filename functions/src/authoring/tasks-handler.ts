/** The task editor and edit-lock routes of the authoring Lambda (composed in handler.ts). */
import { htmlSystemRules } from '@lectio/shared';
import type { DomainImplementation } from '../platform/http/router';
import { taskBreadcrumbs, taskInAllLang, taskInLanguage } from './task-read';
import { saveTask } from './task-save';
import { refreshLock, unlock } from './task-locks';

type TaskEditorRoutes =
  | 'getTaskInAllLang'
  | 'createEditTaskAllLang'
  | 'editTask'
  | 'getTask'
  | 'getBrcForTask'
  | 'refreshLock'
  | 'refreshLock2'
  | 'unlock'
  | 'unlockTask'
  | 'getHtmlRules';

export const taskEditorRoutes: Pick<DomainImplementation<'authoring'>, TaskEditorRoutes> = {
  getTaskInAllLang: ({ user, params }) => taskInAllLang(user, params.id),
  createEditTaskAllLang: ({ user, body }) =>
    saveTask(user, {
      task_id: body.task_id,
      lesson_id: body.lesson_id,
      task_type_id: body.task_type_id,
      task_order: body.task_order,
      max_score: body.max_score,
      globals: body.globals,
      contents: body.content_list,
      only_translation: body.only_translation,
    }),
  editTask: ({ user, body }) =>
    saveTask(user, {
      task_id: body.task_id,
      lesson_id: body.lesson_id,
      task_type_id: body.task_type_id,
      max_score: body.max_score,
      globals: body.globals,
      contents: [{ lang_id: body.lang_id, content: body.content }],
      only_translation: body.only_translation,
    }),
  getTask: ({ user, params, body }) => taskInLanguage(user, params.id, body.lang_id),
  getBrcForTask: ({ user, params }) => taskBreadcrumbs(user, params.id),
  refreshLock: ({ user, body }) => refreshLock(user, body.task_id),
  refreshLock2: ({ user, body }) => refreshLock(user, body.task_id),
  unlock: ({ user, body }) => unlock(user, body.task_id),
  unlockTask: ({ user, body }) => unlock(user, body.task_id),
  getHtmlRules: async () => htmlSystemRules(),
};
