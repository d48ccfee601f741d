/**
 * Essay (type 16) and GenAI (type 17) answers (spec/3 §3 "GenAI content", "Essay attempt", §4 "Essay
 * and GenAI", §5 saving rules, §9): one pure module used by the player (what may be saved), the server
 * (the same rules again, after sanitising) and the teacher's review. Lectio calls no model: a GenAI
 * answer is the learner's own record of a dialogue they had elsewhere.
 */
import * as z from 'zod';

export const ESSAY = 16;
export const GENAI = 17;
export const isEssayType = (type: number) => type === ESSAY || type === GENAI;

/** spec/3 §5, §9: a GenAI dialogue has 1 to 10 exchanges. */
export const GENAI_MIN_EXCHANGES = 1;
export const GENAI_MAX_EXCHANGES = 10;
/** Limits of what one attempt carries (the answer travels as JSON text of at most 100,000 characters). */
export const ESSAY_MAX_CHARS = 60_000;
export const GENAI_FIELD_MAX = 8_000;
export const ESSAY_COMMENT_MAX = 5_000;

/** spec/3 §4, §8: the texts of the lock and of a saved review. */
export const ESSAY_LOCKED = 'Editation locked – teacher comment exists.';
export const ESSAY_REVIEW_SAVED = 'This is info: Saved succesfully';

export const genaiExchange = z.object({
  prompt: z.string().max(GENAI_FIELD_MAX).default(''),
  reply: z.string().max(GENAI_FIELD_MAX).default(''),
  reflection: z.string().max(GENAI_FIELD_MAX).default(''),
});
export type GenaiExchange = z.infer<typeof genaiExchange>;
export const genaiAnswer = z.array(genaiExchange).min(GENAI_MIN_EXCHANGES).max(GENAI_MAX_EXCHANGES);
export const essayAnswer = z.string().max(ESSAY_MAX_CHARS);

export type EssayAnswer = { type: 16; html: string } | { type: 17; exchanges: GenaiExchange[] };

export const emptyExchange = (): GenaiExchange => ({ prompt: '', reply: '', reflection: '' });

/** The answer of a type 16 or 17 task read from its JSON text (`answer_list`); null when malformed. */
export function readEssayAnswer(type: number, text: string): EssayAnswer | null {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return null;
  }
  if (type === ESSAY) {
    const parsed = essayAnswer.safeParse(raw);
    return parsed.success ? { type: 16, html: parsed.data } : null;
  }
  if (type === GENAI) {
    const parsed = genaiAnswer.safeParse(raw);
    return parsed.success ? { type: 17, exchanges: parsed.data } : null;
  }
  return null;
}

/** The answer as the JSON text that is stored and compared (`answer_list`). */
export const essayAnswerText = (answer: EssayAnswer): string => JSON.stringify(answer.type === ESSAY ? answer.html : answer.exchanges);

/** The visible text of rich-text HTML (tags dropped, entities of spaces as spaces), trimmed. */
export const visibleText = (html: string): string =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;|&#160;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** spec/3 §5: an essay is empty without visible text (an image counts); a dialogue is empty when every field is blank. */
export function isEmptyAnswer(answer: EssayAnswer): boolean {
  if (answer.type === ESSAY) return visibleText(answer.html) === '' && !/<img\b/i.test(answer.html);
  return answer.exchanges.every((e) => !e.prompt.trim() && !e.reply.trim() && !e.reflection.trim());
}

/** The attempt's length as the attempts list shows it: characters of visible text. */
export function answerLength(answer: EssayAnswer): number {
  if (answer.type === ESSAY) return visibleText(answer.html).length;
  return answer.exchanges.reduce((n, e) => n + e.prompt.trim().length + e.reply.trim().length + e.reflection.trim().length, 0);
}

/** A save is worth sending only when the answer is not empty and differs from the last saved one. */
export const shouldSaveAnswer = (answer: EssayAnswer, lastSaved: string | null, locked: boolean): boolean =>
  !locked && !isEmptyAnswer(answer) && essayAnswerText(answer) !== lastSaved;

/** The teacher's score as a rating in percent (two decimals), as the player's progress stores it. */
export const reviewRating = (score: number, maxScore: number): number => (maxScore > 0 ? Math.round((Math.min(score, maxScore) / maxScore) * 10_000) / 100 : 0);
