/** Competitions domain (spec/1 §2 course page tab): the open and joined competitions of a course, and joining. */
import * as z from 'zod';
import { defineDomain, idParam } from '../registry';

const id = z.number().int();
const text = z.string();
const byId = z.object({ id: idParam });

export const competitionItem = z.object({
  id,
  name: text,
  icon: text,
  open_begin: z.string().nullable(),
  open_end: z.string().nullable(),
  check_OB: z.number().int(),
  check_OE: z.number().int(),
  time_limit: id,
  /** '*' when the competition is private; the key itself never leaves the server. */
  key: z.string().nullable(),
});
export const joinedCompetition = competitionItem.extend({
  user_comp_id: id,
  begin_at: text,
  end_at: text,
  status: text,
  score: z.number(),
  description: text,
});

export const competitionsRoutes = defineDomain('competitions', (route) => ({
  getCompetitions: route({
    method: 'GET', path: '/get-competitions/{id}', access: 'user',
    summary: 'Open competitions of a course and the ones the caller joined', params: byId,
    response: z.object({ opened: z.array(competitionItem), joined: z.array(joinedCompetition) }),
  }),
  addMyCompetition: route({
    method: 'POST', path: '/add-my-competition', access: 'user',
    summary: 'Joins an open competition (key for private ones); the begin time is set by the server',
    body: z.object({ comp_id: idParam, comp_key: z.string().max(100).optional().default(''), course_id: idParam }),
    response: z.object({ message: z.literal('OK'), description: text, user_comp_id: id }),
  }),
}));
