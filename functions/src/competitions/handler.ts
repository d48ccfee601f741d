/** Competitions Lambda: the competitions tab and joining, the competition player, results and grading, the teacher's board. */
import { competitionsRoutes } from '@lectio/shared/api/competitions';
import { domainHandler } from '../platform/http/router';
import { competitionsOf, joinCompetition } from './competitions';
import { activeCompetition, closeMyCompetition, myCompetition, synchro } from './play';
import { gradeTask, studentCompetition, taskSolutions, taskVersions } from './results';
import { closeForAll, competitionBoard } from './board';

export const handler = domainHandler('competitions', [competitionsRoutes], {
  getCompetitions: ({ user, params }) => competitionsOf(user, params.id),
  addMyCompetition: ({ user, body }) => joinCompetition(user, body.comp_id, body.comp_key, body.course_id),
  getActiveCompetition: ({ user, params }) => activeCompetition(user, params.course_id, params.competition_id),
  getMyCompetition: ({ user, params }) => myCompetition(user, params.id),
  closeCompetition: ({ user, params }) => closeMyCompetition(user, params.id),
  getSynchro: ({ user, params }) => synchro(user, params.id),
  getStudentCompetition: ({ user, params }) => studentCompetition(user, params.id),
  getTaskSolutions: ({ user, params }) => taskSolutions(user, params.task_id),
  getTaskVersions: ({ user, params }) => taskVersions(user, params.task_id, params.user_id, params.user_competition_id),
  writeTeacherCompComment: ({ user, body }) => gradeTask(user, body.user_comp_id, body.id, body.teacher_score, body.comment),
  writeTeacherComment: ({ user, body }) => gradeTask(user, body.id, body.task_id, body.teacher_score, body.comment),
  getCompetitionBoard: ({ user, params }) => competitionBoard(user, params.course_id, params.competition_id),
  closeCompetitionForAll: ({ user, body }) => closeForAll(user, body.course_id, body.comp_id),
});
