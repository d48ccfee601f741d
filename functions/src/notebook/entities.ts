/** Stored items of the notebook domain (keys in keys.ts). */
import * as z from 'zod';
import { defineEntity, str, type ItemOf } from '../platform/db/entity';

/** One saved version of a learner's code of a notebook cell (pk=USER#{id}, sk=XREAD#{task}#{component}#{index}#{version}). */
export const codeVersions = defineEntity('xread-code', {
  user_id: z.number(),
  task_id: z.number(),
  component_id: z.number(),
  index: z.number(),
  version: z.number(),
  code: str(),
  saved_at: str(),
});
export type CodeVersionItem = ItemOf<typeof codeVersions>;
