/**
 * The catalogue domain's part of the first-start seed: the demo catalogue (categories, areas,
 * courses with chapters, lessons and tasks) and the demo student's started course. Items come from
 * the same builders the admin forms use (items.ts). Demo learners for the leaderboard: demo-learners.ts.
 */
import { specTimeInDays } from '@lectio/shared';
import { batchPut } from '../platform/db/batch';
import { nextId, nextIds } from '../platform/db/counters';
import { startCourse } from '../catalogue/browse';
import { refreshCourse } from '../catalogue/courses';
import { demoCatalogue, type DemoCourse } from './content';
import { areaItem, categoryItem, chapterItem, courseItem, courseListingItem, lessonItem } from '../catalogue/items';
import { listLessonTasks, taskItem } from '../catalogue/task-items';
import { recordResult } from '../player/progress';
import { recountUserCourse } from '../player/projection';
import { COMPETITION, taskKind } from '../catalogue/model';
import { listChapters, listLessons } from '../catalogue/store';
import { rebuildLeaderFilters } from '../catalogue/leaderboard';

const i18n = (t: { en: string; sk: string }) => ({ 1: t.en, 2: t.sk });
const visibleInBoth = { 1: 1, 2: 1 };

const at = (offsetDays: number) => specTimeInDays(offsetDays);

async function seedCourse(course: DemoCourse, area: { area_id: number; category_id: number; color: string }, order: number) {
  // The course's ids in one counter update per kind (the same ids as taken one at a time in this order).
  const lessonsOf = course.chapters.flatMap((c) => c.lessons);
  const [courseId, firstChapter, firstLesson, firstTask] = await Promise.all([
    nextId('course'),
    nextIds('chapter', course.chapters.length),
    nextIds('lesson', lessonsOf.length),
    nextIds('task', lessonsOf.reduce((sum, l) => sum + l.tasks.length, 0)),
  ]);
  let chapterIds = firstChapter;
  let lessonIds = firstLesson;
  let taskIds = firstTask;
  const items: Record<string, unknown>[] = [];
  const newCourse = {
    id: courseId,
    area,
    order,
    names: i18n(course.name),
    descriptions: i18n(course.description),
    details: i18n(course.detail),
    fileExtension: course.extension,
    editorTemplate: course.template,
  };
  items.push(courseListingItem(newCourse), courseItem(newCourse));
  let lessons = 0;
  let programs = 0;
  for (const [ci, chapter] of course.chapters.entries()) {
    const chapterId = chapterIds++;
    const comp = chapter.competition;
    items.push(
      chapterItem({
        id: chapterId,
        courseId,
        order: ci + 1,
        type: chapter.type ?? 1,
        names: i18n(chapter.name),
        visible: visibleInBoth,
        ...(comp
          ? {
              extra: {
                time_limit: comp.time_limit,
                comp_key: comp.key ?? '',
                check_OB: 1,
                check_OE: 1,
                open_begin: comp.open_begin ?? at(-1),
                open_end: comp.open_end ?? at(30),
                check_RB: 0,
                check_RE: 0,
              },
            }
          : {}),
      }),
    );
    for (const [li, lesson] of chapter.lessons.entries()) {
      const lessonId = lessonIds++;
      lessons++;
      const of = (kind: 'task' | 'program' | 'content') => lesson.tasks.filter((t) => taskKind(t.type) === kind);
      items.push(
        lessonItem({
          id: lessonId,
          chapterId,
          courseId,
          order: li + 1,
          names: i18n(lesson.name),
          visible: visibleInBoth,
          counts: {
            tasks_count: of('task').length,
            programs_count: of('program').length,
            contents_count: of('content').length,
            tasks_score: of('task').reduce((s, t) => s + (t.max_score ?? 0), 0),
            programs_score: of('program').reduce((s, t) => s + (t.max_score ?? 0), 0),
          },
        }),
      );
      for (const [ti, task] of lesson.tasks.entries()) {
        const taskId = taskIds++;
        if (taskKind(task.type) === 'program') programs++;
        items.push(
          taskItem({
            task_id: taskId,
            lesson_id: lessonId,
            chapter_id: chapterId,
            course_id: courseId,
            task_type_id: task.type,
            task_order: ti + 1,
            max_score: String(task.max_score ?? 0),
            globals: task.globals ?? '',
            contents: i18n(task.html),
            visible: visibleInBoth,
          }),
        );
      }
    }
  }
  await batchPut(items);
  await refreshCourse(courseId);
  return { courseId, lessons, programs };
}

/** Loads the demo catalogue; returns the id of the first course (Python basics) and of every course. */
export async function seedDemoContent(): Promise<{ first: number; courses: number[] }> {
  let first = 0;
  const courses: number[] = [];
  for (const [ci, category] of demoCatalogue.entries()) {
    const categoryId = await nextId('category');
    const counts = { areas_count: 0, courses_count: 0, lessons_count: 0, codes_count: 0 };
    for (const [ai, area] of category.areas.entries()) {
      const areaId = await nextId('area');
      counts.areas_count++;
      await batchPut([
        areaItem({ id: areaId, categoryId, order: ai + 1, color: area.color, icon: area.icon, icon2: '', names: i18n(area.name), coursesCount: area.courses.length }),
      ]);
      for (const [oi, course] of area.courses.entries()) {
        const seeded = await seedCourse(course, { area_id: areaId, category_id: categoryId, color: area.color }, oi + 1);
        first ||= seeded.courseId;
        courses.push(seeded.courseId);
        counts.courses_count++;
        counts.lessons_count += seeded.lessons;
        counts.codes_count += seeded.programs;
      }
    }
    await batchPut([categoryItem({ id: categoryId, order: ci + 1, color: category.color, names: i18n(category.name), counts })]);
  }
  // The leaderboard's filter lists are a projection of the tree: built here, not on the first read.
  await rebuildLeaderFilters();
  return { first, courses };
}

/** The student has started the course and read its first chapter. */
export async function seedStudentCourse(studentId: number, courseId: number) {
  const chapters = (await listChapters(courseId)).filter((c) => c.chapter_type !== COMPETITION);
  const first = chapters[0]!;
  await startCourse({ userId: studentId, roleId: 1, jti: 'seed', sid: 'seed', exp: 0 }, courseId);
  // The content tasks of the first chapter are read: recorded like the player records a viewing.
  const lessons = (await listLessons(courseId)).filter((l) => l.chapter_id === first.chapter_id);
  for (const lesson of lessons) {
    for (const task of await listLessonTasks(lesson.lesson_id)) {
      if (taskKind(task.task_type_id) === 'content') await recordResult({ userId: studentId, task, rating: 100, answer: '', timeLength: 60, passOnly: true });
    }
  }
  await recountUserCourse(studentId, courseId);
}
