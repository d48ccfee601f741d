/** A notebook task as a learner receives it (spec/3 §3: cells, help once earned, the options of 14 and 15). */
import * as z from 'zod';
import { notebookCell } from '@lectio/shared';

const learnerNotebook = z.object({
  cells: z.array(notebookCell).catch([]),
  help: z.string().catch(''),
  answer_list: z.array(z.object({ answer: z.string(), cells: z.array(notebookCell).catch([]) })).catch([]),
});
export type LearnerNotebook = z.infer<typeof learnerNotebook>;

/** Reads the learner's content (a 12 stored as bare cells too); anything unreadable is an empty notebook. */
export function parseNotebookView(content: string): LearnerNotebook {
  try {
    const raw = JSON.parse(content || '{}') as unknown;
    return learnerNotebook.parse(Array.isArray(raw) ? { cells: raw } : raw);
  } catch {
    return { cells: [], help: '', answer_list: [] };
  }
}
