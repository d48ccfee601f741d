/**
 * What decides a task's grade, wherever it is stored (issue 18). A task keeps its content per
 * language, and some of that content is not text but grading: the test cases, config and kept files,
 * the requested files and the author's solution of a program, the rules and solution of an HTML task,
 * the number of answers, gaps or lines of a question. These are object-level (spec/2 §6): a
 * translator may change the texts of its language but never these, in any language.
 */
import { gapAnswers, parseContent, reorderLines, TaskContentError, type ReorderContent } from '../tasks/content';
import { slotValues } from './html-rules';

export { GRADING_IS_OBJECT_LEVEL } from '../api/plain-texts';

/** JSON with object keys in order, so two spellings of the same value compare equal. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b))) : v,
  );

/** A kept or config file as the editors read it: a bare name or { name | filename, content | filecontent }. */
function namedFile(entry: unknown): unknown {
  if (typeof entry === 'string') return { name: entry, content: '' };
  if (!entry || typeof entry !== 'object') return entry;
  const e = entry as Record<string, unknown>;
  return { name: String(e.name ?? e.filename ?? ''), content: String(e.content ?? e.filecontent ?? ''), ...(e.encoding === 'base64' ? { encoding: 'base64' } : {}) };
}
/** Entries an editor marked deleted (status 2) are not part of the task. */
const live = <T>(list: T[]) => list.filter((f) => !(f && typeof f === 'object' && (f as { status?: unknown }).status === 2));

interface ProgramParts {
  files: Array<{ name: string; aContent: string; status?: number }>;
  testCases: string;
  filesToKeep: unknown[];
  configFiles: unknown[];
}
interface HtmlParts {
  authorsFile: string;
  rules_list: Array<{ rule_id: number; content: unknown }>;
}

/** The grading part of one language's content of a task of `type` (canonical text). */
export function gradingPart(type: number, content: string): string {
  if (content.trim() === '') return '';
  try {
    if (type >= 2 && type <= 4) {
      // The ratings (in globals) are kept by index: the answers' count and which are deleted decide grading.
      const c = parseContent(type as 2 | 3 | 4, content);
      return canonical({ answers: c.answer_list.map((a) => a.status === 2) });
    }
    if (type === 5 || type === 6) return canonical({ gaps: gapAnswers(parseContent(type as 5 | 6, content).content).length });
    if (type === 7) return canonical({ lines: reorderLines(parseContent(7, content) as ReorderContent).length });
    if (type >= 8 && type <= 10) {
      const c = parseContent(type, content) as ProgramParts;
      return canonical({
        // The requested files (names) and the author's solution; the learner's starting text stays translatable.
        files: live(c.files).map((f) => ({ name: f.name, aContent: f.aContent })),
        testCases: c.testCases,
        filesToKeep: live(c.filesToKeep).map(namedFile),
        configFiles: live(c.configFiles).map(namedFile),
      });
    }
    if (type === 11) {
      const c = parseContent(type, content) as HtmlParts;
      // A rule's slot values grade; its constant text is the translation of the system rule.
      return canonical({ authorsFile: c.authorsFile, rules: c.rules_list.map((r) => ({ rule_id: r.rule_id, ...slotValues(r.content) })) });
    }
    return '';
  } catch (error) {
    // Content that does not parse is compared as a whole.
    if (error instanceof TaskContentError) return content;
    throw error;
  }
}

/**
 * The languages of `after` whose save would change grading. A language that had content keeps its
 * grading part; a language translated for the first time must bring the grading part of a language
 * the task already has (the editor copies it); clearing a translation changes no grading.
 */
export function gradingChanges(type: number, before: Record<string, string>, after: Record<string, string>): string[] {
  const existing = Object.values(before).filter((text) => text.trim() !== '');
  return Object.entries(after)
    .filter(([lang, text]) => {
      const was = before[lang] ?? '';
      if (text === was || text.trim() === '') return false;
      const part = gradingPart(type, text);
      if (was.trim() !== '') return part !== gradingPart(type, was);
      return existing.length > 0 && !existing.some((other) => gradingPart(type, other) === part);
    })
    .map(([lang]) => lang);
}
