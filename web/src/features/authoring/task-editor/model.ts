/**
 * The editor's working copy of a task of types 1-7 (spec/2 §3, §4): per-language content objects
 * kept in step (answer lists have the same length in every language), the shared globals, and the
 * conversion to and from the stored JSON texts. Pure, unit-tested.
 */
import { harmoniseRatings, defaultGlobals } from '@lectio/shared';
import { programContentText, programGlobalsText, type ProgramParts } from './program-model';

export interface EditorAnswer {
  answer: string;
  feedback: string;
  /** 0 existing, 1 new, 2 deleted (hidden, dropped from the save). */
  status: number;
}
export interface EditorContent {
  /** Types 8-10: the title (their assignment is `content`). */
  title: string;
  content: string;
  help: string;
  answer_list: EditorAnswer[];
  fakes: string[];
  code: string;
}
export interface EditorGlobals {
  ratings: number[];
  ignoreSpace: boolean;
  ignoreSeparators: boolean;
  caseSensitive: boolean;
  aqSome: boolean;
}
export interface EditorTask {
  type: number;
  maxScore: string;
  globals: EditorGlobals;
  /** Content per language id. */
  contents: Record<number, EditorContent>;
  visible: Record<number, number>;
  /** Types 8-10: files, test cases, config and data files, section visibility (all languages). */
  program?: ProgramParts;
}

export const isProgramType = (type: number) => type >= 8 && type <= 10;

export const emptyContent = (answers = 0): EditorContent => ({
  title: '',
  content: '',
  help: '',
  answer_list: Array.from({ length: answers }, () => ({ answer: '', feedback: '', status: 1 })),
  fakes: [],
  code: '',
});

const isChoice = (type: number) => type >= 2 && type <= 4;
const isGaps = (type: number) => type === 5 || type === 6;

export function globalsFrom(type: number, text: string): EditorGlobals {
  let g: Record<string, unknown> = {};
  try {
    g = JSON.parse(text || defaultGlobals(type) || '{}') as Record<string, unknown>;
  } catch {
    g = {};
  }
  const gaps = isGaps(type);
  return {
    ratings: Array.isArray(g.ratings) ? (g.ratings as number[]) : [],
    ignoreSpace: Boolean(gaps ? (g.ignoreSpaces ?? g.ignoreSpace ?? true) : (g.ignoreSpace ?? false)),
    ignoreSeparators: Boolean(g.ignoreSeparators ?? false),
    caseSensitive: Boolean(g.caseSensitive ?? true),
    aqSome: Boolean(g.aqSome ?? false),
  };
}

export function contentFrom(type: number, text: string): EditorContent {
  if (type === 1) return { ...emptyContent(), content: text };
  if (isProgramType(type)) {
    try {
      const c = JSON.parse(text || '{}') as { title?: string; assignment?: string; help?: string };
      return { ...emptyContent(), title: c.title ?? '', content: c.assignment ?? '', help: c.help ?? '' };
    } catch {
      return emptyContent();
    }
  }
  try {
    const c = JSON.parse(text || '{}') as Partial<EditorContent> & { answer_list?: Array<{ answer?: string; feedback?: string }> };
    return {
      title: '',
      content: c.content ?? '',
      help: c.help ?? '',
      answer_list: (c.answer_list ?? []).map((a) => ({ answer: a.answer ?? '', feedback: a.feedback ?? '', status: 0 })),
      fakes: c.fakes ?? [],
      code: c.code ?? '',
    };
  } catch {
    return emptyContent();
  }
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
  const anyLang = Object.values(task.contents)[0];
  const keep = (anyLang?.answer_list ?? []).map((a) => a.status !== 2);
  const contents: Record<number, string> = {};
  if (isProgramType(task.type) && task.program) {
    for (const [lang, c] of Object.entries(task.contents)) {
      const untranslated = c.title === '' && c.content === '' && c.help === '';
      contents[Number(lang)] = untranslated ? '' : programContentText(task.program, { title: c.title, assignment: c.content, help: c.help });
    }
    return { globals: programGlobalsText(task.program), contents };
  }
  for (const [lang, c] of Object.entries(task.contents)) {
    const l = Number(lang);
    if (task.type === 1) contents[l] = c.content;
    else if (isChoice(task.type))
      contents[l] = JSON.stringify({ content: c.content, help: c.help, answer_list: c.answer_list.filter((_, i) => keep[i]).map((a) => ({ answer: a.answer, feedback: a.feedback })) });
    else if (isGaps(task.type)) contents[l] = JSON.stringify({ content: c.content, help: c.help, fakes: task.type === 6 ? c.fakes : [] });
    else contents[l] = JSON.stringify({ content: c.content, help: c.help, code: c.code, codes: codesOf(c.code) });
    // An untranslated language stays empty.
    if (c.content === '' && c.help === '' && c.code === '' && !c.answer_list.some((a) => a.answer)) contents[l] = '';
  }
  const g = task.globals;
  const globals = isChoice(task.type)
    ? JSON.stringify({ ratings: g.ratings.filter((_, i) => keep[i]), ignoreSpace: g.ignoreSpace, ignoreSeparators: g.ignoreSeparators, caseSensitive: g.caseSensitive, aqSome: g.aqSome })
    : isGaps(task.type)
      ? JSON.stringify({ ignoreSpaces: g.ignoreSpace, ignoreSeparators: g.ignoreSeparators, caseSensitive: g.caseSensitive, aqSome: g.aqSome })
      : '';
  return { globals, contents };
}

/** A new answer in every language (status 1); the first answer of a new question rates 100. */
export function addAnswer(task: EditorTask): EditorTask {
  const contents: Record<number, EditorContent> = {};
  for (const [lang, c] of Object.entries(task.contents)) contents[Number(lang)] = { ...c, answer_list: [...c.answer_list, { answer: '', feedback: '', status: 1 }] };
  const first = task.globals.ratings.length === 0;
  return { ...task, contents, globals: { ...task.globals, ratings: [...task.globals.ratings, first ? 100 : 0] } };
}

/** Deletes answer i in every language: a new one is removed, an existing one marked 2. Never the first. */
export function deleteAnswer(task: EditorTask, i: number): EditorTask {
  if (i === 0) return task;
  const sample = Object.values(task.contents)[0]?.answer_list[i];
  if (!sample) return task;
  const removeOutright = sample.status === 1;
  const contents: Record<number, EditorContent> = {};
  for (const [lang, c] of Object.entries(task.contents)) {
    contents[Number(lang)] = {
      ...c,
      answer_list: removeOutright ? c.answer_list.filter((_, k) => k !== i) : c.answer_list.map((a, k) => (k === i ? { ...a, status: 2 } : a)),
    };
  }
  const ratings = removeOutright ? task.globals.ratings.filter((_, k) => k !== i) : task.globals.ratings;
  return { ...task, contents, globals: { ...task.globals, ratings } };
}

export function harmonise(task: EditorTask): EditorTask {
  const anyLang = Object.values(task.contents)[0];
  const live = (anyLang?.answer_list ?? []).map((a) => a.status !== 2);
  const liveRatings = task.globals.ratings.filter((_, i) => live[i]);
  const h = harmoniseRatings(liveRatings);
  let k = 0;
  return { ...task, globals: { ...task.globals, ratings: task.globals.ratings.map((r, i) => (live[i] ? h[k++]! : r)) } };
}

/** Type switch within 2-4 and within 5-6 (5 turns fakes off, 6 on: fakes are kept but only 6 saves them). */
export const switchType = (task: EditorTask, type: number): EditorTask => ({ ...task, type });

/** spec/2 §5 score rules: the message, or null when valid. */
export function maxScoreProblem(value: string): 'required' | 'invalid' | 'outOfSize' | null {
  if (value.trim() === '') return 'required';
  if (!/^\d+$/.test(value.trim())) return 'invalid';
  const n = Number(value);
  return n > 0 && n < 1000 ? null : 'outOfSize';
}

/** Keeps every language's answer list as long as the longest (a language may be new). */
export function ensureLanguage(task: EditorTask, lang: number): EditorTask {
  if (task.contents[lang]) return task;
  const answers = Object.values(task.contents)[0]?.answer_list ?? [];
  return {
    ...task,
    contents: { ...task.contents, [lang]: { ...emptyContent(), answer_list: answers.map((a) => ({ answer: '', feedback: '', status: a.status })) } },
  };
}
