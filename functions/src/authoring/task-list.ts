/**
 * The task list of a lesson (spec/2 §2.7) and the course admin content (§2.2): listing with intro,
 * lock, score and per-language state; visibility per language; reorder; delete, clone, and moving or
 * deleting the checked tasks. Object-level actions need the task-list right in the lesson's chapter
 * (course content creator, or chapter content creator of that chapter); visibility needs the
 * translate right in that language.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { EDIT_DENIED, taskIntro } from '@lectio/shared';
import { db, table } from '../platform/db/client';
import { nextId } from '../platform/db/counters';
import { conditionalSwap } from '../platform/db/swap';
import { Conflict, Forbidden, Invalid, NotFound } from '../platform/http/errors';
import type { SessionUser } from '../platform/auth/tokens';
import { getCourse, getArea, getCategory, userLanguage } from '../catalogue';
import { textIn, textOr } from '../catalogue';
import { getTask, lockedByOther, maxScoreOf, type TaskItem } from '../catalogue';
import { can, editorOn, permissionList, requireEnter, requireMay, type Editor } from './access';
import { breadcrumbsOf } from './breadcrumbs';
import { chapterTypesOf, courseStructure, getChapter, getLesson, nextOrderOf } from '../catalogue';
import { deleteTasks, insertTask, moveTasks } from './task-writes';
import { catalogueKeys } from '../catalogue';

const langIds = [1, 2, 3, 4, 5, 6, 7, 8];

async function lessonContext(user: SessionUser, lessonId: number) {
  const lesson = await getLesson(lessonId);
  const editor = await editorOn(user, lesson.course_id);
  return { lesson, editor, scope: { chapterId: lesson.chapter_id, lessonId: lesson.lesson_id } };
}

export async function taskPreviewList(user: SessionUser, lessonId: number, langId: number) {
  const { lesson, editor, scope } = await lessonContext(user, lessonId);
  requireEnter(editor, scope);
  const s = await courseStructure(lesson.course_id);
  const chapter = s.chapters.find((c) => c.chapter_id === lesson.chapter_id);
  return {
    message: 'OK' as const,
    brc: await breadcrumbsOf({ courseId: lesson.course_id, langId, chapter, lesson }),
    course_id: lesson.course_id,
    chapter_id: lesson.chapter_id,
    element_list: s.tasks
      .filter((t) => t.lesson_id === lessonId)
      .map((t) => ({
        id: t.task_id,
        order: t.task_order,
        type_id: Number(t.task_type_id),
        islocked: lockedByOther(t, user.userId),
        intro: taskIntro(Number(t.task_type_id), textOr(t.contents, langId)),
        max_score: maxScoreOf(t),
        translations: langIds.map((l) => ({
          lang_id: l,
          translated: textIn(t.contents, l) !== '' ? 1 : 0,
          visible: Number(t.visible?.[String(l)] ?? 1),
        })),
      })),
    permissions: { list: permissionList(editor) },
  };
}

export async function tasksInLesson(user: SessionUser, lessonId: number) {
  const { lesson, editor, scope } = await lessonContext(user, lessonId);
  requireEnter(editor, scope);
  const langId = await userLanguage(user.userId);
  const [s, chapter] = await Promise.all([courseStructure(lesson.course_id), getChapter(lesson.chapter_id)]);
  return {
    course_id: lesson.course_id,
    chapter: { id: chapter.chapter_id, name: textOr(chapter.names, langId) },
    lesson: { id: lesson.lesson_id, name: textOr(lesson.names, langId) },
    task_list: s.tasks
      .filter((t) => t.lesson_id === lessonId)
      .map((t) => ({
        task_id: t.task_id,
        task_type_id: Number(t.task_type_id),
        task_content: textOr(t.contents, langId),
        max_score: maxScoreOf(t),
        islocked: lockedByOther(t, user.userId),
        task_order: t.task_order,
      })),
  };
}

async function taskContext(user: SessionUser, taskId: number) {
  const task = await getTask(taskId);
  const editor = await editorOn(user, task.course_id);
  return { task, editor, scope: { chapterId: task.chapter_id, lessonId: task.lesson_id } };
}

const requireObject = (editor: Editor, scope: { chapterId: number; lessonId: number }) => requireMay(editor, { kind: 'object', list: 'task-list', ...scope });

export async function changeTaskVisibility(user: SessionUser, taskId: number, visibility: number, langId: number) {
  const { task, editor, scope } = await taskContext(user, taskId);
  requireMay(editor, { kind: 'translate', langId, ...scope });
  if (lockedByOther(task, user.userId)) throw new Conflict('The task is locked by another user - you can only read. To edit try again later.');
  await db.send(
    new UpdateCommand({
      TableName: table(),
      Key: catalogueKeys.task(task.course_id, task.task_id),
      UpdateExpression: 'SET visible.#l = :v',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: { '#l': String(langId) },
      ExpressionAttributeValues: { ':v': visibility },
    }),
  );
  return { message: 'OK' as const };
}

export async function swapTasks(user: SessionUser, id1: number, order1: number, id2: number, order2: number) {
  const [a, b] = await Promise.all([getTask(id1), getTask(id2)]);
  if (a.lesson_id !== b.lesson_id) throw new Conflict('Only tasks of the same lesson can be swapped.');
  requireObject(await editorOn(user, a.course_id), { chapterId: a.chapter_id, lessonId: a.lesson_id });
  await conditionalSwap({ key: catalogueKeys.task(a.course_id, id1), order: order1 }, { key: catalogueKeys.task(b.course_id, id2), order: order2 }, 'task_order');
  return { message: 'OK' as const };
}

async function courseRefAndTypes(courseId: number) {
  const [course, s] = await Promise.all([getCourse(courseId), courseStructure(courseId)]);
  return { course, s, types: chapterTypesOf(s.chapters) };
}

export async function deleteTask(user: SessionUser, taskId: number) {
  const { task, editor, scope } = await taskContext(user, taskId);
  requireObject(editor, scope);
  if (lockedByOther(task, user.userId)) throw new Conflict('The task is locked by another user - you can only read. To edit try again later.');
  const { course, types } = await courseRefAndTypes(task.course_id);
  await deleteTasks([task], course, types);
  return { message: 'OK' as const };
}

/** A copy of the task at the end of its lesson, with every language and the globals. */
export async function cloneTask(user: SessionUser, taskId: number) {
  const { task, editor, scope } = await taskContext(user, taskId);
  requireObject(editor, scope);
  const { course, s, types } = await courseRefAndTypes(task.course_id);
  const id = await nextId('task');
  const copy: TaskItem = {
    task_id: id,
    course_id: task.course_id,
    chapter_id: task.chapter_id,
    lesson_id: task.lesson_id,
    task_type_id: Number(task.task_type_id),
    task_order: nextOrderOf(s.tasks.filter((t) => t.lesson_id === task.lesson_id).map((t) => t.task_order)),
    max_score: String(task.max_score),
    globals: task.globals ?? '',
    contents: { ...(task.contents ?? {}) },
    visible: { ...(task.visible ?? {}) },
  };
  await insertTask(copy, course, types);
  return { message: 'OK' as const, id };
}

/** The checked tasks of multiple-changes2: a JSON list of ids or of objects with task_id / id. */
export function checkedIds(changes: string | unknown[]): number[] {
  let list: unknown = changes;
  if (typeof changes === 'string') {
    try {
      list = JSON.parse(changes);
    } catch {
      // The older '(1,2,3)' form.
      list = changes.replace(/[()[\]\s]/g, '').split(',').filter(Boolean).map(Number);
    }
  }
  if (!Array.isArray(list)) throw new Invalid('changes: Must be a list of tasks', { changes: ['Must be a list of tasks'] });
  const ids = list.map((e) => Number(typeof e === 'object' && e !== null ? ((e as { task_id?: unknown; id?: unknown }).task_id ?? (e as { id?: unknown }).id) : e));
  if (ids.some((n) => !Number.isInteger(n) || n <= 0)) throw new Invalid('changes: Must be a list of task ids', { changes: ['Must be a list of task ids'] });
  if (ids.length > 500) throw new Invalid('changes: At most 500 tasks', { changes: ['At most 500 tasks'] });
  return [...new Set(ids)];
}

export async function multipleChanges(user: SessionUser, body: { operation: 'move' | 'delete'; newLesson?: number; changes: string | unknown[] }) {
  const ids = checkedIds(body.changes);
  if (ids.length === 0) return { message: 'OK' as const, count: 0 };
  const first = await getTask(ids[0]!);
  const editor = await editorOn(user, first.course_id);
  const { course, s, types } = await courseRefAndTypes(first.course_id);
  const byId = new Map(s.tasks.map((t) => [t.task_id, t]));
  const tasks = ids.map((id) => byId.get(id)).filter((t) => t !== undefined);
  if (tasks.length < ids.length) throw new NotFound('Task not found.');
  const chosen = tasks.sort((a, b) => a.task_order - b.task_order);
  for (const t of chosen) {
    if (!can(editor, { kind: 'object', list: 'task-list', chapterId: t.chapter_id, lessonId: t.lesson_id })) throw new Forbidden(EDIT_DENIED);
    if (lockedByOther(t, user.userId)) throw new Conflict('The task is locked by another user - you can only read. To edit try again later.');
  }
  if (body.operation === 'delete') {
    await deleteTasks(chosen, course, types);
    return { message: 'OK' as const, count: chosen.length };
  }
  const target = s.lessons.find((l) => l.lesson_id === Number(body.newLesson));
  if (!target) throw new Invalid('Choose a lesson to move the tasks to.', { newLesson: ['Choose a lesson'] });
  requireObject(editor, { chapterId: target.chapter_id, lessonId: target.lesson_id });
  const staying = chosen.filter((t) => t.lesson_id !== target.lesson_id);
  await moveTasks(
    staying,
    { lesson_id: target.lesson_id, chapter_id: target.chapter_id, firstOrder: nextOrderOf(s.tasks.filter((t) => t.lesson_id === target.lesson_id).map((t) => t.task_order)) },
    course,
    types,
  );
  return { message: 'OK' as const, count: chosen.length };
}

/** Course admin content: every chapter and lesson, untranslated ones with an empty name. */
export async function courseAdminContent(user: SessionUser, courseId: number) {
  const editor = await editorOn(user, courseId);
  requireEnter(editor);
  const langId = await userLanguage(user.userId);
  const course = await getCourse(courseId);
  const [area, category, s] = await Promise.all([getArea(course.area_id), getCategory(course.category_id), courseStructure(courseId)]);
  return {
    message: 'OK' as const,
    course: { id: course.course_id, name: textOr(course.names, langId), color: course.area_color ?? area.color ?? '#AAAAAA' },
    area: { id: area.area_id, name: textOr(area.names, langId) },
    category: { id: category.category_id, name: textOr(category.names, langId) },
    chapterlist: s.chapters.map((c) => ({
      chapter_id: c.chapter_id,
      chapter_type: Number(c.chapter_type),
      name: textIn(c.names, langId),
      chapter_icon: c.icon ?? '',
      chapter_order: c.chapter_order,
      lessons: s.lessons
        .filter((l) => l.chapter_id === c.chapter_id)
        .map((l) => ({
          lesson_id: l.lesson_id,
          lesson: textIn(l.names, langId),
          lesson_order: l.lesson_order,
          tasks: Number(l.tasks_count ?? 0),
          programs: Number(l.programs_count ?? 0),
          contents: Number(l.contents_count ?? 0),
          tasks_score: Number(l.tasks_score ?? 0),
          programs_score: Number(l.programs_score ?? 0),
        })),
    })),
    permissions: { list: permissionList(editor) },
  };
}

/** Chapters with their lessons (lesson form selector, task list move picker). */
export async function courseChapters(user: SessionUser, courseId: number) {
  const editor = await editorOn(user, courseId);
  requireEnter(editor);
  const langId = await userLanguage(user.userId);
  const s = await courseStructure(courseId);
  return {
    chapters: s.chapters.map((c) => ({
      id: c.chapter_id,
      name: textOr(c.names, langId),
      chapter_type: Number(c.chapter_type),
      lessons: s.lessons.filter((l) => l.chapter_id === c.chapter_id).map((l) => ({ id: l.lesson_id, name: textOr(l.names, langId) })),
    })),
  };
}
