/**
 * Authoring Lambda: chapter and lesson forms, course admin content, the chapter/lesson list editors,
 * the task list of a lesson, the book generator and course export/import. Each route checks the
 * caller's course-level rights (spec/2 §6) in the domain functions. The task editors and edit locks
 * (issue 11) come from tasks-handler.ts.
 */
import { authoringRoutes } from '@lectio/shared/api/authoring';
import { authoringTaskRoutes } from '@lectio/shared/api/authoring-tasks';
import { domainHandler } from '../platform/http/router';
import { userLanguage } from '../catalogue';
import { chapterInAllLang, chapterList, deleteChapter, editChapter, saveChapterForm, swapChapters } from './chapters';
import { deleteLesson, editLesson, lessonInAllLang, lessonList, saveLessonForm, swapLessons } from './lessons';
import {
  changeTaskVisibility,
  cloneTask,
  courseAdminContent,
  courseChapters,
  deleteTask,
  multipleChanges,
  swapTasks,
  taskPreviewList,
  tasksInLesson,
} from './task-list';
import { courseBook } from './book';
import { exportCourse, importCourse } from './transfer';
import { taskEditorRoutes } from './tasks-handler';

const langOf = async (userId: number, langId: number | undefined) => langId ?? (await userLanguage(userId));

export const handler = domainHandler('authoring', [authoringRoutes, authoringTaskRoutes], {
  ...taskEditorRoutes,
  createEditChapter: ({ user, body }) => saveChapterForm(user, body),
  getChapterInAllLang: ({ user, params }) => chapterInAllLang(user, params.id),
  createEditLesson: ({ user, body }) => saveLessonForm(user, body),
  getLessonInAllLang: ({ user, params }) => lessonInAllLang(user, params.id),
  getCourseChapters: ({ user, params }) => courseChapters(user, params.id),

  courseAdminContent: ({ user, params }) => courseAdminContent(user, params.id),
  deleteChapterById: async ({ user, params }) => {
    await deleteChapter(user, params.id);
    return { message: 'success' };
  },
  deleteLessonById: async ({ user, params }) => {
    await deleteLesson(user, params.id);
    return { message: 'success' };
  },
  chapterChangeOrder: ({ user, body }) => swapChapters(user, body.chapter_id1!, body.chapter_order1!, body.chapter_id2!, body.chapter_order2!),
  lessonChangeOrder: ({ user, body }) => swapLessons(user, body.lesson_id1!, body.lesson_order1!, body.lesson_id2!, body.lesson_order2!),

  getChapterList: async ({ user, params, body }) => chapterList(user, params.courseId, await langOf(user.userId, body.lang_id)),
  editChapter: ({ user, body }) => editChapter(user, body),
  changeChapterOrder: ({ user, body }) => swapChapters(user, body.id1, body.order1, body.id2, body.order2, body.course_id),
  deleteChapter: async ({ user, body }) => {
    await deleteChapter(user, body.id, body.course_id);
    return { message: 'OK' as const };
  },
  getLessonList: async ({ user, params, body }) => lessonList(user, params.chapterId, await langOf(user.userId, body.lang_id)),
  editLesson: ({ user, body }) => editLesson(user, body),
  changeLessonOrder: ({ user, body }) => swapLessons(user, body.id1, body.order1, body.id2, body.order2, body.chapter_id),
  deleteLesson: async ({ user, body }) => {
    await deleteLesson(user, body.id, body.chapter_id);
    return { message: 'OK' as const };
  },

  getTaskPreviewList: async ({ user, params, body }) => taskPreviewList(user, params.lessonId, await langOf(user.userId, body.lang_id)),
  getTasksInLesson: ({ user, params }) => tasksInLesson(user, params.lessonId),
  changeTaskVisibility: ({ user, body }) => changeTaskVisibility(user, body.task_id, body.visibility, body.lang_id),
  changeTaskOrder: ({ user, body }) => swapTasks(user, body.id1, body.order1, body.id2, body.order2),
  taskChangeOrder: ({ user, body }) => swapTasks(user, body.task_id1!, body.task_order1!, body.task_id2!, body.task_order2!),
  deleteTaskById: async ({ user, params }) => {
    await deleteTask(user, params.id);
    return { message: 'OK' };
  },
  deleteTask: ({ user, body }) => deleteTask(user, body.id),
  taskClone: ({ user, body }) => cloneTask(user, body.task_id),
  multipleChanges2: ({ user, body }) => multipleChanges(user, body),

  getBook: ({ user, params }) => courseBook(user, params.id),
  exportCourse: ({ user, params }) => exportCourse(user, params.id),
  importCourse: ({ body }) => importCourse(body.area_id, body.file),
});
