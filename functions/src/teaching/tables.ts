/**
 * The student tables (spec/3 "Teacher screens", §3 student rows): the students of the caller's groups
 * by chapter, lesson and task, the task detail with each student's attempts, and the competition
 * chapters. Reads per table are bounded by the students shown: their names (one BatchGet), the
 * course aggregates the player keeps (UCOURSE, chapters and lessons) or the teaching lesson summaries
 * (LPROG, tasks): one BatchGet key per student, never a progress item per task.
 */
import { CHAPTER, COMPETITION, catalogueKeys, getArea, getCategory, getCourse, textOr, userCourses, userLanguage } from '../catalogue';
import { essayAttemptsOf, playerKeys } from '../player';
import { isEssayType } from '@lectio/shared';
import { membersOfGroups } from '../groups';
import { studentNames } from './names';
import { NotFound } from '../platform/http/errors';
import { attemptView, lessonProgress, progressView, type LessonTaskCell } from './entities';
import { teachingKeys } from './keys';
import { chapterColumn, chapterLessons, courseChapters, lessonColumn, lessonTaskColumns, type TaskColumn } from './headers';
import { teacherView, type Caller, type TeacherView } from './access';

export interface StudentRow {
  id: number;
  name: string;
  surname: string;
  group_id: number;
}

/** Pure: a student's row as the teacher may see it (full name only for those who joined by key). */
export function studentRow(id: number, groupId: number, byKey: boolean, names: { name: string; surname: string; nickname: string } | undefined): StudentRow {
  const nickname = names?.nickname ?? '';
  if (byKey && names && (names.name || names.surname)) return { id, name: names.name, surname: names.surname, group_id: groupId };
  return { id, name: nickname, surname: '', group_id: groupId };
}

/** The students of the chosen groups, one row each (the first chosen group they are in), by name. */
export async function roster(view: TeacherView): Promise<StudentRow[]> {
  const order = view.chosen.map((g) => g.id);
  if (!order.length) return [];
  const relations = await membersOfGroups(order);
  const rank = new Map(order.map((id, i) => [id, i]));
  const byStudent = new Map<number, { groupId: number; byKey: boolean }>();
  for (const r of relations.sort((a, b) => rank.get(a.group_id)! - rank.get(b.group_id)!)) {
    const seen = byStudent.get(r.user_id);
    if (seen) seen.byKey ||= r.by_key;
    else byStudent.set(r.user_id, { groupId: r.group_id, byKey: r.by_key });
  }
  const names = await studentNames([...byStudent.keys()]);
  return [...byStudent]
    .map(([id, s]) => studentRow(id, s.groupId, s.byKey, names.get(id)))
    .sort((a, b) => a.surname.localeCompare(b.surname) || a.name.localeCompare(b.name) || a.id - b.id);
}

const groupEntries = (view: TeacherView) => view.groups.map((g) => ({ id: g.id, group_name: g.name }));

/** Breadcrumbs of a course table: category, area, course in the caller's language. */
export async function placeOf(courseId: number, langId: number) {
  const course = await getCourse(courseId);
  const [area, category] = await Promise.all([getArea(course.area_id), getCategory(course.category_id)]);
  return {
    category: { id: category.category_id, name: textOr(category.names, langId) },
    area: { id: area.area_id, name: textOr(area.names, langId) },
    course: { id: courseId, name: textOr(course.names, langId) },
  };
}

/** The course aggregates of the students (UCOURSE: chapters and lessons), by student id. */
export async function courseAggregates(courseId: number, studentIds: number[]) {
  const found = await userCourses.batchGet(studentIds.map((id) => catalogueKeys.userCourse(id, courseId)));
  return new Map(found.map((u) => [u.user_id, u]));
}

type Counts = { tasks_finished: number; programs_finished: number; score_task: number; score_program: number };
export const cell = (id: number, c: Counts | undefined) => ({
  id,
  score_tasks: c?.score_task ?? 0,
  score_programs: c?.score_program ?? 0,
  passed_tasks: c?.tasks_finished ?? 0,
  passed_programs: c?.programs_finished ?? 0,
});

export async function studentsOfCourse(user: Caller, courseId: number, groupIds?: number[]) {
  const view = await teacherView(user, courseId, groupIds);
  return { groups: groupEntries(view), students: await roster(view) };
}

export async function groupsInCourse(user: Caller, courseId: number) {
  return { groups: groupEntries(await teacherView(user, courseId)) };
}

export async function groupsInCourseWithPlace(user: Caller, courseId: number) {
  const view = await teacherView(user, courseId);
  return { ...(await placeOf(courseId, await userLanguage(user.userId))), groups: groupEntries(view) };
}

/** Students × chapters of one chapter type (1 the course's chapters, 2 its competitions). */
async function chapterTable(user: Caller, courseId: number, chapterType: number, groupIds?: number[]) {
  const view = await teacherView(user, courseId, groupIds);
  const [langId, chapters, students] = await Promise.all([userLanguage(user.userId), courseChapters(courseId), roster(view)]);
  const columns = chapters.filter((c) => c.chapter_type === chapterType).map((c) => chapterColumn(c, langId));
  const aggregates = await courseAggregates(courseId, students.map((s) => s.id));
  return {
    langId,
    columns,
    students: students.map((s) => ({ ...s, chapters: columns.map((c) => cell(c.id, aggregates.get(s.id)?.chapters[String(c.id)])) })),
  };
}

export async function chaptersTable(user: Caller, courseId: number, groupIds?: number[]) {
  const { langId, columns, students } = await chapterTable(user, courseId, CHAPTER, groupIds);
  return { ...(await placeOf(courseId, langId)), chapters: columns, students };
}

export async function competitionsTable(user: Caller, courseId: number, groupIds?: number[]) {
  const { columns, students } = await chapterTable(user, courseId, COMPETITION, groupIds);
  return {
    chapters: columns.map((c) => ({ id: c.id, chapter_name: c.name, max_tasks: c.max_tasks, max_programs: c.max_programs })),
    students,
  };
}

export async function chapterOf(courseId: number, chapterId: number) {
  const chapter = (await courseChapters(courseId)).find((c) => c.chapter_id === chapterId);
  if (!chapter) throw new NotFound('Chapter not found.');
  return chapter;
}

export async function lessonsTable(user: Caller, courseId: number, chapterId: number, groupIds?: number[]) {
  const view = await teacherView(user, courseId, groupIds);
  const [langId, chapter, lessons, students] = await Promise.all([
    userLanguage(user.userId),
    chapterOf(courseId, chapterId),
    chapterLessons(courseId, chapterId),
    roster(view),
  ]);
  const columns = lessons.map((l) => lessonColumn(l, langId));
  const [aggregates, place] = await Promise.all([courseAggregates(courseId, students.map((s) => s.id)), placeOf(courseId, langId)]);
  return {
    ...place,
    chapter: { id: chapterId, name: textOr(chapter.names, langId) },
    lessons: columns,
    students: students.map((s) => ({ ...s, lessons: columns.map((c) => cell(c.id, aggregates.get(s.id)?.lessons[String(c.id)])) })),
  };
}

/** The lesson of a chapter of the course (NotFound otherwise). */
async function lessonOf(courseId: number, chapterId: number, lessonId: number) {
  const lesson = (await chapterLessons(courseId, chapterId)).find((l) => l.lesson_id === lessonId);
  if (!lesson) throw new NotFound('Lesson not found.');
  return lesson;
}

async function lessonPlace(user: Caller, courseId: number, chapterId: number, lessonId: number) {
  const langId = await userLanguage(user.userId);
  const [chapter, lesson, place] = await Promise.all([chapterOf(courseId, chapterId), lessonOf(courseId, chapterId, lessonId), placeOf(courseId, langId)]);
  return { ...place, chapter: { id: chapterId, name: textOr(chapter.names, langId) }, lesson: { id: lessonId, name: textOr(lesson.names, langId) } };
}

/** Pure: a task's cell from the learner's lesson summary entry (LPROG). */
export function taskCell(c: TaskColumn, t: LessonTaskCell | undefined) {
  const program = c.max_programs > 0;
  return {
    id: c.id,
    score_tasks: program ? 0 : (t?.s ?? 0),
    score_programs: program ? (t?.s ?? 0) : 0,
    passed_tasks: !program && t?.p === 1 && c.max_tasks > 0 ? 1 : 0,
    passed_programs: program && t?.p === 1 ? 1 : 0,
    passed: t?.p ?? 0,
    attempts: t?.a ?? 0,
  };
}

export async function tasksTable(user: Caller, courseId: number, chapterId: number, lessonId: number, groupIds?: number[]) {
  const view = await teacherView(user, courseId, groupIds);
  const [place, columns, students] = await Promise.all([
    lessonPlace(user, courseId, chapterId, lessonId),
    lessonTaskColumns(lessonId),
    roster(view),
  ]);
  const summaries = new Map(
    (await lessonProgress.batchGet(students.map((s) => teachingKeys.lessonProgress(s.id, courseId, lessonId)))).map((p) => [p.user_id, p.tasks]),
  );
  return {
    ...place,
    tasks: columns,
    students: students.map((s) => {
      const tasks = summaries.get(s.id) ?? {};
      return {
        ...s,
        tasks: columns.map((c) => taskCell(c, tasks[String(c.id)])),
      };
    }),
  };
}

const ATTEMPTS_SHOWN = 20;

export async function taskDetail(user: Caller, courseId: number, chapterId: number, lessonId: number, taskId: number, groupIds?: number[]) {
  const view = await teacherView(user, courseId, groupIds);
  const [place, columns, students] = await Promise.all([
    lessonPlace(user, courseId, chapterId, lessonId),
    lessonTaskColumns(lessonId),
    roster(view),
  ]);
  const task = columns.find((c) => c.id === taskId);
  if (!task) throw new NotFound('Task not found.');
  const progress = new Map(
    (await progressView.batchGet(students.map((s) => playerKeys.taskProgress(s.id, courseId, taskId)))).map((p) => [p.user_id, p]),
  );
  const rows = await Promise.all(
    students.map(async (s) => {
      const p = progress.get(s.id);
      const row = {
        ...s,
        score: p?.score ?? 0,
        rating: p?.rating ?? 0,
        passed: p?.passed ?? 0,
        teacher_score: p?.teacher_score ?? 0,
        comment: p?.comment ?? '',
      };
      if (isEssayType(task.task_type_id)) {
        // essay and GenAI: the learner's saved attempts, each with its id for the review (spec/3 "Teacher screens")
        const essays = (await essayAttemptsOf(s.id, taskId)).list;
        return { ...row, attempts_count: essays.length, attempts: essays.slice(0, ATTEMPTS_SHOWN).map((a, i) => ({ ...a, attempt: essays.length - i })) };
      }
      const attempts = p?.attempts ? await attemptView.latest(playerKeys.attemptsAt(s.id, taskId), ATTEMPTS_SHOWN) : [];
      return {
        ...row,
        attempts_count: p?.attempts ?? 0,
        attempts: attempts.map((a) => ({ attempt: a.attempt, time_stamp: a.time_stamp, score: a.score, rating: a.rating, answer: a.answer })),
      };
    }),
  );
  return { ...place, task, students: rows };
}
