/** Reading a task for its editor: all languages (with the lock), one language, breadcrumbs. */
import { NO_EDIT_PERMISSION } from '@lectio/shared';
import { Forbidden } from '../platform/http/errors';
import type { SessionUser } from '../platform/auth/tokens';
import { textOr } from '../catalogue';
import { getArea, getCategory, getCourse, userLanguage } from '../catalogue';
import { getTask, lockedByOther, type TaskItem } from '../catalogue';
import { getChapter } from '../player';
import { NotFound } from '../platform/http/errors';
import { lessons, type LessonItem } from '../catalogue';
import { editorRights } from './task-rights';
import { lockSecondsLeft, takeLock } from './task-locks';
import { catalogueKeys } from '../catalogue';

export const LANGUAGE_IDS = [1, 2, 3, 4, 5, 6, 7, 8];

export async function getLesson(courseId: number, lessonId: number): Promise<LessonItem> {
  const lesson = await lessons.get(catalogueKeys.lesson(courseId, lessonId));
  if (!lesson) throw new NotFound('Lesson not found.');
  return lesson;
}

export async function breadcrumbs(task: Pick<TaskItem, 'course_id' | 'chapter_id' | 'lesson_id'>, langId: number) {
  const [course, chapter, lesson] = await Promise.all([getCourse(task.course_id), getChapter(task.course_id, task.chapter_id), getLesson(task.course_id, task.lesson_id)]);
  const [area, category] = await Promise.all([getArea(course.area_id), getCategory(course.category_id)]);
  return {
    category: { id: category.category_id, name: textOr(category.names, langId) },
    area: { id: area.area_id, name: textOr(area.names, langId) },
    course: { id: course.course_id, name: textOr(course.names, langId) },
    chapter: { id: chapter.chapter_id, name: textOr(chapter.names, langId) },
    lesson: { id: lesson.lesson_id, name: textOr(lesson.names, langId) },
  };
}

export async function taskInAllLang(user: SessionUser, taskId: number) {
  const task = await getTask(taskId);
  const rights = await editorRights(user, task);
  if (!rights.any) throw new Forbidden(NO_EDIT_PERMISSION);
  const readOnly = lockedByOther(task, user.userId) || !(await takeLock(task, user.userId));
  const fresh = readOnly ? task : await getTask(taskId);
  const langId = await userLanguage(user.userId);
  return {
    message: 'OK' as const,
    list: LANGUAGE_IDS.map((l) => {
      const content = fresh.contents?.[String(l)] ?? '';
      return { lang_id: l, translated: content !== '' ? 1 : 0, visible: Number(fresh.visible?.[String(l)] ?? 1), permissions: rights.languages.has(l) ? 1 : 0, content };
    }),
    task_id: fresh.task_id,
    task_type_id: fresh.task_type_id,
    task_type: fresh.task_type_id,
    task_order: fresh.task_order,
    lesson_id: fresh.lesson_id,
    chapter_id: fresh.chapter_id,
    course: (await breadcrumbs(fresh, langId)).course,
    max_score: String(fresh.max_score),
    globals: fresh.globals ?? '',
    islocked: readOnly,
    lck_user: readOnly ? (fresh.lck_user ?? null) : user.userId,
    locked: readOnly ? 0 : lockSecondsLeft(fresh, user.userId),
    only_translation: rights.object ? 0 : 1,
    brc: await breadcrumbs(fresh, langId),
  };
}

export async function taskInLanguage(user: SessionUser, taskId: number, lang?: number) {
  const task = await getTask(taskId);
  const rights = await editorRights(user, task);
  if (!rights.any) throw new Forbidden(NO_EDIT_PERMISSION);
  const langId = lang ?? (await userLanguage(user.userId));
  const content = task.contents?.[String(langId)] ?? '';
  return {
    message: 'OK' as const,
    element_list: [
      {
        task_id: task.task_id,
        task_type_id: task.task_type_id,
        task_order: task.task_order,
        max_score: String(task.max_score),
        content,
        globals: task.globals ?? '',
        visible: Number(task.visible?.[String(langId)] ?? 1),
        translated: content !== '' ? 1 : 0,
        islocked: lockedByOther(task, user.userId),
        lck_user: task.lck_user ?? null,
        lang_id: langId,
      },
    ],
    brc: await breadcrumbs(task, langId),
    permissions: { list: rights.grants },
  };
}

export async function taskBreadcrumbs(user: SessionUser, taskId: number) {
  const task = await getTask(taskId);
  const rights = await editorRights(user, task);
  if (!rights.any) throw new Forbidden(NO_EDIT_PERMISSION);
  return breadcrumbs(task, await userLanguage(user.userId));
}
