/**
 * Course export and import (issue 10 item 8). The file is one JSON document with `format_version`,
 * the course's texts in every language, its files, and the chapters, lessons and tasks in order. Tasks
 * travel type-agnostically: type id, order, max score, globals and the per-language content texts.
 * Nothing carries ids, so export → import → export gives the same file, but for the course's name
 * where the area already has a course of that name: the copy is then "Name (2)" (per language).
 *
 * Import sanitises like the editors: every task's HTML parts (cleanContent of the task editor), the
 * course details and the chapter icons (the SVG sanitiser) are cleaned before they are stored.
 *
 * Import validates the whole file first (400 with a clear message, nothing written), then writes the
 * new course's partition with fresh ids and makes the course visible last, in one transaction with
 * the area and category counters. Should a write fail half-way, the invisible partial partition is
 * removed again: a reader never sees a half-imported course.
 */
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { courseExport, COURSE_FORMAT_VERSION, contentProblem, distinctNames, imageContentMatches, type CourseExport } from '@lectio/shared';
import { batchDelete, batchPut } from '../platform/db/batch';
import { db, table } from '../platform/db/client';
import { keys } from '../platform/db/keys';
import { nextId } from '../platform/db/counters';
import { Invalid } from '../platform/http/errors';
import { logger } from '../platform/http/logger';
import { sanitizeRichText } from '../platform/content/sanitize';
import { cleanSvgIcon } from '../platform/content/svg';
import type { SessionUser } from '../platform/auth/tokens';
import { getArea, getCourse, listAreaCourses } from '../catalogue';
import { taskItem } from '../catalogue';
import { rebuildLeaderFilters } from '../catalogue';
import { editorOn, requireMay } from './access';
import { courseStructure, storeRecount } from '../catalogue';
import { competitionOf, windowInstants } from './chapters';
import { cleanContent } from './task-save';
import { catalogueKeys } from '../catalogue';
import { queryPartition } from '../platform/db/operations';

const parseList = (s: string | undefined) => {
  try {
    const v = JSON.parse(s || '[]') as unknown;
    return Array.isArray(v) ? (v as Array<{ filename: string; filecontent: string }>) : [];
  } catch {
    return [];
  }
};
const sortedKeys = <T>(m: Record<string, T> | undefined) => Object.fromEntries(Object.entries(m ?? {}).sort(([a], [b]) => Number(a) - Number(b)));

export async function exportCourse(user: SessionUser, courseId: number): Promise<CourseExport> {
  requireMay(await editorOn(user, courseId), { kind: 'object', list: 'chapter-list' });
  const course = await getCourse(courseId);
  const s = await courseStructure(courseId);
  return {
    format_version: COURSE_FORMAT_VERSION,
    course: {
      names: sortedKeys(course.names),
      descriptions: sortedKeys(course.descriptions),
      details: sortedKeys(course.details),
      file_extension: course.file_extension ?? '',
      editor_template: course.editor_template ?? '',
      file_list: parseList(course.file_list),
      keep_list: parseList(course.keep_list),
    },
    chapters: s.chapters.map((c) => ({
      chapter_order: c.chapter_order,
      chapter_type: Number(c.chapter_type),
      icon: c.icon ?? '',
      icon2: c.icon2 ?? '',
      names: sortedKeys(c.names),
      visible: sortedKeys(c.visible),
      competition:
        Number(c.chapter_type) === 2
          ? competitionOf(c)
          : null,
      lessons: s.lessons
        .filter((l) => l.chapter_id === c.chapter_id)
        .map((l) => ({
          lesson_order: l.lesson_order,
          names: sortedKeys(l.names),
          visible: sortedKeys(l.visible),
          tasks: s.tasks
            .filter((t) => t.lesson_id === l.lesson_id)
            .map((t) => ({
              task_type_id: Number(t.task_type_id),
              task_order: t.task_order,
              max_score: String(t.max_score ?? '0'),
              globals: t.globals ?? '',
              contents: sortedKeys(t.contents),
              visible: sortedKeys(t.visible),
            })),
        })),
    })),
  };
}

/** Parses and checks an export file; every problem is a 400 before anything is written. */
export function readExportFile(file: string): CourseExport {
  let raw: unknown;
  try {
    raw = JSON.parse(file);
  } catch {
    throw new Invalid('The file is not valid JSON.', { file: ['The file is not valid JSON.'] });
  }
  const parsed = courseExport.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const where = issue.path.join('.');
    const text = `The file is not a valid Lectio course export: ${where ? `${where}: ` : ''}${issue.message}`;
    throw new Invalid(text, { file: [text] });
  }
  const data = parsed.data;
  if (!Object.values(data.course.names).some((n) => n.trim() !== '')) {
    throw new Invalid('The file is not a valid Lectio course export: the course has no name.', { file: ['The course has no name.'] });
  }
  const taskCount = data.chapters.reduce((s, c) => s + c.lessons.reduce((t, l) => t + l.tasks.length, 0), 0);
  if (taskCount > 5000) throw new Invalid('The file is too large: at most 5000 tasks.', { file: ['At most 5000 tasks.'] });
  for (const [ci, c] of data.chapters.entries()) {
    for (const [li, l] of c.lessons.entries()) {
      for (const [ti, t] of l.tasks.entries()) {
        for (const [lang, text] of Object.entries(t.contents)) {
          const problem = contentProblem(t.task_type_id, text);
          if (problem) {
            const msg = `The file is not a valid Lectio course export: chapters.${ci}.lessons.${li}.tasks.${ti}.contents.${lang}: ${problem}`;
            throw new Invalid(msg, { file: [msg] });
          }
        }
      }
    }
  }
  return data;
}

export async function importCourse(areaId: number, file: string) {
  const data = readExportFile(file);
  const area = await getArea(areaId);
  const courseId = await nextId('course');
  const areaCourses = await listAreaCourses(area.area_id);
  const listing = {
    course_id: courseId,
    area_id: area.area_id,
    category_id: area.category_id,
    course_order: areaCourses.reduce((m, c) => Math.max(m, c.course_order), 0) + 1,
    // A copy beside its original gets "Name (2)" in each language whose name is taken, so lists and
    // the leaderboard's filter never offer two identical entries (issue 20 item 14).
    names: distinctNames(data.course.names, areaCourses.map((c) => c.names)),
    descriptions: data.course.descriptions,
  };
  const items: Array<Record<string, unknown>> = [];
  let lessonsTotal = 0;
  let programs = 0;
  for (const c of data.chapters) {
    const chapterId = await nextId('chapter');
    items.push({
      ...catalogueKeys.chapter(courseId, chapterId),
      ...keys.byId('CHAPTER', chapterId),
      type: 'chapter',
      chapter_id: chapterId,
      course_id: courseId,
      chapter_order: c.chapter_order,
      chapter_type: c.chapter_type,
      // The icons travel inside the file's text, where the router's SVG pass does not look.
      icon: cleanSvgIcon(c.icon),
      icon2: c.icon2 === '' || imageContentMatches(c.icon2, 'png') ? c.icon2 : '',
      names: c.names,
      visible: c.visible,
      ...(c.competition ? { ...c.competition, ...windowInstants(competitionOf(c.competition)) } : { time_limit: 3600 }),
    });
    for (const l of c.lessons) {
      const lessonId = await nextId('lesson');
      lessonsTotal++;
      items.push({
        ...catalogueKeys.lesson(courseId, lessonId),
        ...keys.byId('LESSON', lessonId),
        type: 'lesson',
        lesson_id: lessonId,
        chapter_id: chapterId,
        course_id: courseId,
        lesson_order: l.lesson_order,
        names: l.names,
        visible: l.visible,
      });
      for (const t of l.tasks) {
        const taskId = await nextId('task');
        if (t.task_type_id >= 8 && t.task_type_id <= 11) programs++;
        items.push(
          taskItem({
            task_id: taskId,
            course_id: courseId,
            chapter_id: chapterId,
            lesson_id: lessonId,
            task_type_id: t.task_type_id,
            task_order: t.task_order,
            max_score: t.max_score,
            globals: t.globals,
            // Every HTML part of every type, as a form save cleans it.
            contents: Object.fromEntries(Object.entries(t.contents).map(([lang, text]) => [lang, cleanContent(t.task_type_id, text)])),
            visible: t.visible,
          }),
        );
      }
    }
  }
  try {
    await batchPut(items);
    // The course item makes the partition readable by id; the listing (last) makes it visible.
    await db.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: table(),
              Item: {
                ...catalogueKeys.course(courseId),
                ...keys.byId('COURSE', courseId),
                type: 'course',
                ...listing,
                area_color: area.color,
                file_extension: data.course.file_extension,
                editor_template: data.course.editor_template,
                file_list: JSON.stringify(data.course.file_list),
                keep_list: JSON.stringify(data.course.keep_list),
                details: Object.fromEntries(Object.entries(data.course.details).map(([lang, html]) => [lang, sanitizeRichText(html)])),
              },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          { Put: { TableName: table(), Item: { ...catalogueKeys.courseInArea(area.area_id, courseId), type: 'course-ref', ...listing, content_count: 0, task_count: 0, program_count: 0 } } },
          { Update: { TableName: table(), Key: catalogueKeys.area(area.category_id, area.area_id), UpdateExpression: 'ADD courses_count :one', ExpressionAttributeValues: { ':one': 1 } } },
          {
            Update: {
              TableName: table(),
              Key: catalogueKeys.category(area.category_id),
              UpdateExpression: 'ADD courses_count :one, lessons_count :l, codes_count :p',
              ExpressionAttributeValues: { ':one': 1, ':l': lessonsTotal, ':p': programs },
            },
          },
        ],
      }),
    );
  } catch (error) {
    logger.error('course import failed; removing the partial copy', { error: error as Error, courseId });
    await removePartition(courseId).catch(() => undefined);
    throw error;
  }
  await storeRecount(courseId);
  // The leaderboard's filter lists name every course: the imported one is offered at once.
  await rebuildLeaderFilters();
  return { message: 'OK' as const, id: courseId };
}

async function removePartition(courseId: number) {
  const items = await queryPartition<{ pk: string; sk: string }>(catalogueKeys.coursePartition(courseId), { ProjectionExpression: 'pk, sk' });
  await batchDelete(items.map((i) => ({ pk: i.pk, sk: i.sk })));
}
