/** Competitions Lambda: the open and joined competitions of a course, and joining one. */
import { competitionsRoutes } from '@lectio/shared/api/competitions';
import { domainHandler } from '../platform/http/router';
import { competitionsOf, joinCompetition } from './competitions';

export const handler = domainHandler('competitions', [competitionsRoutes], {
  getCompetitions: ({ user, params }) => competitionsOf(user, params.id),
  addMyCompetition: ({ user, body }) => joinCompetition(user, body.comp_id, body.comp_key, body.course_id),
});
