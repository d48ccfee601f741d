/**
 * Content shapes of every task type (spec/2 §3 "Content by type", spec/3 §3 "Content shapes") as
 * zod schemas. A task stores `content` per language (HTML for type 1, JSON text otherwise) and one
 * `globals` JSON text shared by all languages (ratings, flags). Parsing is lenient about missing
 * optional fields (older content) and strict about types and sizes.
 */
import * as z from 'zod';

const html = z.string().max(60_000);
const shortText = z.string().max(2_000);

/** An answer of types 2-4 as the editor keeps it (status 0 existing, 1 new, 2 deleted). */
export const answerEntry = z.object({
  answer: shortText,
  feedback: z.string().max(5_000).optional().default(''),
  status: z.number().int().min(0).max(2).optional(),
});
export type AnswerEntry = z.infer<typeof answerEntry>;

/** Types 2, 3, 4: short answer, single choice, multiple choice. */
export const choiceContent = z.object({
  content: html.optional().default(''),
  help: html.optional().default(''),
  answer_list: z.array(answerEntry).max(50).optional().default([]),
});
export type ChoiceContent = z.infer<typeof choiceContent>;

/** Comparison flags of types 2-6 (spec/2 §3; defaults differ for 5-6, see defaultFlags). */
export const answerFlags = z.object({
  ignoreSpace: z.boolean().optional(),
  ignoreSpaces: z.boolean().optional(),
  ignoreSeparators: z.boolean().optional(),
  caseSensitive: z.boolean().optional(),
  aqSome: z.boolean().optional(),
});

export const choiceGlobals = answerFlags.extend({
  /** Rating per answer in percent (-100..100), in answer_list order. */
  ratings: z.array(z.number().min(-100).max(100)).max(50).optional().default([]),
});
export type ChoiceGlobals = z.infer<typeof choiceGlobals>;

/** Types 5, 6: code with gaps marked by §§hidden text§§; type 6 adds wrong options (fakes). */
export const gapContent = z.object({
  content: html.optional().default(''),
  help: html.optional().default(''),
  fakes: z.array(z.string().max(500)).max(50).optional().default([]),
});
export type GapContent = z.infer<typeof gapContent>;
export const gapGlobals = answerFlags;
export type GapGlobals = z.infer<typeof gapGlobals>;

/** Type 7: lines to reorder (`code`, one line per line) and their derived list `codes`. */
export const reorderContent = z.object({
  content: html.optional().default(''),
  help: html.optional().default(''),
  code: z.string().max(20_000).optional().default(''),
  codes: z.array(z.string().max(2_000)).max(100).optional().default([]),
});
export type ReorderContent = z.infer<typeof reorderContent>;

/** Types 8-10: programs (the judge issue owns their behaviour; the shape is shared here). */
export const programFile = z.object({
  name: z.string().max(200),
  rContent: z.string().max(200_000).optional().default(''),
  aContent: z.string().max(200_000).optional().default(''),
  status: z.number().int().min(0).max(2).optional(),
});
const namedFile = z.union([z.string().max(200), z.object({ name: z.string().max(200) }).passthrough()]);
export const programContent = z.object({
  title: z.string().max(500).optional().default(''),
  assignment: html.optional().default(''),
  files: z.array(programFile).max(50).optional().default([]),
  testCases: z.string().max(200_000).optional().default(''),
  filesToKeep: z.array(namedFile).max(50).optional().default([]),
  configFiles: z.array(namedFile).max(50).optional().default([]),
  help: html.optional().default(''),
});
export const programGlobals = z.object({
  files: z
    .object({
      files: z.array(z.string()).optional().default([]),
      filesToKeep: z.array(z.string()).optional().default([]),
      configFiles: z.array(z.string()).optional().default([]),
    })
    .optional(),
});

/** Type 11: HTML/CSS exercise graded by rules. */
export const htmlRule = z.object({ rule_id: z.number().int(), description: z.string().max(2_000).optional().default(''), content: z.unknown() });
export const htmlContent = z.object({
  title: z.string().max(500).optional().default(''),
  assignment: html.optional().default(''),
  requestedFile: z.string().max(200_000).optional().default(''),
  authorsFile: z.string().max(200_000).optional().default(''),
  help: html.optional().default(''),
  rules_list: z.array(htmlRule).max(100).optional().default([]),
});

/** Types 16 (essay) and 17 (GenAI): the assignment and help per language; the answer is the learner's (rules/essay.ts). */
export const essayContent = z.object({
  content: html.optional().default(''),
  help: html.optional().default(''),
});
export type EssayContent = z.infer<typeof essayContent>;

/** Types 12-17: notebook cells (spec/3 §3 Notebook cell; spec/3 §9 image width 10-500, default 100). */
export const NOTEBOOK_CELL_TYPES = ['editor', 'code', 'markdown', 'equation', 'raw'] as const;
export type NotebookCellType = (typeof NOTEBOOK_CELL_TYPES)[number];
export const IMAGE_WIDTH_MIN = 10;
export const IMAGE_WIDTH_MAX = 500;
export const IMAGE_WIDTH_DEFAULT = 100;
export const notebookOutput = z.object({
  atype: z.enum(['text', 'png']),
  /** Text as printed, or a png as base64 (no data: prefix). */
  output: z.string().max(2_000_000),
  width: z.number().int().min(IMAGE_WIDTH_MIN).max(IMAGE_WIDTH_MAX).optional(),
});
export type NotebookOutput = z.infer<typeof notebookOutput>;
export const notebookCell = z.object({
  // An unknown cell type is kept (the views show '--- ERROR ---' for it, spec/2 §2.3).
  cell_type: z.string().max(40),
  source: z.array(z.string().max(100_000)).max(5_000),
  outputs: z.array(notebookOutput).max(100).optional().default([]),
  execution_count: z.number().int().nullable().optional().default(null),
  metadata: z
    .object({ runnable: z.boolean().optional(), showLines: z.boolean().optional(), readOnly: z.boolean().optional(), version: z.number().int().optional() })
    .passthrough()
    .optional()
    .default({}),
});
export type NotebookCell = z.infer<typeof notebookCell>;
export const notebookContent = z.array(notebookCell).max(500);

/** A cell's metadata with the spec's defaults (runnable true, showLines true, readOnly false). */
export const cellFlags = (c: Pick<NotebookCell, 'metadata'>) => ({
  runnable: c.metadata?.runnable ?? true,
  showLines: c.metadata?.showLines ?? true,
  readOnly: c.metadata?.readOnly ?? false,
});
export const cellText = (c: Pick<NotebookCell, 'source'>) => c.source.join('');
/** Lines as notebooks keep them: every line but the last ends with a newline. */
export const sourceLines = (text: string): string[] => (text === '' ? [] : text.split(/(?<=\n)/));

/**
 * Types 13-15: the notebook (cells) and the answers as types 2-4 keep them; an answer may hold cells of its
 * own (spec/3 §3 "Selection answer entries have answer, feedback, rating and cells"). The ratings are in
 * the globals as for types 2-4. A bare array of cells (type 12's shape) reads as a quiz without answers.
 */
export const notebookAnswer = answerEntry.extend({ cells: z.array(notebookCell).max(50).optional().default([]) });
export const notebookQuizContent = z.object({
  cells: notebookContent.optional().default([]),
  help: html.optional().default(''),
  answer_list: z.array(notebookAnswer).max(50).optional().default([]),
});
export type NotebookQuizContent = z.infer<typeof notebookQuizContent>;
const notebookAnyContent = z.union([notebookContent.transform((cells) => ({ cells, help: '', answer_list: [] })), notebookQuizContent]);
/** Globals of 12-15: the ratings and flags of 13-15, and the author's choice of runner (in-browser Python). */
export const notebookGlobals = choiceGlobals.extend({ runner: z.enum(['kernel', 'browser']).optional() });
export type NotebookGlobals = z.infer<typeof notebookGlobals>;
export const isNotebookType = (type: number) => type >= 12 && type <= 15;
/** The question type whose rules score a notebook quiz (13 → 2, 14 → 3, 15 → 4). */
export const notebookQuestionType = (type: number): 2 | 3 | 4 | null => (type >= 13 && type <= 15 ? ((type - 11) as 2 | 3 | 4) : null);

/** Content schema per type (types 1 and 12+ with their own reading). */
export const contentSchemaOf = (type: number): z.ZodType | null => {
  switch (type) {
    case 2:
    case 3:
    case 4:
      return choiceContent;
    case 5:
    case 6:
      return gapContent;
    case 7:
      return reorderContent;
    case 8:
    case 9:
    case 10:
      return programContent;
    case 11:
      return htmlContent;
    case 12:
    case 13:
    case 14:
    case 15:
      return notebookAnyContent;
    default:
      return type >= 16 && type <= 17 ? z.unknown() : null;
  }
};

export const globalsSchemaOf = (type: number): z.ZodType | null => {
  switch (type) {
    case 2:
    case 3:
    case 4:
      return choiceGlobals;
    case 5:
    case 6:
      return gapGlobals;
    case 8:
    case 9:
    case 10:
      return programGlobals;
    case 12:
    case 13:
    case 14:
    case 15:
      return notebookGlobals;
    default:
      return null;
  }
};

/** Flags with the spec's defaults: types 2-4 (false, false, true, false); 5-6 ignoreSpaces true. */
export interface ResolvedFlags {
  ignoreSpace: boolean;
  ignoreSeparators: boolean;
  caseSensitive: boolean;
  aqSome: boolean;
}
export function resolvedFlags(type: number, g: z.infer<typeof answerFlags>): ResolvedFlags {
  const gaps = type === 5 || type === 6;
  return {
    ignoreSpace: gaps ? (g.ignoreSpaces ?? g.ignoreSpace ?? true) : (g.ignoreSpace ?? g.ignoreSpaces ?? false),
    ignoreSeparators: g.ignoreSeparators ?? false,
    caseSensitive: g.caseSensitive ?? true,
    aqSome: g.aqSome ?? false,
  };
}

/** The globals a new task of the type starts with (spec/2 §3). */
export function defaultGlobals(type: number): string {
  if ((type >= 2 && type <= 4) || (type >= 13 && type <= 15)) return JSON.stringify({ ratings: [100], ignoreSpace: false, ignoreSeparators: false, caseSensitive: true, aqSome: false });
  if (type === 5 || type === 6) return JSON.stringify({ ignoreSpaces: true, ignoreSeparators: false, caseSensitive: true, aqSome: false });
  return '';
}

const parseJson = (text: string): unknown => {
  if (!text.trim()) return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
};

export class TaskContentError extends Error {}

/** Parses one language's stored content of a question type (2-7); throws TaskContentError when malformed. */
export function parseContent<T extends 2 | 3 | 4 | 5 | 6 | 7>(type: T, text: string): T extends 2 | 3 | 4 ? ChoiceContent : T extends 5 | 6 ? GapContent : ReorderContent;
export function parseContent(type: 12 | 13 | 14 | 15, text: string): NotebookQuizContent;
export function parseContent(type: number, text: string): unknown;
export function parseContent(type: number, text: string): unknown {
  const schema = contentSchemaOf(type);
  if (!schema) return text;
  const parsed = schema.safeParse(parseJson(text));
  if (!parsed.success) throw new TaskContentError(`content of a type ${type} task is malformed`);
  return parsed.data;
}

export function parseGlobals(type: 2 | 3 | 4, text: string): ChoiceGlobals;
export function parseGlobals(type: 5 | 6, text: string): GapGlobals;
export function parseGlobals(type: 12 | 13 | 14 | 15, text: string): NotebookGlobals;
export function parseGlobals(type: number, text: string): unknown;
export function parseGlobals(type: number, text: string): unknown {
  const schema = globalsSchemaOf(type);
  if (!schema) return {};
  const parsed = schema.safeParse(parseJson(text ?? ''));
  if (!parsed.success) throw new TaskContentError(`globals of a type ${type} task are malformed`);
  return parsed.data;
}

/** Validates a content text for saving: the error message, or null when fine. */
export function contentProblem(type: number, text: string): string | null {
  if (type === 1) return null;
  try {
    parseContent(type, text);
    return null;
  } catch (e) {
    return (e as Error).message;
  }
}

/** Gap marker of types 5-6: text between a pair of double section signs. */
export const GAP_PATTERN = /§§([\s\S]*?)§§/g;

/** The hidden texts of the gaps, in order. */
export const gapAnswers = (content: string): string[] => [...content.matchAll(GAP_PATTERN)].map((m) => m[1] ?? '');

/** Lines of a type 7 task: the `codes` list when present, else the non-empty lines of `code`. */
export const reorderLines = (c: ReorderContent): string[] =>
  c.codes.length > 0 ? c.codes : c.code.split('\n').map((l) => l.replace(/\r$/, '')).filter((l) => l.trim() !== '');
