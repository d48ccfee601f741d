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

/** Types 12-17: notebook cells (spec/3 §3 Notebook cell). */
export const notebookCell = z.object({
  cell_type: z.enum(['editor', 'code', 'markdown', 'equation', 'raw']),
  source: z.array(z.string()).max(5_000),
  outputs: z.array(z.object({ atype: z.string(), output: z.string(), width: z.number().optional() })).optional(),
  execution_count: z.number().nullable().optional(),
  metadata: z
    .object({ runnable: z.boolean().optional(), showLines: z.boolean().optional(), readOnly: z.boolean().optional(), version: z.number().optional() })
    .passthrough()
    .optional(),
});
export const notebookContent = z.array(notebookCell).max(500);

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
    default:
      return type >= 12 && type <= 17 ? z.unknown() : null;
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
  if (type >= 2 && type <= 4) return JSON.stringify({ ratings: [100], ignoreSpace: false, ignoreSeparators: false, caseSensitive: true, aqSome: false });
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
  if (type === 1 || type === 12) return null;
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
