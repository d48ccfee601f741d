/**
 * Lessons: the bilingual form (create-edit-lesson-all-lang, its chapter selector moves the lesson),
 * the list editor (get-lesson-list, edit-lesson), reordering and deleting. The lesson list and the
 * task list also allow a chapter content creator inside its own chapter (spec/2 §6).
 */
import type { z } from 'zod';
import type { Routes } from '@lectio/shared';
import { nextId } from '../platform/db/counters';
import { conditionalSwap } from '../platform/db/swap';
import { Conflict } from '../platform/http/errors';
import type { SessionUser } from '../platform/auth/tokens';
import { mergeTexts, requireName } from '../catalogue';
import { editorOn, permissionList, requireEnter, requireMay, requireTranslate } from './access';
import { breadcrumbsOf } from './breadcrumbs';
import { changedLanguages, translations } from './chapters';
import { courseStructure, getChapter, getLesson, nextOrderOf, readLesson } from '../catalogue';
import { deleteLessonCascade, insertLesson, moveLesson, setFields, setLanguageText } from './structure-writes';
import { catalogueKeys } from '../catalogue';

type LessonForm = z.output<Routes['createEditLesson']['body']>;

export async function saveLessonForm(user: SessionUser, body: LessonForm) {
  requireName(body.content_list);
  const chapter = await getChapter(Number(body.chapter_id));
  const editor = await editorOn(user, chapter.course_id);
  if (Number(body.lesson_id) === 0) {
    requireMay(editor, { kind: 'object', list: 'lesson-list', chapterId: chapter.chapter_id });
    const s = await courseStructure(chapter.course_id);
    const id = await nextId('lesson');
    await insertLesson({
      lesson_id: id,
      chapter_id: chapter.chapter_id,
      course_id: chapter.course_id,
      lesson_order: Number(body.lesson_order) || nextOrderOf(s.lessons.filter((l) => l.chapter_id === chapter.chapter_id).map((l) => l.lesson_order)),
      names: mergeTexts({}, body.content_list, 'content'),
      visible: Object.fromEntries(body.content_list.map((e) => [String(e.lang_id), 1])),
    });
    return { message: 'OK' as const, id };
  }
  const lesson = await getLesson(Number(body.lesson_id));
  if (lesson.course_id !== chapter.course_id) throw new Conflict('A lesson can only move to a chapter of its own course.');
  const scope = { chapterId: lesson.chapter_id, lessonId: lesson.lesson_id };
  const moving = lesson.chapter_id !== chapter.chapter_id;
  const reordered = body.lesson_order !== undefined && Number(body.lesson_order) !== lesson.lesson_order;
  if (moving || reordered) {
    requireMay(editor, { kind: 'object', list: 'lesson-list', ...scope });
    if (moving) requireMay(editor, { kind: 'object', list: 'lesson-list', chapterId: chapter.chapter_id });
  }
  requireTranslate(editor, changedLanguages(lesson.names, body.content_list), scope);
  await setFields(catalogueKeys.lesson(lesson.course_id, lesson.lesson_id), { names: mergeTexts(lesson.names, body.content_list, 'content') });
  if (moving) await moveLesson(lesson.course_id, lesson, chapter);
  return { message: 'OK' as const, id: lesson.lesson_id };
}

export async function lessonInAllLang(user: SessionUser, id: number) {
  const lesson = await getLesson(id);
  requireEnter(await editorOn(user, lesson.course_id), { chapterId: lesson.chapter_id, lessonId: id });
  return {
    list: Object.entries(lesson.names ?? {})
      .map(([lang, content]) => ({ lang_id: Number(lang), content }))
      .sort((a, b) => a.lang_id - b.lang_id),
    lesson_id: lesson.lesson_id,
    lesson_order: lesson.lesson_order,
    chapter_id: lesson.chapter_id,
    course_id: lesson.course_id,
  };
}

export async function lessonList(user: SessionUser, chapterId: number, langId: number) {
  const chapter = await getChapter(chapterId);
  const editor = await editorOn(user, chapter.course_id);
  requireEnter(editor, { chapterId });
  const s = await courseStructure(chapter.course_id);
  return {
    message: 'OK' as const,
    brc: await breadcrumbsOf({ courseId: chapter.course_id, langId, chapter }),
    element_list: s.lessons
      .filter((l) => l.chapter_id === chapterId)
      .map((l) => ({ id: l.lesson_id, order: l.lesson_order, translations: translations(l) })),
    permissions: { list: permissionList(editor) },
    course_id: chapter.course_id,
  };
}

type EditLesson = z.output<Routes['editLesson']['body']>;

export async function editLesson(user: SessionUser, body: EditLesson) {
  const chapter = await getChapter(Number(body.chapter_id));
  const editor = await editorOn(user, chapter.course_id);
  const langId = Number(body.lang_id);
  const name = (body.lesson_name ?? '').trim();
  const visibility = Number(body.visibility ?? 1);
  if (Number(body.lesson_id) === 0) {
    requireMay(editor, { kind: 'object', list: 'lesson-list', chapterId: chapter.chapter_id });
    const s = await courseStructure(chapter.course_id);
    const id = await nextId('lesson');
    const order = nextOrderOf(s.lessons.filter((l) => l.chapter_id === chapter.chapter_id).map((l) => l.lesson_order));
    await insertLesson({
      lesson_id: id,
      chapter_id: chapter.chapter_id,
      course_id: chapter.course_id,
      lesson_order: order,
      names: name ? { [String(langId)]: name } : {},
      visible: { [String(langId)]: visibility },
    });
    return { message: 'OK' as const, id, order };
  }
  const lesson = await readLesson(chapter.course_id, Number(body.lesson_id));
  if (!lesson || lesson.chapter_id !== chapter.chapter_id) throw new Conflict('The lesson is not in this chapter.');
  requireMay(editor, { kind: 'translate', langId, chapterId: chapter.chapter_id, lessonId: lesson.lesson_id });
  await setLanguageText(catalogueKeys.lesson(chapter.course_id, lesson.lesson_id), langId, name, visibility);
  return { message: 'OK' as const, id: lesson.lesson_id, order: lesson.lesson_order };
}

export async function swapLessons(user: SessionUser, id1: number, order1: number, id2: number, order2: number, chapterId?: number) {
  const [a, b] = await Promise.all([getLesson(id1), getLesson(id2)]);
  if (a.chapter_id !== b.chapter_id || (chapterId !== undefined && a.chapter_id !== chapterId)) throw new Conflict('Only lessons of the same chapter can be swapped.');
  requireMay(await editorOn(user, a.course_id), { kind: 'object', list: 'lesson-list', chapterId: a.chapter_id });
  await conditionalSwap({ key: catalogueKeys.lesson(a.course_id, id1), order: order1 }, { key: catalogueKeys.lesson(b.course_id, id2), order: order2 }, 'lesson_order');
  return { message: 'OK' as const };
}

export async function deleteLesson(user: SessionUser, id: number, chapterId?: number) {
  const lesson = await getLesson(id);
  if (chapterId !== undefined && lesson.chapter_id !== chapterId) throw new Conflict('The lesson is not in this chapter.');
  requireMay(await editorOn(user, lesson.course_id), { kind: 'object', list: 'lesson-list', chapterId: lesson.chapter_id, lessonId: id });
  await deleteLessonCascade(lesson.course_id, id);
}
