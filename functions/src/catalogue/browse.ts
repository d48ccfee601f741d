/** Student- and admin-facing views of the catalogue: dashboard, lists, preview, course page. */
import { chapterAccess, progressPercent, isAdminRole, permissionLevels } from '@lectio/shared';
import { catalogueKeys } from './keys';
import { createOrGet } from '../platform/db/operations';
import { latestMessages } from '../messages';
import { userCourseItem } from './items';
import { courses as courseEntity, userCourses } from './entities';
import { nextId } from '../platform/db/counters';
import { courseGrants } from '../platform/auth/course-grants';
import type { SessionUser } from '../platform/auth/tokens';
import {
  COMPETITION,
  inLanguage,
  textIn,
  textOr,
  type ChapterItem,
  type LessonItem,
  type UserCourseItem,
} from './model';
import {
  getArea,
  getCategory,
  getCourse,
  getUserCourse,
  listAreaCourses,
  listAreas,
  listCategories,
  listChapters,
  listLessons,
  profileAndCourses,
  userLanguage,
} from './store';

export const NOT_LOGGED_IN_COURSE = 'You are not logged in this course.';

/** Dashboard in three requests: profile + user courses, messages, course items (BatchGet). */
export async function dashboard(userId: number) {
  const [{ profile, userCourses }, messages] = await Promise.all([profileAndCourses(userId), latestMessages(userId, 50)]);
  const langId = profile?.lang_id || 1;
  const courses = await courseEntity.batchGet(userCourses.map((uc) => catalogueKeys.course(uc.course_id)));
  const byId = new Map(courses.map((c) => [c.course_id, c]));
  const list = userCourses
    .filter((uc) => byId.has(uc.course_id))
    .map((uc) => {
      const c = byId.get(uc.course_id)!;
      const done = uc.content_passed + uc.task_passed + uc.program_passed;
      const total = c.content_count + c.task_count + c.program_count;
      return {
        course_id: c.course_id,
        name: textOr(c.names, langId),
        description: textOr(c.descriptions, langId),
        area_color: c.area_color ?? '#AAAAAA',
        content_passed: uc.content_passed,
        content_count: c.content_count,
        task_passed: uc.task_passed,
        task_count: c.task_count,
        program_passed: uc.program_passed,
        program_count: c.program_count,
        progress: progressPercent(done, total),
      };
    });
  return { list, message_list: messages };
}

export async function categories(userId: number) {
  const [langId, list] = await Promise.all([userLanguage(userId), listCategories()]);
  return {
    list: list.map((c) => ({
      category_id: c.category_id,
      title: textOr(c.names, langId),
      color: c.color || '#AAAAAA',
      sort_order: c.category_order,
      areas: { text: 'areas', value: c.areas_count },
      courses: { text: 'courses', value: c.courses_count },
      lessons: { text: 'lessons', value: c.lessons_count },
      codes: { text: 'codes', value: c.codes_count },
    })),
  };
}

export async function areasOf(userId: number, categoryId: number) {
  const [langId, category, areas] = await Promise.all([userLanguage(userId), getCategory(categoryId), listAreas(categoryId)]);
  return {
    areas: areas.map((a) => ({
      id: a.area_id,
      area_name: textOr(a.names, langId),
      area_color: a.color || '#AAAAAA',
      area_icon: a.icon ?? '',
      number_of_courses: a.courses_count,
      area_order: a.area_order,
    })),
    category: { id: category.category_id, name: textOr(category.names, langId), color: category.color || '#AAAAAA' },
  };
}

/** Courses of an area; students get their progress and status (null = not started). */
export async function coursesOf(user: SessionUser, areaId: number, withProgress: boolean) {
  const [langId, area, courses] = await Promise.all([userLanguage(user.userId), getArea(areaId), listAreaCourses(areaId)]);
  const category = await getCategory(area.category_id);
  const mine = withProgress
    ? await userCourses.batchGet(courses.map((c) => catalogueKeys.userCourse(user.userId, c.course_id)))
    : [];
  const progress = new Map(mine.map((uc) => [uc.course_id, uc]));
  return {
    list: courses.map((c) => {
      const uc = progress.get(c.course_id);
      return {
        id: c.course_id,
        title: textOr(c.names, langId),
        description: textOr(c.descriptions, langId),
        task_finished: uc?.task_passed ?? 0,
        task_all: c.task_count,
        program_finished: uc?.program_passed ?? 0,
        program_all: c.program_count,
        content_all: c.content_count,
        course_order: c.course_order,
        course_status: uc ? uc.status : null,
      };
    }),
    area: { id: area.area_id, name: textOr(area.names, langId), color: area.color || '#AAAAAA' },
    category: { id: category.category_id, name: textOr(category.names, langId) },
  };
}

async function courseContext(courseId: number, langId: number) {
  const course = await getCourse(courseId);
  const [area, category] = await Promise.all([getArea(course.area_id), getCategory(course.category_id)]);
  return {
    course,
    courseRef: { id: course.course_id, name: textOr(course.names, langId) },
    areaRef: { id: area.area_id, name: textOr(area.names, langId) },
    categoryRef: { id: category.category_id, name: textOr(category.names, langId) },
  };
}

export async function preview(user: SessionUser, courseId: number) {
  const langId = await userLanguage(user.userId);
  const [ctx, chapters, lessons, uc] = await Promise.all([
    courseContext(courseId, langId),
    listChapters(courseId),
    listLessons(courseId),
    getUserCourse(user.userId, courseId),
  ]);
  const chapterlist = chapters
    .filter((ch) => inLanguage(ch, langId))
    .map((ch) => ({
      chapter_id: ch.chapter_id,
      chapter_type: ch.chapter_type,
      name: textIn(ch.names, langId),
      chapter_icon: ch.icon ?? '',
      chapter_order: ch.chapter_order,
      lessons: lessons
        .filter((l: LessonItem) => l.chapter_id === ch.chapter_id && inLanguage(l, langId))
        .map((l) => ({
          lesson_id: l.lesson_id,
          lesson: textIn(l.names, langId),
          lesson_order: l.lesson_order,
          tasks: l.tasks_count,
          programs: l.programs_count,
          tasks_score: l.tasks_score,
          programs_score: l.programs_score,
        })),
    }));
  return {
    message: 'OK' as const,
    info: {
      category: ctx.categoryRef,
      area: ctx.areaRef,
      course: ctx.courseRef,
      title: textOr(ctx.course.names, langId),
      description: textOr(ctx.course.descriptions, langId),
      description_detail: textOr(ctx.course.details, langId),
      course_status: uc ? uc.status : null,
      chapterlist,
    },
  };
}

/**
 * Start course: creates the user's course once. A repeated start (a double click, two tabs) is
 * idempotent: 200 with the user's existing course, also when two starts race each other.
 */
export async function startCourse(user: SessionUser, courseId: number) {
  const course = await getCourse(courseId);
  const existing = await getUserCourse(user.userId, courseId);
  if (existing) return { message: 'OK' as const, user_course_id: existing.user_course_id };
  const userCourseId = await nextId('user_course');
  // A start racing this one may have made the course first: both answer with that one.
  const started = await createOrGet(userCourseItem({ userId: user.userId, courseId, areaId: course.area_id, userCourseId }));
  return { message: 'OK' as const, user_course_id: userCourses.parse(started.item).user_course_id };
}

/** Chapter progress of the user's course, as the lock rule reads it. */
export function chapterProgress(chapter: ChapterItem, uc: UserCourseItem | null) {
  const p = uc?.chapters?.[String(chapter.chapter_id)];
  return {
    tasks: chapter.tasks_count ?? 0,
    tasksFinished: p?.tasks_finished ?? 0,
    programs: chapter.programs_count ?? 0,
    programsFinished: p?.programs_finished ?? 0,
    contents: chapter.contents_count ?? 0,
    contentsFinished: p?.contents_finished ?? 0,
  };
}

/** The course's learning chapters (competitions are apart) with the lock rule applied. */
export function learningChapters(chapters: ChapterItem[], uc: UserCourseItem | null) {
  const learning = chapters.filter((c) => c.chapter_type !== COMPETITION);
  const access = chapterAccess(learning.map((c) => chapterProgress(c, uc)));
  return learning.map((chapter, i) => ({ chapter, active: access[i]! }));
}

/** Ids of the chapters the user may open (server-side lock, used by the player too). */
export async function openChapterIds(userId: number, courseId: number): Promise<Set<number>> {
  const [chapters, uc] = await Promise.all([listChapters(courseId), getUserCourse(userId, courseId)]);
  return new Set(learningChapters(chapters, uc).filter((c) => c.active).map((c) => c.chapter.chapter_id));
}

export async function coursePage(user: SessionUser, courseId: number) {
  const langId = await userLanguage(user.userId);
  const [ctx, chapters, uc] = await Promise.all([courseContext(courseId, langId), listChapters(courseId), getUserCourse(user.userId, courseId)]);
  if (!uc && !isAdminRole(user.roleId)) return { message: NOT_LOGGED_IN_COURSE };
  const learning = learningChapters(chapters, uc);
  const c = ctx.course;
  return {
    message: 'OK' as const,
    course: { ...ctx.courseRef, color: c.area_color ?? '#AAAAAA' },
    area: ctx.areaRef,
    category: ctx.categoryRef,
    chapters_count: learning.length,
    competitions_count: chapters.length - learning.length,
    chapter_list: learning
      .filter(({ chapter }) => inLanguage(chapter, langId))
      .map(({ chapter: ch, active }) => {
        const p = chapterProgress(ch, uc);
        return {
          chapter_id: ch.chapter_id,
          chapter_name: textIn(ch.names, langId),
          chapter_icon: ch.icon ?? '',
          chapter_type: ch.chapter_type,
          chapter_order: ch.chapter_order,
          tasks_finished: p.tasksFinished,
          tasks_nonfinished: Math.max(0, p.tasks - p.tasksFinished),
          programs_finished: p.programsFinished,
          programs_nonfinished: Math.max(0, p.programs - p.programsFinished),
          contents_finished: p.contentsFinished,
          contents_nonfinished: Math.max(0, p.contents - p.contentsFinished),
          active,
        };
      }),
    detail_score: {
      content_passed: uc?.content_passed ?? 0,
      content_count: c.content_count,
      task_passed: uc?.task_passed ?? 0,
      task_count: c.task_count,
      program_passed: uc?.program_passed ?? 0,
      program_count: c.program_count,
      score_task: uc?.score_task ?? 0,
      max_score_task: c.max_score_task,
      score_program: uc?.score_program ?? 0,
      max_score_program: c.max_score_program,
    },
  };
}

/** Permissions behind the Admin dashboard (edit) and the Teacher dashboard (teacher flag). */
export async function courseData(user: SessionUser, courseId: number) {
  const langId = await userLanguage(user.userId);
  const [course, grants] = await Promise.all([getCourse(courseId), courseGrants(user.userId, courseId)]);
  const admin = isAdminRole(user.roleId);
  const permissions = admin ? [{ role_code: 'admin', language_id: 0, sub_obj_id: 0 }, ...grants] : grants;
  return {
    course: { id: course.course_id, name: textOr(course.names, langId) },
    permissions,
    teacherPermissions: admin || grants.some((g) => g.role_code === 'teacher' || permissionLevels[g.role_code] > 999),
  };
}
