/**
 * Key builders of the player domain: a learner's progress on a task and attempts at it (under the
 * user), error reports of a course, and the activity log.
 */
import { pad } from '../platform/db/keys';

export const playerKeys = {
  /**
   * A learner's progress on one task. Under the user, sorted by course then task, so one Query
   * reads a learner's progress in a course; a teacher table (students × tasks) is BatchGets of
   * these keys (ceil(students × tasks / 100) requests). No GSI: every evaluation writes this item.
   */
  taskProgress: (userId: number, courseId: number, taskId: number) => ({ pk: `USER#${userId}`, sk: `TPROG#${pad(courseId)}#${pad(taskId)}` }),
  /** A learner's progress in a course (every task). */
  progressInCourse: (userId: number, courseId: number) => ({ pk: `USER#${userId}`, prefix: `TPROG#${pad(courseId)}#` }),
  /** One evaluation attempt (written by the progress projection; attempt numbers start at 1). */
  taskAttempt: (userId: number, taskId: number, attempt: number) => ({ pk: `USER#${userId}`, sk: `TATT#${pad(taskId)}#${pad(attempt, 6)}` }),
  /** A learner's attempts at a task. */
  attemptsAt: (userId: number, taskId: number) => ({ pk: `USER#${userId}`, prefix: `TATT#${pad(taskId)}#` }),
  /** Error reports of a course's tasks, newest last (teachers/authors read them per course). */
  errorReport: (courseId: number, at: string, userId: number, taskId: number) => ({ pk: `REPORTS#${courseId}`, sk: `${at}#${pad(userId, 10)}#${pad(taskId)}` }),
  /** The reporter's copy of an error report, so a learner lists their own reports of a task. */
  myErrorReport: (userId: number, taskId: number, at: string) => ({ pk: `USER#${userId}`, sk: `EREP#${pad(taskId)}#${at}` }),
  /** A learner's error reports of a task. */
  myErrorReportsOn: (userId: number, taskId: number) => ({ pk: `USER#${userId}`, prefix: `EREP#${pad(taskId)}#` }),
  /** An essay or GenAI attempt (types 16, 17), ordered by its id within the task. */
  essayAttempt: (userId: number, taskId: number, attemptId: number) => ({ pk: `USER#${userId}`, sk: `ESSAY#${pad(taskId)}#${pad(attemptId, 10)}` }),
  /** A learner's essay or GenAI attempts at a task. */
  essayAttemptsAt: (userId: number, taskId: number) => ({ pk: `USER#${userId}`, prefix: `ESSAY#${pad(taskId)}#` }),
  /** GSI2: an essay attempt by its id (the teacher's review names only the id). */
  essayAttemptById: (attemptId: number) => ({ gsi2pk: `EATT#${attemptId}`, gsi2sk: 'EATT' }),
  /** A learner's essay state on a task: the last saved answer and the lock of a teacher comment. */
  essayState: (userId: number, taskId: number) => ({ pk: `USER#${userId}`, sk: `ESSAYST#${pad(taskId)}` }),
};
