/**
 * Key builders of the teaching domain: the courses on a user's teacher dashboard and the per-lesson
 * progress summaries of a learner that the student tables read (one item per learner and lesson).
 */
import { pad } from '../platform/db/keys';

export const teachingKeys = {
  /** A course on the user's teacher dashboard (add-teacher-group). */
  teacherCourse: (userId: number, courseId: number) => ({ pk: `USER#${userId}`, sk: `TCOURSE#${pad(courseId)}` }),
  /** Every course on the user's dashboard: one Query. */
  teacherCoursesOf: (userId: number) => ({ pk: `USER#${userId}`, prefix: 'TCOURSE#' }),
  /**
   * A learner's progress in one lesson (the tasks table): task id → score, passed, attempts. Kept by
   * the teaching projection from the player's TPROG items, so a table of 30 learners is 30 BatchGet
   * keys instead of 30 × tasks progress items.
   */
  lessonProgress: (userId: number, courseId: number, lessonId: number) => ({ pk: `USER#${userId}`, sk: `LPROG#${pad(courseId)}#${pad(lessonId)}` }),
  /**
   * The task columns of a lesson (task id → type, order, max score), kept by the teaching projection
   * from the task items, so a table reads one small item instead of every task with all its texts.
   */
  lessonTaskHeaders: (lessonId: number) => ({ pk: `TLESSON#${lessonId}`, sk: 'TASKHEADERS' }),
};
