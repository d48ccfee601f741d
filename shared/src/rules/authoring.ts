/**
 * Pure rules of the authoring screens (spec/2 §2.3, §2.7, §9): the task intro of the task list, the
 * picker labels, the book's page ranges, what a question prints on the book's pages and the key
 * generator's correct answers per task type.
 */
import { gapAnswers, parseContent, reorderLines, TaskContentError } from '../tasks/content';
import { learnerContent } from './learner-view';

export const PICKER_LABEL_LENGTH = 20;
export const INTRO_LENGTH_QUESTIONS = 250;
export const INTRO_LENGTH_OTHER = 200;
export const NOT_TRANSLATED = '-- not translated --';
export const NOT_TRANSLATED_CHAPTER = '-- not translated chapter name --';
export const NOT_TRANSLATED_LESSON = '-- not translated lesson name --';
export const BOOK_ERROR = '--- ERROR ---';

/** Picker labels: 20 characters followed by '...' (spec/2 §2.7, §9). */
export const pickerLabel = (name: string) => (name.length > PICKER_LABEL_LENGTH ? `${name.slice(0, PICKER_LABEL_LENGTH)}...` : name);

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };
/** Text of an HTML fragment: tags dropped, the common entities decoded, white space collapsed. */
export const htmlText = (html: string) =>
  html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#39|[a-z]+);/gi, (m, name: string) => entities[name.toLowerCase()] ?? m)
    .replace(/\s+/g, ' ')
    .trim();

const cut = (s: string, length: number) => {
  if (s.length <= length) return s;
  const at = s.lastIndexOf(' ', length);
  return `${s.slice(0, at > length * 0.6 ? at : length)}...`;
};

const safeJson = (text: string): Record<string, unknown> => {
  try {
    const v = JSON.parse(text) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
};

/** The HTML that introduces a task: content for types 1-7, title and assignment for 8-11. */
function introHtml(type: number, content: string): string {
  if (type === 1) return content;
  const c = safeJson(content);
  if (type >= 2 && type <= 7) return String(c.content ?? '');
  if (type >= 8 && type <= 11) return `<p>${String(c.title ?? '')}</p>${String(c.assignment ?? '')}`;
  return '';
}

/**
 * The intro of a task in the task list (spec/2 §2.7): for types 1-7 the first paragraph, cut at about
 * 250 characters; elsewhere about 200 characters.
 */
export function taskIntro(type: number, content: string): string {
  const html = introHtml(type, content);
  if (type >= 1 && type <= 7) {
    const firstBlock = /<(p|h[1-6]|pre|li)[^>]*>([\s\S]*?)<\/\1>/i.exec(html);
    const first = htmlText(firstBlock ? firstBlock[2]! : html);
    return cut(first || htmlText(html), INTRO_LENGTH_QUESTIONS);
  }
  return cut(htmlText(html), INTRO_LENGTH_OTHER);
}

/** Page buttons of the book: chapter ranges of `perPage`, the page count rounded up. */
export function bookPages(chapterCount: number, perPage: number): Array<{ from: number; to: number; label: string }> {
  const size = Math.max(1, Math.floor(perPage));
  const pages = Math.ceil(chapterCount / size);
  return Array.from({ length: pages }, (_, i) => {
    const from = i * size + 1;
    const to = Math.min(chapterCount, (i + 1) * size);
    return { from, to, label: from === to ? `${from}` : `${from}-${to}` };
  });
}

/** Header numbers of the book: 1, 1.2, 1.2.3. */
export const headerNumber = (...parts: number[]) => parts.join('.');

export type BookTaskKind = 'reading' | 'program' | 'question' | 'error';
/** Book icon for reading, keyboard for programs 8-11, note otherwise; unknown types are an error. */
export function bookTaskKind(type: number): BookTaskKind {
  if (type === 1) return 'reading';
  if (type >= 8 && type <= 11) return 'program';
  if ((type >= 2 && type <= 7) || (type >= 12 && type <= 17)) return 'question';
  return 'error';
}

/** What a gap prints as on the book's pages. */
export const BOOK_GAP = '_____';

/** A question (types 2-7) as the book's pages print it. */
export interface BookPageQuestion {
  /** The question's HTML; gaps (5-6) print as BOOK_GAP. */
  html: string;
  /** Choice options (3-4) and the gap options with the fakes (6), in the printed order. */
  options: string[];
  /** The lines to reorder (7), in the printed order. */
  lines: string[];
}

/**
 * A question on the book's pages shows what a learner sees of it, never its answers (spec/2 §2.3:
 * correct answers belong in the Key generator view): no short-answer answers, no gap texts in place,
 * no deleted options; options and reorder lines in a deterministic order per task (the learner
 * view's permutation seeded by the task id, never the stored order for two or more), so a printed
 * book is the same every time and does not give the order away. Null when the content is malformed.
 */
export function bookPageQuestion(type: 2 | 3 | 4 | 5 | 6 | 7, content: string, taskId: number): BookPageQuestion | null {
  try {
    const view = JSON.parse(learnerContent({ type, content, seed: taskId, helpEarned: false })) as {
      content?: string;
      answer_list?: Array<{ answer: string }>;
      options?: string[];
      codes?: string[];
    };
    return {
      html: String(view.content ?? '').replace(/<span data-gap="\d+"><\/span>/g, BOOK_GAP),
      options: type === 3 || type === 4 ? (view.answer_list ?? []).map((a) => a.answer) : (view.options ?? []),
      lines: view.codes ?? [],
    };
  } catch (error) {
    if (error instanceof TaskContentError || error instanceof SyntaxError) return null;
    throw error;
  }
}

const ratingsOf = (globals: string): number[] => {
  const g = safeJson(globals);
  return Array.isArray(g.ratings) ? g.ratings.map(Number) : [];
};

/**
 * The correct answers the key generator lists for a task: the answers with a positive rating (2-4),
 * the gap texts (5-6), the lines in order (7), the author's files (8-10) and file (11).
 * An unknown type gives the error marker.
 */
export function taskKey(type: number, content: string, globals: string): string[] {
  try {
    if (type === 1) return [];
    // Notebook quizzes 13-15 keep their answers as types 2-4 do.
    if ((type >= 2 && type <= 4) || (type >= 13 && type <= 15)) {
      const c = parseContent(type as 2 | 3 | 4, content);
      const ratings = ratingsOf(globals);
      return c.answer_list.filter((_, i) => (ratings[i] ?? 0) > 0).map((a) => htmlText(a.answer));
    }
    if (type === 5 || type === 6) return gapAnswers(parseContent(type, content).content).map((g) => htmlText(g));
    // Lines keep their indentation (code): only tags are dropped.
    if (type === 7) return reorderLines(parseContent(7, content)).map((l) => l.replace(/<[^>]*>/g, '').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&'));
    if (type >= 8 && type <= 10) {
      const files = safeJson(content).files;
      return Array.isArray(files)
        ? files.map((f: { name?: unknown; aContent?: unknown }) => `${String(f.name ?? '')}:\n${String(f.aContent ?? '')}`)
        : [];
    }
    if (type === 11) return [String(safeJson(content).authorsFile ?? '')];
    if (type >= 12 && type <= 17) return [];
    return [BOOK_ERROR];
  } catch (error) {
    if (error instanceof TaskContentError) return [BOOK_ERROR];
    throw error;
  }
}
