/** Key builders of the competitions domain: a user's joined competitions and, on GSI1, a competition's users. */
import { pad } from '../platform/db/keys';

export const competitionKeys = {
  userCompetition: (userId: number, compId: number) => ({ pk: `USER#${userId}`, sk: `UCOMP#${pad(compId)}` }),
  userCompetitions: (userId: number) => ({ pk: `USER#${userId}`, prefix: 'UCOMP#' }),
  /** GSI1: the users who joined a competition. */
  competitionUsersIndex: (compId: number, userId: number) => ({ gsi1pk: `COMPUSERS#${compId}`, gsi1sk: `USER#${userId}` }),
  /** GSI1 partition of a competition's users. */
  competitionUsers: (compId: number) => `COMPUSERS#${compId}`,
  /** GSI2: a user competition (attempt) by its id, for the result screens and grading. */
  userCompetitionById: (userCompId: number) => ({ gsi2pk: `UCOMP#${userCompId}`, gsi2sk: 'UCOMP' }),
  /** A competition closed early for everyone by a teacher (new joins are refused). */
  closedEarly: (compId: number) => ({ pk: `COMP#${compId}`, sk: 'CLOSED' }),
  userCompetitionByIdPartition: (userCompId: number) => `UCOMP#${userCompId}`,
};
