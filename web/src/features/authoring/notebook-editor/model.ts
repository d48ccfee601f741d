/**
 * The notebook editor's working copy (issue 25 item 2): cells and help per language, the answers of 13-15
 * (texts per language, one rating each, shared as in the question editor), max score and the runner
 * choice; read from and written to the stored task (content per language, globals).
 */
import { defaultGlobals, notebookGlobals, parseContent, type NotebookCell } from '@lectio/shared';

export interface NotebookAnswer {
  /** Per language: the option's text, feedback and cells of its own (spec/3 §3 selection answer entries). */
  texts: Record<number, { answer: string; feedback: string; cells?: NotebookCell[] }>;
  rating: number;
}

export interface NotebookDraft {
  type: number;
  maxScore: string;
  runner: 'kernel' | 'browser' | undefined;
  /** The flags of 13 (and any other globals) kept as stored. */
  globals: Record<string, unknown>;
  cells: Record<number, NotebookCell[]>;
  help: Record<number, string>;
  visible: Record<number, number>;
  answers: NotebookAnswer[];
}

export const isQuizType = (type: number) => type >= 13 && type <= 15;

export const newCell = (cellType: string): NotebookCell => ({ cell_type: cellType, source: [], outputs: [], execution_count: null, metadata: {} });

export function newDraft(type: number): NotebookDraft {
  return {
    type,
    maxScore: type === 12 ? '0' : '10',
    runner: undefined,
    globals: JSON.parse(defaultGlobals(type) || '{}') as Record<string, unknown>,
    cells: { 1: [], 2: [] },
    help: { 1: '', 2: '' },
    visible: { 1: 1, 2: 1 },
    answers: isQuizType(type) ? [{ texts: {}, rating: 100 }] : [],
  };
}

export function draftFromStored(data: { task_type_id: number; max_score: number | string; globals: string; list: Array<{ lang_id: number; content: string; visible: number }> }): NotebookDraft {
  const type = data.task_type_id;
  let globals: Record<string, unknown> = {};
  try {
    globals = JSON.parse(data.globals || '{}') as Record<string, unknown>;
  } catch {
    globals = {};
  }
  const parsedGlobals = notebookGlobals.safeParse(globals);
  const ratings = parsedGlobals.success ? parsedGlobals.data.ratings : [];
  const draft: NotebookDraft = { ...newDraft(type), maxScore: String(data.max_score), runner: parsedGlobals.success ? parsedGlobals.data.runner : undefined, globals, answers: [] };
  for (const entry of data.list) {
    let content;
    try {
      content = parseContent(type as 12, entry.content);
    } catch {
      content = { cells: [], help: '', answer_list: [] };
    }
    draft.cells[entry.lang_id] = content.cells;
    draft.help[entry.lang_id] = content.help;
    draft.visible[entry.lang_id] = entry.visible;
    content.answer_list.forEach((a, i) => {
      const answer = (draft.answers[i] ??= { texts: {}, rating: ratings[i] ?? 0 });
      answer.texts[entry.lang_id] = { answer: a.answer, feedback: a.feedback, ...(a.cells.length ? { cells: a.cells } : {}) };
    });
  }
  if (isQuizType(type) && draft.answers.length === 0) draft.answers.push({ texts: {}, rating: 100 });
  return draft;
}

/** The stored content of one language (type 12: the cells; 13-15: cells, help and answers) and the globals. */
export function toStored(draft: NotebookDraft): { globals: string; contents: Record<number, string> } {
  const langs = Object.keys(draft.cells).map(Number);
  const contents: Record<number, string> = {};
  for (const lang of langs) {
    const cells = draft.cells[lang] ?? [];
    const answers = draft.answers.map((a) => {
      const text = a.texts[lang];
      return { answer: text?.answer ?? '', feedback: text?.feedback ?? '', ...(text?.cells?.length ? { cells: text.cells } : {}) };
    });
    const empty = cells.length === 0 && !(draft.help[lang] ?? '') && answers.every((a) => !a.answer);
    contents[lang] = empty ? '' : draft.type === 12 ? JSON.stringify(cells) : JSON.stringify({ cells, help: draft.help[lang] ?? '', answer_list: answers });
  }
  const globals = { ...draft.globals, ...(isQuizType(draft.type) ? { ratings: draft.answers.map((a) => a.rating) } : {}), runner: draft.runner };
  if (!draft.runner) delete globals.runner;
  return { globals: JSON.stringify(globals), contents };
}
