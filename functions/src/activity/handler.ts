/** Activity Lambda: the admin's users-activity table. */
import { activityRoutes } from '@lectio/shared/api/activity';
import { domainHandler } from '../platform/http/router';
import { usersActivity } from './query';

export const handler = domainHandler('activity', [activityRoutes], {
  getUsersActivity: ({ query }) => usersActivity(query),
});
