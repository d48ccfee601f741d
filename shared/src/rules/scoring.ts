/**
 * Scoring rules of the question types 2-7 (spec/2 §2.8, §5; spec/3 §4, §9) as pure functions,
 * shared by the admin preview (web) and the server's evaluation. Every rule answers a rating in
 * percent (0..100, never below 0) and per-answer feedback marks; the score is the rating as a part
 * of max_score. Learner answers refer to the stored (original) order of options and lines; the
 * server maps the learner's shuffled positions back before calling a rule.
 */
import {
  notebookQuestionType,
  gapAnswers,
  reorderLines,
  resolvedFlags,
  type ChoiceContent,
  type ChoiceGlobals,
  type GapContent,
  type GapGlobals,
  type ReorderContent,
  type ResolvedFlags,
} from '../tasks/content';
import { PASS_RATING } from '../tasks/types';
import { checkHtmlRules, ruleDescription } from './html-rules';
import { clampRating, round2 } from './rating';

export interface AnswerMark {
  answer: string;
  feedback: string;
  rating: number;
}
export interface Evaluation {
  rating: number;
  answers: AnswerMark[];
}

export { clampRating, starsOf } from './rating';

const SEPARATORS = /[.,;:!?'"`()[\]{}\-_/\\|]/g;

/** The comparison form of a text under the flags of spec/2 §3. */
export function normalise(text: string, flags: ResolvedFlags): string {
  let t = text.normalize('NFC');
  if (flags.ignoreSeparators) t = t.replace(SEPARATORS, '');
  t = flags.ignoreSpace ? t.replace(/\s+/g, '') : t.trim().replace(/\s+/g, ' ');
  return flags.caseSensitive ? t : t.toLocaleLowerCase();
}

/** Text of an HTML fragment (answers may be stored as rich text). */
export const plainText = (html: string) =>
  html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

/** The live answers of a stored question (status 2 marks a deleted answer). */
export const liveAnswers = (c: ChoiceContent) => c.answer_list.filter((a) => a.status !== 2);

/**
 * Type 2 short answer: the typed text is compared with every accepted answer under the flags;
 * the best matching answer's rating counts (its feedback is returned). With aqSome the typed text
 * only has to contain an accepted answer.
 */
export function scoreShortAnswer(content: ChoiceContent, globals: ChoiceGlobals, typed: string): Evaluation {
  const flags = resolvedFlags(2, globals);
  const given = normalise(typed, flags);
  let best: { rating: number; feedback: string } | null = null;
  content.answer_list.forEach((a, i) => {
    if (a.status === 2) return;
    const expected = normalise(plainText(a.answer), flags);
    if (expected === '') return;
    const hit = flags.aqSome ? given.includes(expected) : given === expected;
    const rating = globals.ratings[i] ?? 0;
    if (hit && (best === null || rating > best.rating)) best = { rating, feedback: a.feedback };
  });
  const found = best as { rating: number; feedback: string } | null;
  const rating = clampRating(found?.rating ?? 0);
  return { rating, answers: [{ answer: typed, feedback: found?.feedback ?? '', rating }] };
}

/** Type 3 single choice: the selected answer's rating; 100 is correct. */
export function scoreSingleChoice(content: ChoiceContent, globals: ChoiceGlobals, selected: number | undefined): Evaluation {
  const a = selected === undefined ? undefined : content.answer_list[selected];
  if (!a || a.status === 2) return { rating: 0, answers: [] };
  const r = globals.ratings[selected!] ?? 0;
  return { rating: clampRating(r), answers: [{ answer: a.answer, feedback: a.feedback, rating: r }] };
}

/** Type 4 multiple choice: the sum of the selected answers' ratings, rounded, never below 0. */
export function scoreMultipleChoice(content: ChoiceContent, globals: ChoiceGlobals, selected: number[]): Evaluation {
  const unique = [...new Set(selected)]
    .filter((i) => content.answer_list[i] && content.answer_list[i]!.status !== 2)
    .sort((a, b) => a - b);
  const sum = unique.reduce((s, i) => s + (globals.ratings[i] ?? 0), 0);
  return {
    rating: clampRating(Math.round(sum)),
    answers: unique.map((i) => ({
      answer: content.answer_list[i]!.answer,
      feedback: content.answer_list[i]!.feedback,
      rating: globals.ratings[i] ?? 0,
    })),
  };
}

/**
 * Types 5 and 6: each gap is right when the given text equals its hidden text under the flags
 * (ignoreSpaces on by default). With aqSome the gaps are interchangeable: a given text counts when
 * it equals any hidden text not used by an earlier gap. Rating = right gaps / gaps.
 */
export function scoreGaps(type: 5 | 6, content: GapContent, globals: GapGlobals, given: string[]): Evaluation {
  const flags = resolvedFlags(type, globals);
  const hidden = gapAnswers(content.content).map((h) => normalise(plainText(h), flags));
  if (hidden.length === 0) return { rating: 0, answers: [] };
  const unused = [...hidden];
  const answers = hidden.map((expected, i) => {
    const text = given[i] ?? '';
    const g = normalise(text, flags);
    let right: boolean;
    if (flags.aqSome) {
      const at = unused.indexOf(g);
      right = g !== '' && at >= 0;
      if (right) unused.splice(at, 1);
    } else {
      right = g === expected;
    }
    return { answer: text, feedback: '', rating: right ? 100 : 0 };
  });
  const rightCount = answers.filter((a) => a.rating === 100).length;
  return { rating: clampRating((100 * rightCount) / hidden.length), answers };
}

/**
 * Type 7 reorder: `order` lists original line indices as the learner arranged them. A position is
 * right when it holds the line text that belongs there (equal lines are interchangeable).
 * Rating = right positions / lines.
 */
export function scoreReorder(content: ReorderContent, order: number[]): Evaluation {
  const lines = reorderLines(content);
  if (lines.length === 0) return { rating: 0, answers: [] };
  const answers = lines.map((expected, pos) => {
    const idx = order[pos];
    const placed = idx === undefined ? undefined : lines[idx];
    return { answer: placed ?? '', feedback: '', rating: placed !== undefined && placed === expected ? 100 : 0 };
  });
  const valid =
    new Set(order).size === order.length && order.length === lines.length && order.every((i) => i >= 0 && i < lines.length);
  const right = valid ? answers.filter((a) => a.rating === 100).length : 0;
  return {
    rating: clampRating((100 * right) / lines.length),
    answers: valid ? answers : answers.map((a) => ({ ...a, rating: 0 })),
  };
}

/** The answer a learner submits, per type (answer_list JSON text parsed). */
export type LearnerAnswer =
  | { type: 2; text: string }
  | { type: 3; selected?: number }
  | { type: 4; selected: number[] }
  | { type: 5 | 6; gaps: string[] }
  | { type: 7; order: number[] }
  | { type: 11; html: string };

/** Type 11: the largest page a learner submits (the requested file as edited). */
export const HTML_ANSWER_MAX = 100_000;

/** Decodes answer_list (JSON text) for a type; malformed input is an empty answer, never an error. */
export function readLearnerAnswer(type: number, answerList: string): LearnerAnswer | null {
  // Notebook quizzes 13-15 answer as types 2-4.
  const asQuestion = notebookQuestionType(type);
  if (asQuestion) return readLearnerAnswer(asQuestion, answerList);
  let raw: unknown;
  try {
    raw = JSON.parse(answerList || '[]');
  } catch {
    raw = [];
  }
  const list = Array.isArray(raw) ? raw : [raw];
  const ints = list.filter((v): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0 && v < 1000);
  const strings = list.map((v) => (typeof v === 'string' ? v.slice(0, 2000) : typeof v === 'number' ? String(v) : ''));
  switch (type) {
    case 2:
      return { type: 2, text: strings[0] ?? '' };
    case 3:
      return { type: 3, selected: ints[0] };
    case 4:
      return { type: 4, selected: ints };
    case 5:
    case 6:
      return { type, gaps: strings };
    case 7:
      return { type: 7, order: ints };
    case 11:
      // The page as edited: a JSON list holding its text.
      return { type: 11, html: typeof list[0] === 'string' ? list[0].slice(0, HTML_ANSWER_MAX) : '' };
    default:
      return null;
  }
}

/** What a type 11 evaluation reads of the stored content. */
interface HtmlTaskContent {
  rules_list: Array<{ rule_id: number; description?: string; content: unknown }>;
}

/**
 * Type 11: the server checks the submitted page against the task's rules itself (a description the
 * client sends is never read). Rating = rules met / rules; one mark per rule, in the task's order.
 */
export function scoreHtml(content: HtmlTaskContent, html: string): Evaluation {
  const { results, rating } = checkHtmlRules(html, content.rules_list);
  return {
    rating,
    answers: content.rules_list.map((r, i) => ({
      answer: r.description || ruleDescription(r.content),
      feedback: '',
      rating: results[i] ? 100 : 0,
    })),
  };
}

/** Evaluates a question of type 2-7, or an HTML/CSS task (11), from its stored content and globals (one language). */
export function evaluateQuestion(type: number, content: unknown, globals: unknown, answer: LearnerAnswer): Evaluation {
  // Notebook quizzes (13-15) score their answer list as types 2-4 (their cells are the assignment).
  if (notebookQuestionType(type)) content = { content: '', help: '', answer_list: (content as ChoiceContent).answer_list };
  switch (answer.type) {
    case 2:
      return scoreShortAnswer(content as ChoiceContent, globals as ChoiceGlobals, answer.text);
    case 3:
      return scoreSingleChoice(content as ChoiceContent, globals as ChoiceGlobals, answer.selected);
    case 4:
      return scoreMultipleChoice(content as ChoiceContent, globals as ChoiceGlobals, answer.selected);
    case 5:
    case 6:
      return scoreGaps(answer.type, content as GapContent, globals as GapGlobals, answer.gaps);
    case 7:
      return scoreReorder(content as ReorderContent, answer.order);
    case 11:
      return scoreHtml(content as HtmlTaskContent, answer.html);
  }
  throw new Error(`type ${type} is not a question`);
}

/** spec/3 §9: score = rating as a part of max_score (2 decimals). */
export const scoreOf = (rating: number, maxScore: number) => round2((clampRating(rating) * maxScore) / 100);
export const passes = (rating: number) => rating >= PASS_RATING;

/** XP and coins a task gives for its best score (the recount of a learner sums these). */
export const xpForScore = (score: number) => Math.round(score * 10);
export const coinsForScore = (score: number) => Math.round(score);

/** spec/3 §4 style classes of a task tab. */
export type TaskStatus = 'blank' | 'passed' | 'half' | 'failed';
export function taskStatus(t: {
  task_type_id: number;
  score: number;
  max_score: number;
  passed: number;
  first_time: number;
  answer_showed?: number;
}): TaskStatus {
  const content = t.task_type_id === 1 || t.task_type_id === 12;
  if (content) return t.passed ? 'passed' : 'blank';
  if (t.first_time && !t.passed) return 'blank';
  if (t.max_score > 0 && t.score >= t.max_score) return 'passed';
  if (t.passed && t.answer_showed) return 'passed';
  if (t.max_score > 0 && t.score * 2 >= t.max_score) return 'half';
  return 'failed';
}

/** spec/2 §5: harmonising splits 100 among correct and -100 among incorrect options (2 decimals). */
export function harmoniseRatings(ratings: number[]): number[] {
  const correct = ratings.filter((r) => r > 0).length;
  const wrong = ratings.length - correct;
  return ratings.map((r) => (r > 0 ? round2(100 / correct) : wrong > 0 ? round2(-100 / wrong) : 0));
}

/** spec/2 §5: the sum colour rule of the rating editor (true = green). */
export function ratingsBalanced(type: number, ratings: number[]): boolean {
  if (ratings.length === 0) return false;
  // The extended editors: 15 sums to 0, 14 and 13 have a maximum of 100.
  if (type === 4 || type === 15) return Math.abs(round2(ratings.reduce((s, r) => s + r, 0))) < 0.05;
  return Math.max(...ratings) === 100;
}

/** The nearest of the 41 allowed percentages. */
export { ALLOWED_RATINGS } from '../tasks/types';

/** What a task's progress holds before an attempt (numbers as stored; absent counts 0, first_time 1). */
export interface ProgressBefore {
  score: number;
  xp_awarded: number;
  coins_awarded: number;
  passed: number;
  first_time: number;
  rating: number;
  attempts: number;
  time_spent: number;
}

/** One attempt: its rating (0-100), or a pass without a score (reading a content task). */
export interface AttemptFacts {
  rating: number;
  maxScore: number;
  passOnly: boolean;
  answer: string;
  timeLength: number;
}

/** The progress after an attempt and what it moves (XP and coins move only when the best score rises). */
export interface NextProgress {
  attemptScore: number;
  bestScore: number;
  /** The attempt beats the best score: score, rating, XP and coins change. */
  rises: boolean;
  rating: number;
  xp_awarded: number;
  coins_awarded: number;
  xpDelta: number;
  coinsDelta: number;
  passed: 0 | 1;
  first_time: number;
  last_rating: number;
  last_answer: string;
  seconds: number;
  attempts: number;
  time_spent: number;
}

/** Longest answer kept with the progress. */
export const LAST_ANSWER_MAX = 4000;

/**
 * spec/3 §5 for one attempt at a task: a task's score only ever rises (XP and coins follow the best score,
 * so a retry never pays twice), it passes once and stays passed, first_time clears at the first scored
 * attempt, a pass-only attempt (content read) neither scores nor counts as an attempt, time is counted in
 * whole seconds of at most a day, and ratings are kept within 0-100.
 */
export function nextProgress(before: ProgressBefore, attempt: AttemptFacts): NextProgress {
  const attemptScore = attempt.passOnly ? 0 : scoreOf(attempt.rating, attempt.maxScore);
  const bestScore = Math.max(before.score, attemptScore);
  const rises = attemptScore > before.score;
  const xp = xpForScore(bestScore);
  const coins = coinsForScore(bestScore);
  const seconds = Math.max(0, Math.min(86_400, Math.round(attempt.timeLength)));
  const rating = Math.max(0, Math.min(100, attempt.rating));
  return {
    attemptScore,
    bestScore,
    rises,
    rating: rises ? rating : before.rating,
    xp_awarded: rises ? xp : before.xp_awarded,
    coins_awarded: rises ? coins : before.coins_awarded,
    xpDelta: rises ? xp - before.xp_awarded : 0,
    coinsDelta: rises ? coins - before.coins_awarded : 0,
    passed: before.passed === 1 || attempt.passOnly || passes(attempt.rating) ? 1 : 0,
    first_time: attempt.passOnly ? before.first_time : 0,
    last_rating: attempt.passOnly ? 100 : rating,
    last_answer: attempt.answer.slice(0, LAST_ANSWER_MAX),
    seconds,
    attempts: before.attempts + (attempt.passOnly ? 0 : 1),
    time_spent: before.time_spent + seconds,
  };
}
