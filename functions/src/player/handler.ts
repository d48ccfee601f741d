/** Player Lambda: lesson list and tasks of a chapter, evaluation, purchases, error reports, activity. */
import { playerRoutes } from '@lectio/shared/api/player';
import { domainHandler } from '../platform/http/router';
import { activeLessons, activeTasks } from './lessons';
import { evaluate, myAnswers, setContentPassed } from './evaluate';
import { myAnswer, myHelp } from './purchases';
import { myErrorReports, writeActivity, writeErrorReport } from './reports';

export const handler = domainHandler('player', [playerRoutes], {
  getActiveLessons2: ({ user, params }) => activeLessons(user, params.chapter_id),
  getActiveTasks2: ({ user, params }) => activeTasks(user, params.course_id, params.chapter_id, params.lesson_id),
  setPassedTasksContent2: ({ user, body }) => setContentPassed(user, body),
  // lateness (a competition's deadline) by the instant the API received the answer
  taskEvaluate2: ({ user, body, receivedAt }) => evaluate(user, body, receivedAt),
  taskEvaluate: ({ user, body, receivedAt }) => evaluate(user, body, receivedAt),
  getMyAnswers: ({ user, body }) => myAnswers(user, body.task_id),
  getMyHelp: ({ user, params }) => myHelp(user, params.task_id),
  getMyAnswer: ({ user, params }) => myAnswer(user, params.task_id),
  writeErrorReport: ({ user, body }) => writeErrorReport(user, body.task_id, body.description),
  getMyErrorReports: ({ user, params }) => myErrorReports(user, params.task_id),
  writeToLog2: ({ user, body }) => writeActivity(user, body),
});
