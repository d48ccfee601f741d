/** The learner's lesson list of a chapter and the tasks of a lesson (spec/3 §3, §7). */
import { CHAPTER_HIDDEN, LESSON_HIDDEN, hasHelp, isAdminRole, learnerContent, learnerGlobals, shownIn, shownToLearners, taskStatus, type PlayerTask } from '@lectio/shared';
import { playerKeys } from './keys';
import { NotFound } from '../platform/http/errors';
import type { SessionUser } from '../platform/auth/tokens';
import { inLanguage, textIn, textOr, type LessonItem } from '../catalogue';
import { getArea, getCategory, getCourse, listLessons, userLanguage } from '../catalogue';
import { listLessonTasks, maxScoreOf, type TaskItem } from '../catalogue';
import { assertPlayable, assertShown, getChapterById, learnerSeed } from './access';
import { playerLessons } from './authored';
import { taskProgress, type TaskProgressItem } from './entities';

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
  const done = uc?.lessons ?? {};
  const lesson_list = lessons
    .filter((l: LessonItem) => l.chapter_id === chapterId && inLanguage(l, langId))
    .map((l) => {
      const p = done[String(l.lesson_id)] ?? { tasks_finished: 0, programs_finished: 0, contents_finished: 0 };
      return {
        lesson_id: l.lesson_id,
        lesson_name: textIn(l.names, langId),
        lesson_order: l.lesson_order,
        tasks_nonfinished: Math.max(0, (l.tasks_count ?? 0) - p.tasks_finished),
        programs_nonfinished: Math.max(0, (l.programs_count ?? 0) - p.programs_finished),
        max_tasks: l.tasks_count ?? 0,
        max_programs: l.programs_count ?? 0,
        contents_nonfinished: Math.max(0, (l.contents_count ?? 0) - p.contents_finished),
        max_contents: l.contents_count ?? 0,
      };
    });
  return {
    message: 'OK' as const,
    lesson_list,
    course: { id: course.course_id, name: textOr(course.names, langId) },
    chapter: { id: chapter.chapter_id, name: textOr(chapter.names, langId), chapter_type: chapter.chapter_type },
    area: { id: area.area_id, name: textOr(area.names, langId) },
    category: { id: category.category_id, name: textOr(category.names, langId) },
    user_course_id: uc?.user_course_id ?? 0,
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
  p?.help_showed === 1 || p?.answer_showed === 1;

/** The help text of a stored content (types 2-7), '' when none. */
export function helpOf(task: TaskItem, lang: string): string {
  try {
    const parsed = JSON.parse(task.contents?.[lang] ?? '') as { help?: unknown };
    return typeof parsed.help === 'string' ? parsed.help : '';
  } catch {
    return '';
  }
}

/** What a task the learner has not touched shows. */
const NOT_STARTED = { score: 0, passed: 0, first_time: 1, answer_showed: 0, help_showed: 0, rating: 0, teacher_score: 0, attempts: 0 } as const;

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
  const q = p ?? NOT_STARTED;
  const state = {
    task_type_id: task.task_type_id,
    score: q.score,
    max_score: maxScore,
    passed: q.passed,
    first_time: q.first_time,
    answer_showed: q.answer_showed,
  };
  return {
    task_id: task.task_id,
    task_type_id: task.task_type_id,
    task_order: task.task_order,
    course_id: task.course_id,
    user_course_id: userCourseId,
    content,
    globals: learnerGlobals(task.task_type_id, task.globals),
    data: { content, globals: learnerGlobals(task.task_type_id, task.globals) },
    score: state.score,
    max_score: maxScore,
    rating: q.rating,
    passed: state.passed,
    first_time: state.first_time,
    help_showed: q.help_showed,
    answer_showed: q.answer_showed,
    help: earned ? helpOf(task, lang) : '',
    has_help: hasHelp(helpOf(task, lang)) ? 1 : 0,
    teacher_score: q.teacher_score,
    attempts: q.attempts,
    attempt_list: p?.last_at ? [{ time_stamp: p.last_at, score: p.last_score ?? 0, rating: p.last_rating ?? 0, answer: p.last_answer ?? '' }] : [],
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
  const progress = await taskProgress.batchGet(mine.map((t) => playerKeys.taskProgress(user.userId, courseId, t.task_id)));
  const byTask = new Map(progress.map((p) => [p.task_id, p]));
  const userCourseId = uc?.user_course_id ?? 0;
  const task_list = await Promise.all(mine.map((t) => toPlayerTask(user, t, byTask.get(t.task_id) ?? null, langId, userCourseId)));
  return { task_list, user_course_id: userCourseId, status: uc?.status ?? 'preview', time_limit: 0, spent_time: 0 };
}
