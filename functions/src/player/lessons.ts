/** The learner's lesson list of a chapter and the tasks of a lesson (spec/3 §3, §7). */
import { CHAPTER_HIDDEN, LESSON_HIDDEN, hasHelp, isAdminRole, learnerContent, shownIn, shownToLearners, taskStatus, type PlayerTask } from '@lectio/shared';
import { playerKeys } from './keys';
import { NotFound } from '../platform/http/errors';
import type { SessionUser } from '../platform/auth/tokens';
import { inLanguage, textIn, textOr, type LessonItem } from '../catalogue';
import { batchGet, getArea, getCategory, getCourse, listLessons, userLanguage } from '../catalogue';
import { listLessonTasks, maxScoreOf, type TaskItem } from '../catalogue';
import { assertPlayable, assertShown, getChapterById, learnerSeed } from './access';
import { playerLessons } from './authored';
import type { TaskProgressItem } from './progress';

const n = (v: unknown) => Number(v ?? 0);

export async function activeLessons(user: SessionUser, chapterId: number) {
  const chapter = await getChapterById(chapterId);
  assertShown(user, chapter, CHAPTER_HIDDEN);
  const [langId, course, uc, lessons] = await Promise.all([
    userLanguage(user.userId),
    getCourse(chapter.course_id),
    assertPlayable(user, chapter.course_id, chapter),
    listLessons(chapter.course_id),
  ]);
  const [area, category] = await Promise.all([getArea(course.area_id), getCategory(course.category_id)]);
  const done = (uc as { lessons?: Record<string, { tasks_finished?: number; programs_finished?: number; contents_finished?: number }> } | null)?.lessons ?? {};
  const lesson_list = lessons
    .filter((l: LessonItem) => l.chapter_id === chapterId && inLanguage(l, langId))
    .map((l) => {
      const p = done[String(l.lesson_id)] ?? {};
      return {
        lesson_id: l.lesson_id,
        lesson_name: textIn(l.names, langId),
        lesson_order: l.lesson_order,
        tasks_nonfinished: Math.max(0, n(l.tasks_count) - n(p.tasks_finished)),
        programs_nonfinished: Math.max(0, n(l.programs_count) - n(p.programs_finished)),
        max_tasks: n(l.tasks_count),
        max_programs: n(l.programs_count),
        contents_nonfinished: Math.max(0, n(l.contents_count) - n(p.contents_finished)),
        max_contents: n(l.contents_count),
      };
    });
  return {
    message: 'OK' as const,
    lesson_list,
    course: { id: course.course_id, name: textOr(course.names, langId) },
    chapter: { id: chapter.chapter_id, name: textOr(chapter.names, langId), chapter_type: chapter.chapter_type },
    area: { id: area.area_id, name: textOr(area.names, langId) },
    category: { id: category.category_id, name: textOr(category.names, langId) },
    user_course_id: n(uc?.user_course_id),
  };
}

/** The language a learner reads a task in: theirs when translated and visible, else English, else any. */
export function taskLanguage(task: Pick<TaskItem, 'contents' | 'visible'>, langId: number): string {
  const shown = (l: string) => shownIn(task.contents, task.visible, l);
  if (shown(String(langId))) return String(langId);
  if (shown('1')) return '1';
  return Object.keys(task.contents ?? {}).find(shown) ?? String(langId);
}

/** Whether help was earned: bought, or the answer shown. */
export const helpEarned = (p: Pick<TaskProgressItem, 'help_showed' | 'answer_showed'> | null | undefined) =>
  n(p?.help_showed) === 1 || n(p?.answer_showed) === 1;

/** The help text of a stored content (types 2-7), '' when none. */
export function helpOf(task: TaskItem, lang: string): string {
  try {
    const parsed = JSON.parse(task.contents?.[lang] ?? '') as { help?: unknown };
    return typeof parsed.help === 'string' ? parsed.help : '';
  } catch {
    return '';
  }
}

/** One task as the learner sees it (nothing unearned). */
export async function toPlayerTask(user: SessionUser, task: TaskItem, p: TaskProgressItem | null, langId: number, userCourseId: number): Promise<PlayerTask> {
  const lang = taskLanguage(task, langId);
  const earned = helpEarned(p);
  let content = '';
  try {
    content = learnerContent({ type: task.task_type_id, content: task.contents?.[lang] ?? '', seed: await learnerSeed(user.userId, task.task_id), helpEarned: earned });
  } catch {
    content = ''; // malformed stored content is shown as empty, never as the raw text
  }
  const maxScore = maxScoreOf(task);
  const state = {
    task_type_id: task.task_type_id,
    score: n(p?.score),
    max_score: maxScore,
    passed: n(p?.passed),
    first_time: p ? n(p.first_time) : 1,
    answer_showed: n(p?.answer_showed),
  };
  return {
    task_id: task.task_id,
    task_type_id: task.task_type_id,
    task_order: task.task_order,
    course_id: task.course_id,
    user_course_id: userCourseId,
    content,
    globals: '',
    data: { content, globals: '' },
    score: state.score,
    max_score: maxScore,
    rating: n(p?.rating),
    passed: state.passed,
    first_time: state.first_time,
    help_showed: n(p?.help_showed),
    answer_showed: n(p?.answer_showed),
    help: earned ? helpOf(task, lang) : '',
    has_help: hasHelp(helpOf(task, lang)) ? 1 : 0,
    teacher_score: n(p?.teacher_score),
    attempts: n(p?.attempts),
    attempt_list: p?.last_at ? [{ time_stamp: p.last_at, score: n(p.last_score), rating: n(p.last_rating), answer: p.last_answer ?? '' }] : [],
    comment: p?.comment ?? '',
    UCT_id: p ? task.task_id : 0,
    status: taskStatus(state),
  };
}

export async function activeTasks(user: SessionUser, courseId: number, chapterId: number, lessonId: number) {
  const chapter = await getChapterById(chapterId);
  assertShown(user, chapter, CHAPTER_HIDDEN);
  const [uc, langId, tasks, lessons] = await Promise.all([assertPlayable(user, courseId, chapter), userLanguage(user.userId), listLessonTasks(lessonId), playerLessons(courseId)]);
  const lesson = lessons.find((l) => l.lesson_id === lessonId && l.chapter_id === chapterId);
  if (lesson) assertShown(user, lesson, LESSON_HIDDEN);
  const ofLesson = tasks.filter((t) => t.chapter_id === chapterId && t.course_id === courseId);
  if (tasks.length > 0 && ofLesson.length === 0) throw new NotFound('Lesson not found.');
  // A task hidden in every language is not served (administrators preview it).
  const mine = isAdminRole(user.roleId) ? ofLesson : ofLesson.filter((t) => shownToLearners(t.contents, t.visible));
  const progress = await batchGet<TaskProgressItem>(mine.map((t) => playerKeys.taskProgress(user.userId, courseId, t.task_id)));
  const byTask = new Map(progress.map((p) => [p.task_id, p]));
  const userCourseId = n(uc?.user_course_id);
  const task_list = await Promise.all(mine.map((t) => toPlayerTask(user, t, byTask.get(t.task_id) ?? null, langId, userCourseId)));
  return { task_list, user_course_id: userCourseId, status: uc?.status ?? 'preview', time_limit: 0, spent_time: 0 };
}
