/**
 * Activity domain (spec/3 "Users activity", §3 Activity and Log entry, §6, §7): the admin's table of
 * what users did (the player's /write-to-log2 entries, logins and logouts), newest first, 20 a page,
 * filtered by user, action and date range; a page reads a bounded number of items.
 */
import * as z from 'zod';
import { defineDomain, numeric } from '../registry';
import { isoDay } from './messages';

/** §9: data tables show 20 rows a page. */
export const ACTIVITY_PAGE_SIZE = 20;
/** The actions Lectio records itself (beside the player's /write-to-log2 entries). */
export const activityActions = { login: 'login', logout: 'logout', sendMessage: 'send message', readMessage: 'read message' } as const;

export const activityRow = z.object({
  /** The row's place in the listing (1 is the newest). */
  order: z.number().int(),
  time: z.string(),
  user_id: z.number().int(),
  name: z.string(),
  action: z.string(),
  description: z.string(),
});

export const activityRoutes = defineDomain('activity', (route) => ({
  getUsersActivity: route({
    method: 'GET', path: '/get-users-activity', access: 'admin',
    summary: 'Admin: users\u2019 activity (time, user, action), newest first, one page of 20; filters: user (e-mail or id), action, from/to day; `after` is the previous page\u2019s `next`',
    query: z.object({
      user: z.string().trim().max(200).optional(),
      action: z.string().trim().max(100).optional(),
      from: isoDay.optional(),
      to: isoDay.optional(),
      after: z.string().max(300).optional(),
      offset: numeric(z.number().int().min(0).max(1_000_000)).optional(),
    }),
    response: z.object({ list: z.array(activityRow), next: z.string().nullable() }),
  }),
}));
