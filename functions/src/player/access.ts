/**
 * Who may play what: a learner plays the tasks of a course they started, in a chapter that is
 * open to them (the lock rule of spec/1 §4, computed on the server); a competition's tasks only while
 * the learner's attempt runs (competitions have their own player, the competitions domain keeps the clock). Administrators may open everything (preview).
 */
import { createHmac } from 'node:crypto';
import { CHAPTER_HIDDEN, LESSON_HIDDEN, TASK_HIDDEN, isAdminRole, shownToLearners } from '@lectio/shared';
import { GSI2 } from '../platform/db/schema';
import { derivedKey } from '../platform/config';
import { Forbidden, NotFound } from '../platform/http/errors';
import type { SessionUser } from '../platform/auth/tokens';
import { COMPETITION, type ChapterItem, type LessonItem, type UserCourseItem } from '../catalogue';
import { getUserCourse, listChapters } from '../catalogue';
import { learningChapters, NOT_LOGGED_IN_COURSE } from '../catalogue';
import { catalogueKeys, chapters as chapterItems } from '../catalogue';
import { keys } from '../platform/db/keys';
import { playerChapters, playerLessons } from './authored';
import type { TaskItem } from '../catalogue';
import { assertAttemptRunning } from '../competitions';

export const CHAPTER_LOCKED = 'This chapter is locked. Finish the previous chapter first.';
export const COMPETITION_ELSEWHERE = 'Competition tasks are played in the competition.';

export async function getChapterById(chapterId: number): Promise<ChapterItem> {
  const { items } = await chapterItems.queryPage({ IndexName: GSI2, KeyConditionExpression: 'gsi2pk = :k', ExpressionAttributeValues: { ':k': keys.byIdPartition('CHAPTER', chapterId) } });
  const item: ChapterItem | undefined = items[0];
  if (!item) throw new NotFound('Chapter not found.');
  return item;
}

export async function getChapter(courseId: number, chapterId: number): Promise<ChapterItem> {
  const chapter = await chapterItems.get(catalogueKeys.chapter(courseId, chapterId));
  if (!chapter) throw new NotFound('Chapter not found.');
  return chapter;
}

/** The learner's course when the chapter is open to them (spec/1 §4 lock rule); anything goes for an administrator. */
function checkPlayable(user: SessionUser, chapter: ChapterItem, uc: UserCourseItem | null, chapters: ChapterItem[]) {
  const admin = isAdminRole(user.roleId);
  if (admin) return uc;
  if (!uc) throw new Forbidden(NOT_LOGGED_IN_COURSE);
  const open = learningChapters(chapters, uc).find((c) => c.chapter.chapter_id === chapter.chapter_id)?.active ?? false;
  if (!open) throw new Forbidden(CHAPTER_LOCKED);
  return uc;
}

/** A chapter or lesson hidden in every language is not played by learners (administrators preview it). */
export function assertShown(user: SessionUser, item: ChapterItem | LessonItem, message: typeof CHAPTER_HIDDEN | typeof LESSON_HIDDEN): void {
  if (!isAdminRole(user.roleId) && !shownToLearners(item.names, item.visible)) throw new NotFound(message);
}

/**
 * May a learner play (be served, evaluate, run, buy help for) this task? Not when the task is hidden
 * in every language, nor when its lesson or chapter is: 404 with TASK_HIDDEN, before anything is
 * scored or charged. Administrators may (preview). Two cached reads (the course's chapters and
 * lessons); every learner entry that reads a task calls it, the judge's too.
 */
export async function learnerMayPlayTask(
  user: SessionUser,
  task: Pick<TaskItem, 'course_id' | 'chapter_id' | 'lesson_id' | 'contents' | 'visible'>,
  /** When the API received the request: a competition answer is on time when its attempt ran then. */
  receivedAt = Date.now(),
): Promise<{ competitionId: number | null }> {
  if (isAdminRole(user.roleId)) return { competitionId: null };
  if (!shownToLearners(task.contents, task.visible)) throw new NotFound(TASK_HIDDEN);
  const [chapters, lessons] = await Promise.all([playerChapters(task.course_id), playerLessons(task.course_id)]);
  const chapter = chapters.find((c) => c.chapter_id === task.chapter_id);
  const lesson = lessons.find((l) => l.lesson_id === task.lesson_id);
  if (!chapter || !lesson || !shownToLearners(chapter.names, chapter.visible) || !shownToLearners(lesson.names, lesson.visible)) throw new NotFound(TASK_HIDDEN);
  // A competition task is answered, saved and run only while the learner's attempt runs (the server's clock).
  if (chapter.chapter_type !== COMPETITION) return { competitionId: null };
  await assertAttemptRunning(user.userId, chapter.chapter_id, receivedAt);
  return { competitionId: chapter.chapter_id };
}

/** The chapter belongs to the course and is not a competition (played elsewhere), for learners. */
function checkChapter(user: SessionUser, courseId: number, chapter: ChapterItem) {
  if (chapter.course_id !== courseId) throw new NotFound('Chapter not found.');
  if (chapter.chapter_type === COMPETITION && !isAdminRole(user.roleId)) throw new Forbidden(COMPETITION_ELSEWHERE);
}

/**
 * The learner's course, after checking the chapter may be played. Returns null for an administrator
 * who has not started the course (preview).
 */
export async function assertPlayable(user: SessionUser, courseId: number, chapter: ChapterItem): Promise<UserCourseItem | null> {
  checkChapter(user, courseId, chapter);
  const [uc, chapters] = await Promise.all([getUserCourse(user.userId, courseId), listChapters(courseId)]);
  return checkPlayable(user, chapter, uc, chapters);
}

/**
 * The checks of `assertPlayable` for a task's chapter, which is found in the course's chapter list
 * (read through the player's cache, with the learner's course at once). Returns the chapter too.
 */
export async function assertTaskPlayable(
  user: SessionUser,
  task: { course_id: number; chapter_id: number },
  options: {
    /** A check of the chapter that goes first (e.g. what may be bought in it). */
    first?: (chapter: ChapterItem) => void;
    /** The learner's course when the caller has read it already (null: not started). */
    uc?: UserCourseItem | null;
    /** When the API received the request (a competition's attempt must have run then). */
    receivedAt?: number;
  } = {},
): Promise<{ chapter: ChapterItem; uc: UserCourseItem | null }> {
  const { first } = options;
  const [uc, chapters] = await Promise.all([
    options.uc !== undefined ? options.uc : getUserCourse(user.userId, task.course_id),
    playerChapters(task.course_id),
  ]);
  const chapter = chapters.find((c) => c.chapter_id === task.chapter_id);
  if (!chapter) throw new NotFound('Chapter not found.');
  first?.(chapter);
  if (chapter.chapter_type === COMPETITION && !isAdminRole(user.roleId) && chapter.course_id === task.course_id) {
    // Played in the competition player: no course lock, the attempt must run (learnerMayPlayTask asks it too).
    await assertAttemptRunning(user.userId, chapter.chapter_id, options.receivedAt);
    return { chapter, uc };
  }
  checkChapter(user, task.course_id, chapter);
  return { chapter, uc: checkPlayable(user, chapter, uc, chapters) };
}

/**
 * The seed of a learner's option order for a task: an HMAC with a key derived for it from the server
 * secret, so the order is stable for the learner (answers refer to it) but cannot be computed by the learner.
 */
export async function learnerSeed(userId: number, taskId: number): Promise<number> {
  return createHmac('sha256', await derivedKey('task-order')).update(`${userId}:${taskId}`).digest().readUInt32BE(0);
}
