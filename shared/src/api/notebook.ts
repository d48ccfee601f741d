/**
 * Notebook domain (spec/3 §4 "Notebook cells and kernels", §7 "Notebook cell codes", §9; issue 25 item 5):
 * a learner's own versions of a notebook's code cells. Version 0 is the author's original (the cell's
 * source in the learner's language), 1 and up the learner's saved versions; stepping past either end
 * answers 'bound'. The notebook's main content is component 20000 (an answer's cells may use others).
 * A learner reads and writes only their own codes, of a course they started.
 */
import * as z from 'zod';
import { defineDomain, okResponse } from '../registry';

/** spec/3 §9: the component id of a notebook's main content. */
export const MAIN_CONTENT_COMPONENT = 20000;
/** A learner keeps at most this many versions of one cell (a save past it replaces the newest). */
export const XREAD_VERSIONS_MAX = 100;
export const XREAD_CODE_MAX = 100_000;
export const XREAD_INDEX_MAX = 499;

const id = z.number({ message: 'Must be a number' }).int('Must be a whole number').min(1, 'Must be positive').max(2_147_483_647, 'Too large');
const component = z.number({ message: 'Must be a number' }).int('Must be a whole number').min(0, 'Must not be negative').max(1_000_000, 'Too large');
const index = z.number({ message: 'Must be a number' }).int('Must be a whole number').min(0, 'Must not be negative').max(XREAD_INDEX_MAX, 'Too large');
const where = { user_course_id: id, task_id: id, component_id: component };

export const xreadCode = z.object({ index: z.number().int(), code: z.string(), version: z.number().int() });
export type XreadCode = z.infer<typeof xreadCode>;

export const notebookRoutes = defineDomain('notebook', (route) => ({
  saveXreadCodes: route({
    method: 'POST', path: '/save-xread-codes', access: 'user',
    summary: 'Saves the caller\u2019s code of one notebook cell as their next version (an unchanged code adds none)',
    body: z.object({ ...where, index, content: z.string().max(XREAD_CODE_MAX, 'Too long') }),
    response: okResponse,
  }),
  getXreadCodes: route({
    method: 'POST', path: '/get-xread-codes', access: 'user',
    summary: 'The caller\u2019s newest saved code of every cell of a notebook component (index, code and its version)',
    body: z.object(where),
    response: z.object({ message: z.literal('OK'), codes: z.array(xreadCode) }),
  }),
  getXreadCodesVersion: route({
    method: 'POST', path: '/get-xread-codes-version', access: 'user',
    summary: 'The version of a cell\u2019s code one step back (direction -1) or forward (1) from current_version; 0 is the author\u2019s original; \u2019bound\u2019 past either end',
    body: z.object({
      ...where,
      index,
      current_version: z.number({ message: 'Must be a number' }).int('Must be a whole number').min(0, 'Must not be negative').max(XREAD_VERSIONS_MAX, 'Too large'),
      direction: z.union([z.literal(-1), z.literal(1)], { message: 'Must be -1 or 1' }),
    }),
    response: z.object({ message: z.enum(['OK', 'bound']), codes: z.array(xreadCode.pick({ code: true, version: true })) }),
  }),
}));
