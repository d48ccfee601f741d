/**
 * One student seen by their teacher (issue 21 item 5, spec/3 "Teacher screens": student_detail and
 * student_chapter): the courses the caller teaches the student in, with the student's chapter scores
 * (the player's UCOURSE aggregates), and one chapter's lessons and tasks with the student's scores
 * (UCOURSE lessons, LPROG task summaries). A teacher sees a student only through a group of the course
 * they see (teacherView) that the student is a member of; anyone else gets 403 with no data.
 */
import { catalogueKeys, getArea, getChapter, getCourse, textOr, userCourses, userLanguage } from '../catalogue';
import { relationsOfUser, type GroupRef } from '../groups';
import { DomainError, Forbidden } from '../platform/http/errors';
import { lessonProgress } from './entities';
import { teachingKeys } from './keys';
import { chapterColumn, chapterLessons, courseChapters, lessonColumn, lessonTaskColumns, type Column } from './headers';
import { teacherView, type Caller } from './access';
import { myCourseIds } from './dashboard';
import { studentNames } from './names';
import { cell, chapterOf, courseAggregates, placeOf, studentRow, taskCell } from './tables';

interface Membership {
  groups: GroupRef[];
  byKey: boolean;
}

/** The student's member relations, by group id. */
export async function membershipsOf(studentId: number) {
  const relations = (await relationsOfUser(studentId)).filter((r) => r.role === 'member');
  return new Map(relations.map((r) => [r.group_id, r.by_key]));
}

/** The caller's groups of the course the student is a member of (empty when the caller teaches nothing there). */
async function sharedGroups(user: Caller, courseId: number, memberOf: Map<number, boolean>): Promise<Membership> {
  const view = await teacherView(user, courseId).catch((error: unknown) => {
    if (error instanceof DomainError) return null; // refused or a deleted course: not one of the caller's
    throw error;
  });
  const groups = (view?.groups ?? []).filter((g) => memberOf.has(g.id));
  return { groups, byKey: groups.some((g) => memberOf.get(g.id)) };
}

/** The student's header: full name only if they joined one of the shared groups by key. */
async function headerOf(studentId: number, byKey: boolean) {
  const names = await studentNames([studentId]);
  const { name, surname } = studentRow(studentId, 0, byKey, names.get(studentId));
  return { id: studentId, name, surname };
}

const scored = (column: Column, counts: Parameters<typeof cell>[1]) => ({ ...column, ...cell(column.id, counts) });

/** get-student-detail: the courses the caller teaches the student in (Forbidden when none). */
export async function studentDetail(user: Caller, studentId: number) {
  const [memberOf, started, dashboard, langId] = await Promise.all([
    membershipsOf(studentId),
    userCourses.queryPrefix(catalogueKeys.userCourses(studentId)),
    myCourseIds(user.userId),
    userLanguage(user.userId),
  ]);
  if (!memberOf.size) throw new Forbidden();
  const aggregates = new Map(started.map((u) => [u.course_id, u]));
  const courseIds = [...new Set([...aggregates.keys(), ...dashboard])].sort((a, b) => a - b);
  const shared = await Promise.all(courseIds.map(async (courseId) => ({ courseId, ...(await sharedGroups(user, courseId, memberOf)) })));
  const taught = shared.filter((s) => s.groups.length);
  if (!taught.length) throw new Forbidden();
  const courses = await Promise.all(
    taught.map(async ({ courseId, groups }) => {
      const [course, chapters] = await Promise.all([getCourse(courseId), courseChapters(courseId)]);
      const area = await getArea(course.area_id).catch(() => null);
      const counts = aggregates.get(courseId)?.chapters ?? {};
      return {
        id: courseId,
        course_name: textOr(course.names, langId),
        area_name: textOr(area?.names, langId),
        area_color: area?.color ?? course.area_color ?? '',
        groups: groups.map((g) => ({ id: g.id, group_name: g.name })),
        chapters: chapters.map((c) => scored(chapterColumn(c, langId), counts[String(c.chapter_id)])),
      };
    }),
  );
  return { student: await headerOf(studentId, taught.some((t) => t.byKey)), courses };
}

/** get-student-chapter: one chapter's lessons and tasks with the student's scores (Forbidden unless the caller teaches the student in its course). */
export async function studentChapter(user: Caller, studentId: number, chapterId: number) {
  const { course_id: courseId } = await getChapter(chapterId);
  const shared = await sharedGroups(user, courseId, await membershipsOf(studentId));
  if (!shared.groups.length) throw new Forbidden();
  const langId = await userLanguage(user.userId);
  const [chapter, lessons, place, aggregates, student] = await Promise.all([
    chapterOf(courseId, chapterId),
    chapterLessons(courseId, chapterId),
    placeOf(courseId, langId),
    courseAggregates(courseId, [studentId]),
    headerOf(studentId, shared.byKey),
  ]);
  const counts = aggregates.get(studentId);
  const [columns, summaries] = await Promise.all([
    Promise.all(lessons.map((l) => lessonTaskColumns(l.lesson_id))),
    lessonProgress.batchGet(lessons.map((l) => teachingKeys.lessonProgress(studentId, courseId, l.lesson_id))),
  ]);
  const byLesson = new Map(summaries.map((s) => [s.lesson_id, s.tasks]));
  return {
    ...place,
    chapter: { id: chapterId, name: textOr(chapter.names, langId) },
    student,
    chapter_score: scored(chapterColumn(chapter, langId), counts?.chapters[String(chapterId)]),
    lessons: lessons.map((l, i) => {
      const tasks = byLesson.get(l.lesson_id) ?? {};
      return {
        ...scored(lessonColumn(l, langId), counts?.lessons[String(l.lesson_id)]),
        tasks: (columns[i] ?? []).map((c) => {
          const t = taskCell(c, tasks[String(c.id)]);
          return { ...c, score: t.score_tasks + t.score_programs, passed: t.passed, attempts: t.attempts };
        }),
      };
    }),
  };
}
