/**
 * Chapters: the bilingual form (create-edit-chapter-all-lang), the list editor (get-chapter-list,
 * edit-chapter), reordering and deleting. Object-level changes (add, delete, order, type, icon and the
 * competition settings) need a course content creator; names need the translate right in each
 * language that changes (spec/2 §6).
 */
import { INVALID_TIME_LIMIT, DEFAULT_TIME_LIMIT, chapterTypeList, chapterTypeOfIndex, indexOfChapterType, parseSpecTime } from '@lectio/shared';
import type { Routes } from '@lectio/shared';
import type { z } from 'zod';
import { nextId } from '../platform/db/counters';
import { keys } from '../platform/db/keys';
import { conditionalSwap } from '../platform/db/swap';
import { Conflict, Invalid } from '../platform/http/errors';
import { cleanSvgIcon } from '../platform/content/svg';
import type { SessionUser } from '../platform/auth/tokens';
import { getCourse } from '../catalogue';
import { mergeTexts, requireName } from '../catalogue';
import { textOr } from '../catalogue';
import { editorOn, permissionList, requireEnter, requireMay, requireTranslate } from './access';
import { courseStructure, getChapter, nextOrderOf, readChapter, type StoredChapter } from '../catalogue';
import { breadcrumbsOf } from './breadcrumbs';
import { changeChapterType, deleteChapterCascade, setFields, setLanguageText } from './structure-writes';
import { catalogueKeys, storedChapters } from '../catalogue';

type ChapterForm = z.output<Routes['createEditChapter']['body']>;

/** Languages whose text differs from what is stored: only those need the translate right. */
export const changedLanguages = (stored: Record<string, string> | undefined, list: Array<{ lang_id: number; content?: string }>) =>
  list.filter((e) => (e.content ?? '').trim() !== (stored?.[String(e.lang_id)] ?? '')).map((e) => e.lang_id);

function timeLimitOf(value: string | number | undefined): number {
  if (value === undefined || value === '') return DEFAULT_TIME_LIMIT;
  const text = String(value).trim();
  if (!/^\d{1,9}$/.test(text)) throw new Invalid(INVALID_TIME_LIMIT, { time_limit: [INVALID_TIME_LIMIT] });
  return Number(text);
}

export async function saveChapterForm(user: SessionUser, raw: ChapterForm) {
  const body = raw as Required<Pick<ChapterForm, 'chapter_id' | 'course_id' | 'content_list'>> & ChapterForm;
  const timeLimit = timeLimitOf(body.time_limit);
  requireName(body.content_list);
  const editor = await editorOn(user, Number(body.course_id));
  const competition = competitionOf({ ...body, time_limit: timeLimit });
  const chapterType = Number(body.chapter_type ?? 1);
  if (Number(body.chapter_id) === 0) {
    requireMay(editor, { kind: 'object', list: 'chapter-list' });
    const course = await getCourse(Number(body.course_id));
    const s = await courseStructure(course.course_id);
    const id = await nextId('chapter');
    await storedChapters.put(
      {
        ...catalogueKeys.chapter(course.course_id, id),
        ...keys.byId('CHAPTER', id),
        type: 'chapter',
        chapter_id: id,
        course_id: course.course_id,
        chapter_order: Number(body.chapter_order) || nextOrderOf(s.chapters.map((c) => c.chapter_order)),
        chapter_type: chapterType,
        icon: body.icon ?? '',
        icon2: body.icon2 ?? '',
        names: mergeTexts({}, body.content_list, 'content'),
        visible: Object.fromEntries(body.content_list.map((e) => [String(e.lang_id), 1])),
        contents_count: 0,
        tasks_count: 0,
        programs_count: 0,
        max_score_task: 0,
        max_score_program: 0,
        lessons_count: 0,
        ...competition,
        ...windowInstants(competition),
      },
      { ConditionExpression: 'attribute_not_exists(pk)' },
    );
    return { message: 'OK' as const, id };
  }
  const chapter = await getChapter(Number(body.chapter_id));
  if (chapter.course_id !== Number(body.course_id)) throw new Conflict('The chapter belongs to another course.');
  const objectChanged =
    chapterType !== Number(chapter.chapter_type) ||
    (body.icon ?? '') !== (chapter.icon ?? '') ||
    (body.icon2 ?? '') !== (chapter.icon2 ?? '') ||
    (body.chapter_order !== undefined && Number(body.chapter_order) !== chapter.chapter_order) ||
    (chapterType === 2 && JSON.stringify(competition) !== JSON.stringify(competitionOf(chapter)));
  if (objectChanged) requireMay(editor, { kind: 'object', list: 'chapter-list', chapterId: chapter.chapter_id });
  requireTranslate(editor, changedLanguages(chapter.names, body.content_list), { chapterId: chapter.chapter_id });
  await setFields(catalogueKeys.chapter(chapter.course_id, chapter.chapter_id), {
    names: mergeTexts(chapter.names, body.content_list, 'content'),
    icon: body.icon ?? '',
    icon2: body.icon2 ?? '',
    ...(chapterType === 2 ? { ...competition, ...windowInstants(competition) } : { time_limit: timeLimit }),
  });
  if (chapterType !== Number(chapter.chapter_type)) await changeChapterType(chapter.course_id, chapter, chapterType);
  return { message: 'OK' as const, id: chapter.chapter_id };
}

type CompetitionSource = Partial<Record<'check_OB' | 'check_OE' | 'check_RB' | 'check_RE' | 'time_limit', number | string>> &
  Partial<Record<'comp_key', string>> &
  Partial<Record<'open_begin' | 'open_end' | 'results_begin' | 'results_end', string | null>>;

/** The competition fields of a chapter (stored item, form body or export), with their defaults. */
export const competitionOf = (c: CompetitionSource) => ({
  comp_key: c.comp_key ?? '',
  time_limit: Number(c.time_limit ?? DEFAULT_TIME_LIMIT),
  check_OB: Number(c.check_OB ?? 0),
  check_OE: Number(c.check_OE ?? 0),
  check_RB: Number(c.check_RB ?? 0),
  check_RE: Number(c.check_RE ?? 0),
  open_begin: c.open_begin ?? null,
  open_end: c.open_end ?? null,
  results_begin: c.results_begin ?? null,
  results_end: c.results_end ?? null,
});

/**
 * The window boundaries as epoch milliseconds, stored beside the spec strings (ARCHITECTURE §5) so
 * what compares or schedules reads an instant; never sent (the API keeps the strings).
 */
export const windowInstants = (c: ReturnType<typeof competitionOf>) => ({
  open_begin_ms: parseSpecTime(c.open_begin),
  open_end_ms: parseSpecTime(c.open_end),
  results_begin_ms: parseSpecTime(c.results_begin),
  results_end_ms: parseSpecTime(c.results_end),
});

export async function chapterInAllLang(user: SessionUser, id: number) {
  const chapter = await getChapter(id);
  requireEnter(await editorOn(user, chapter.course_id), { chapterId: id });
  return {
    list: Object.entries(chapter.names ?? {})
      .map(([lang, content]) => ({ lang_id: Number(lang), content }))
      .sort((a, b) => a.lang_id - b.lang_id),
    chapter_id: chapter.chapter_id,
    course_id: chapter.course_id,
    chapter_order: chapter.chapter_order,
    chapter_type: Number(chapter.chapter_type),
    icon: chapter.icon ?? '',
    icon2: chapter.icon2 ?? '',
    ...competitionOf(chapter),
  };
}

export async function chapterList(user: SessionUser, courseId: number, langId: number) {
  const editor = await editorOn(user, courseId);
  requireEnter(editor);
  const s = await courseStructure(courseId);
  return {
    message: 'OK' as const,
    brc: await breadcrumbsOf({ courseId, langId }),
    element_list: s.chapters.map((c) => ({
      id: c.chapter_id,
      order: c.chapter_order,
      icon: c.icon ?? '',
      type_id: indexOfChapterType(Number(c.chapter_type)),
      type_name: chapterTypeList[indexOfChapterType(Number(c.chapter_type))]!.name,
      translations: translations(c),
    })),
    permissions: { list: permissionList(editor) },
    chapter_types: chapterTypeList.map((t) => ({ id: t.id, name: t.name })),
  };
}

/** Name and visibility in every language (1-8); untranslated ones have an empty name. */
export const translations = (item: { names: Record<string, string>; visible?: Record<string, number> }) =>
  Array.from({ length: 8 }, (_, i) => i + 1).map((lang) => ({
    lang_id: lang,
    name: item.names?.[String(lang)] ?? '',
    visible: Number(item.visible?.[String(lang)] ?? 1),
  }));

type EditChapter = z.output<Routes['editChapter']['body']>;

export async function editChapter(user: SessionUser, body: EditChapter) {
  const courseId = Number(body.course_id);
  const langId = Number(body.lang_id);
  const editor = await editorOn(user, courseId);
  const name = (body.chapter_name ?? '').trim();
  const visibility = Number(body.visibility ?? 1);
  const onlyTranslation = Number(body.only_translation ?? 0) === 1;
  if (Number(body.chapter_id) === 0) {
    requireMay(editor, { kind: 'object', list: 'chapter-list' });
    const course = await getCourse(courseId);
    const s = await courseStructure(course.course_id);
    const id = await nextId('chapter');
    const order = nextOrderOf(s.chapters.map((c) => c.chapter_order));
    const icon = cleanSvgIcon(body.chapter_icon ?? '');
    await storedChapters.put(
      {
        ...catalogueKeys.chapter(courseId, id),
        ...keys.byId('CHAPTER', id),
        type: 'chapter',
        chapter_id: id,
        course_id: courseId,
        chapter_order: order,
        chapter_type: chapterTypeOfIndex(Number(body.chapter_type_id ?? 0)),
        icon,
        icon2: '',
        names: name ? { [String(langId)]: name } : {},
        visible: { [String(langId)]: visibility },
        time_limit: DEFAULT_TIME_LIMIT,
        contents_count: 0,
        tasks_count: 0,
        programs_count: 0,
        max_score_task: 0,
        max_score_program: 0,
        lessons_count: 0,
      },
      { ConditionExpression: 'attribute_not_exists(pk)' },
    );
    return { message: 'OK' as const, id, order, icon };
  }
  const chapter = await readChapter(courseId, Number(body.chapter_id));
  if (!chapter) throw new Conflict('The chapter no longer exists.');
  const newType = body.chapter_type_id === undefined ? Number(chapter.chapter_type) : chapterTypeOfIndex(Number(body.chapter_type_id));
  const newIcon = body.chapter_icon === undefined ? chapter.icon ?? '' : cleanSvgIcon(body.chapter_icon);
  if (!onlyTranslation && (newType !== Number(chapter.chapter_type) || newIcon !== (chapter.icon ?? ''))) {
    requireMay(editor, { kind: 'object', list: 'chapter-list', chapterId: chapter.chapter_id });
  }
  requireMay(editor, { kind: 'translate', langId, chapterId: chapter.chapter_id });
  await setLanguageText(catalogueKeys.chapter(courseId, chapter.chapter_id), langId, name, visibility, onlyTranslation ? {} : { icon: newIcon });
  if (!onlyTranslation && newType !== Number(chapter.chapter_type)) await changeChapterType(courseId, chapter, newType);
  return { message: 'OK' as const, id: chapter.chapter_id, order: chapter.chapter_order, icon: onlyTranslation ? chapter.icon ?? '' : newIcon };
}

/** Swaps two chapters of one course; the orders are the ones the caller saw (409 when stale). */
export async function swapChapters(user: SessionUser, id1: number, order1: number, id2: number, order2: number, courseId?: number) {
  const [a, b] = await Promise.all([getChapter(id1), getChapter(id2)]);
  if (a.course_id !== b.course_id || (courseId !== undefined && a.course_id !== courseId)) throw new Conflict('Only chapters of the same course can be swapped.');
  requireMay(await editorOn(user, a.course_id), { kind: 'object', list: 'chapter-list' });
  await conditionalSwap({ key: catalogueKeys.chapter(a.course_id, id1), order: order1 }, { key: catalogueKeys.chapter(b.course_id, id2), order: order2 }, 'chapter_order');
  return { message: 'OK' as const };
}

export async function deleteChapter(user: SessionUser, id: number, courseId?: number) {
  const chapter = await getChapter(id);
  if (courseId !== undefined && chapter.course_id !== courseId) throw new Conflict('The chapter belongs to another course.');
  requireMay(await editorOn(user, chapter.course_id), { kind: 'object', list: 'chapter-list', chapterId: id });
  await deleteChapterCascade(chapter.course_id, id);
}

export const chapterName = (c: StoredChapter, langId: number) => textOr(c.names, langId);
