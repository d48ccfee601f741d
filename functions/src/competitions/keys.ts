/** Key builders of the competitions domain: a user's joined competitions and, on GSI1, a competition's users. */
import { pad } from '../platform/db/keys';

export const competitionKeys = {
  userCompetition: (userId: number, compId: number) => ({ pk: `USER#${userId}`, sk: `UCOMP#${pad(compId)}` }),
  userCompetitions: (userId: number) => ({ pk: `USER#${userId}`, prefix: 'UCOMP#' }),
  /** GSI1: the users who joined a competition. */
  competitionUsersIndex: (compId: number, userId: number) => ({ gsi1pk: `COMPUSERS#${compId}`, gsi1sk: `USER#${userId}` }),
};
