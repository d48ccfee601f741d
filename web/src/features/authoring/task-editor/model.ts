/**
 * The editor's working copy of a task of types 1-10 (spec/2 §3, §4) — the question form's values:
 * per-language texts, the answers of types 2-4 as one list (each answer's status and rating, with its
 * text and feedback per language, so every language has the same answers), the shared flags, and the
 * conversion to and from the stored JSON texts. Pure, unit-tested.
 */
import { harmoniseRatings, defaultGlobals, isEssayType } from '@lectio/shared';
import { programContentText, programGlobalsText, type ProgramParts } from './program-model';
import { htmlContentText, type HtmlParts } from './html-model';

export interface AnswerText {
  answer: string;
  feedback: string;
}
export interface EditorAnswer {
  /** 0 existing, 1 new, 2 deleted (hidden, dropped from the save). */
  status: number;
  rating: number;
  /** Text and feedback per language id (a language without an entry has empty ones; answerTextOf completes it). */
  texts: Record<string, Partial<AnswerText>>;
}
export interface EditorContent {
  /** Types 8-10: the title (their assignment is `content`). */
  title: string;
  content: string;
  help: string;
  fakes: string[];
  code: string;
}
export interface EditorFlags {
  ignoreSpace: boolean;
  ignoreSeparators: boolean;
  caseSensitive: boolean;
  aqSome: boolean;
}
export interface EditorTask {
  type: number;
  maxScore: string;
  flags: EditorFlags;
  /** Content per language id (one written into before it was shown may be partial; contentOf completes it). */
  contents: Record<string, Partial<EditorContent>>;
  visible: Record<string, number>;
  /** Types 2-4: the answers, in every language at once. */
  answers: EditorAnswer[];
  /** Types 8-10: files, test cases, config and data files, section visibility (all languages). */
  program?: ProgramParts | undefined;
  /** Type 11: requested file, author's solution and rules (all languages). */
  html?: HtmlParts | undefined;
}

export const isProgramType = (type: number) => type >= 8 && type <= 10;
/** Types whose panes have a title beside the assignment: programs and HTML/CSS. */
export const hasTitle = (type: number) => isProgramType(type) || type === 11;

export const emptyContent = (): EditorContent => ({ title: '', content: '', help: '', fakes: [], code: '' });
export const emptyAnswerText = (): AnswerText => ({ answer: '', feedback: '' });
/** A language's content as stored in the form (a language written into before it was shown may be partial). */
export const contentOf = (task: Pick<EditorTask, 'contents'>, lang: number): EditorContent => ({ ...emptyContent(), ...task.contents[lang] });
export const answerTextOf = (answer: EditorAnswer, lang: number): AnswerText => ({ ...emptyAnswerText(), ...answer.texts[lang] });

const isChoice = (type: number) => type >= 2 && type <= 4;
const isGaps = (type: number) => type === 5 || type === 6;

function parseGlobals(type: number, text: string): Record<string, unknown> {
  try {
    return JSON.parse(text || defaultGlobals(type) || '{}') as Record<string, unknown>;
  } catch {
    return {};
  }
}

export function flagsFrom(type: number, text: string): EditorFlags {
  const g = parseGlobals(type, text);
  return {
    ignoreSpace: Boolean(isGaps(type) ? (g.ignoreSpaces ?? g.ignoreSpace ?? true) : (g.ignoreSpace ?? false)),
    ignoreSeparators: Boolean(g.ignoreSeparators ?? false),
    caseSensitive: Boolean(g.caseSensitive ?? true),
    aqSome: Boolean(g.aqSome ?? false),
  };
}

export const ratingsFrom = (type: number, text: string): number[] => {
  const g = parseGlobals(type, text);
  return Array.isArray(g.ratings) ? (g.ratings as number[]) : [];
};

/** One language's stored content text: its texts and (types 2-4) its answers. */
export function contentFrom(type: number, text: string): { content: EditorContent; answers: AnswerText[] } {
  if (type === 1) return { content: { ...emptyContent(), content: text }, answers: [] };
  if (hasTitle(type)) {
    try {
      const c = JSON.parse(text || '{}') as { title?: string; assignment?: string; help?: string };
      return { content: { ...emptyContent(), title: c.title ?? '', content: c.assignment ?? '', help: c.help ?? '' }, answers: [] };
    } catch {
      return { content: emptyContent(), answers: [] };
    }
  }
  try {
    const c = JSON.parse(text || '{}') as Partial<EditorContent> & { answer_list?: Array<{ answer?: string; feedback?: string }> };
    return {
      content: { title: '', content: c.content ?? '', help: c.help ?? '', fakes: c.fakes ?? [], code: c.code ?? '' },
      answers: (c.answer_list ?? []).map((a) => ({ answer: a.answer ?? '', feedback: a.feedback ?? '' })),
    };
  } catch {
    return { content: emptyContent(), answers: [] };
  }
}

/** The working copy of a stored task: the languages' contents, their answers side by side (existing, status 0) with the globals' ratings. */
export function taskFromStored(stored: { type: number; maxScore: string; globals: string; list: Array<{ lang_id: number; content: string; visible: number }>; program?: ProgramParts | undefined; html?: HtmlParts | undefined }): EditorTask {
  const parsed = stored.list.map((l) => ({ lang: l.lang_id, ...contentFrom(stored.type, l.content) }));
  const ratings = ratingsFrom(stored.type, stored.globals);
  const count = Math.max(0, ...parsed.map((p) => p.answers.length));
  return {
    type: stored.type,
    maxScore: stored.maxScore,
    flags: flagsFrom(stored.type, stored.globals),
    contents: Object.fromEntries(parsed.map((p) => [p.lang, p.content])),
    visible: Object.fromEntries(stored.list.map((l) => [l.lang_id, l.visible])),
    answers: Array.from({ length: count }, (_, i) => ({
      status: 0,
      rating: ratings[i] ?? 0,
      texts: Object.fromEntries(parsed.filter((p) => p.answers[i]).map((p) => [p.lang, p.answers[i]!])),
    })),
    program: stored.program,
    html: stored.html,
  };
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
/** Type 7: each non-empty line wrapped as preformatted text. */
export const codesOf = (code: string) =>
  code
    .split('\n')
    .map((l) => l.replace(/\r$/, ''))
    .filter((l) => l.trim() !== '')
    .map((l) => `<pre>${escapeHtml(l)}</pre>`);

/** The stored texts: content per language and the globals. Deleted answers are dropped. */
export function toStored(task: EditorTask): { globals: string; contents: Record<number, string> } {
  const live = task.answers.filter((a) => a.status !== 2);
  const contents: Record<number, string> = {};
  if (isProgramType(task.type) && task.program) {
    for (const lang of Object.keys(task.contents)) {
      const c = contentOf(task, Number(lang));
      const untranslated = c.title === '' && c.content === '' && c.help === '';
      contents[Number(lang)] = untranslated ? '' : programContentText(task.program, { title: c.title, assignment: c.content, help: c.help });
    }
    return { globals: programGlobalsText(task.program), contents };
  }
  if (task.type === 11 && task.html) {
    for (const lang of Object.keys(task.contents)) {
      const c = contentOf(task, Number(lang));
      const untranslated = c.title === '' && c.content === '' && c.help === '';
      contents[Number(lang)] = untranslated ? '' : htmlContentText(task.html, Number(lang), { title: c.title, assignment: c.content, help: c.help });
    }
    return { globals: '', contents };
  }
  for (const lang of Object.keys(task.contents)) {
    const l = Number(lang);
    const c = contentOf(task, l);
    if (task.type === 1) contents[l] = c.content;
    else if (isChoice(task.type)) contents[l] = JSON.stringify({ content: c.content, help: c.help, answer_list: live.map((a) => answerTextOf(a, l)) });
    else if (isGaps(task.type)) contents[l] = JSON.stringify({ content: c.content, help: c.help, fakes: task.type === 6 ? c.fakes : [] });
    else if (isEssayType(task.type)) contents[l] = JSON.stringify({ content: c.content, help: c.help });
    else contents[l] = JSON.stringify({ content: c.content, help: c.help, code: c.code, codes: codesOf(c.code) });
    // An untranslated language stays empty.
    if (c.content === '' && c.help === '' && c.code === '' && !task.answers.some((a) => answerTextOf(a, l).answer)) contents[l] = '';
  }
  const g = task.flags;
  const globals = isChoice(task.type)
    ? JSON.stringify({ ratings: live.map((a) => a.rating), ignoreSpace: g.ignoreSpace, ignoreSeparators: g.ignoreSeparators, caseSensitive: g.caseSensitive, aqSome: g.aqSome })
    : isGaps(task.type)
      ? JSON.stringify({ ignoreSpaces: g.ignoreSpace, ignoreSeparators: g.ignoreSeparators, caseSensitive: g.caseSensitive, aqSome: g.aqSome })
      : '';
  return { globals, contents };
}

/** A new answer (status 1, empty in every language); the first answer of a question rates 100. */
export const newAnswer = (answers: EditorAnswer[]): EditorAnswer => ({ status: 1, rating: answers.length === 0 ? 100 : 0, texts: {} });

/** How deleting answer i goes: a new one is removed, an existing one marked 2 (dropped on save); never the first. */
export function answerDeletion(answers: EditorAnswer[], i: number): 'none' | 'remove' | 'mark' {
  const answer = answers[i];
  if (i === 0 || !answer) return 'none';
  return answer.status === 1 ? 'remove' : 'mark';
}

/** The ratings after harmonising the live answers (deleted ones keep theirs). */
export function harmonisedRatings(answers: EditorAnswer[]): number[] {
  const h = harmoniseRatings(answers.filter((a) => a.status !== 2).map((a) => a.rating));
  let k = 0;
  return answers.map((a) => (a.status !== 2 ? h[k++]! : a.rating));
}

/** spec/2 §5 score rules: the message, or null when valid. */
export function maxScoreProblem(value: string): 'required' | 'invalid' | 'outOfSize' | null {
  if (value.trim() === '') return 'required';
  if (!/^\d+$/.test(value.trim())) return 'invalid';
  const n = Number(value);
  return n > 0 && n < 1000 ? null : 'outOfSize';
}

/** A shown language has its content (an empty one when it is new). */
export function ensureLanguage(task: EditorTask, lang: number): EditorTask {
  if (task.contents[lang]) return task;
  return { ...task, contents: { ...task.contents, [lang]: emptyContent() } };
}
