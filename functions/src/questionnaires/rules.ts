/**
 * The questionnaire's rules as plain functions (no database): what a content JSON may hold for a
 * question type, whether an answer JSON fits its question, and the score of a submitted questionnaire.
 */
import {
  CHOICE_TYPES,
  LIKERT_POINTS,
  MULTI_TYPES,
  OTHER_CHOICE,
  OTHER_TYPES,
  answerable,
  choicesOf,
  questionAnswer,
  questionContent,
  questionnaireLimits,
  questionnaireTexts,
  type QuestionAnswer,
  type QuestionContent,
} from '@lectio/shared/api/questionnaires';

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

/** The content of a stored element (a malformed one reads as empty). */
export function contentOf(text: string): QuestionContent {
  const out = questionContent.safeParse(parseJson(text) ?? {});
  return out.success ? out.data : questionContent.parse({});
}

/**
 * The content an admin sends, checked for its type and with the description sanitised: the JSON text
 * to store, or the description of why not.
 */
export function cleanContent(qtype: number, text: string, sanitize: (html: string) => string): { json: string } | { error: string } {
  const parsed = questionContent.safeParse(parseJson(text));
  if (!parsed.success) return { error: questionnaireTexts.badContent };
  const c = parsed.data;
  const choices = choicesOf(c);
  if (CHOICE_TYPES.includes(qtype)) {
    if (choices.length === 0) return { error: questionnaireTexts.noChoices };
    if (choices.length > questionnaireLimits.choices || choices.some((x) => x.length > questionnaireLimits.choiceChars)) return { error: questionnaireTexts.badContent };
  }
  const kept: QuestionContent = {
    description: sanitize(c.description),
    choices: CHOICE_TYPES.includes(qtype) ? choices.join('\n') : '',
    other_descr: OTHER_TYPES.includes(qtype) ? c.other_descr.trim() : '',
    desc_first: qtype in LIKERT_POINTS ? c.desc_first.trim() : '',
    desc_last: qtype in LIKERT_POINTS ? c.desc_last.trim() : '',
  };
  return { json: JSON.stringify(kept) };
}

/** The plain text of a description (the questionnaire's name is its first title). */
export const plainText = (html: string): string =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/\s+/g, ' ')
    .trim();

/** The name of a questionnaire: the text of its first element of type 0 (title), else of any element. */
export function nameOf(list: Array<{ q_type: number; page: number; q_order: number; content: string }>, id: number): string {
  const ordered = [...list].sort((a, b) => a.page - b.page || a.q_order - b.q_order);
  const title = ordered.find((e) => e.q_type === 0) ?? ordered[0];
  const text = title ? plainText(contentOf(title.content).description) : '';
  return (text || `Questionnaire ${id}`).slice(0, questionnaireLimits.nameChars);
}

/** Whether a choice index is one of the question's choices (or its 'other' option). */
const choiceFits = (index: number, count: number, withOther: boolean) => (index >= 0 && index < count) || (withOther && index === OTHER_CHOICE);

/**
 * Checks a student's answer JSON against its question: the normalised JSON text to store, or null
 * when it does not fit (wrong shape, a choice that does not exist, a Likert point off the scale).
 */
export function checkAnswer(qtype: number, content: QuestionContent, text: string): string | null {
  if (!answerable(qtype)) return null;
  const parsed = questionAnswer.safeParse(parseJson(text));
  if (!parsed.success) return null;
  const a = parsed.data;
  const count = choicesOf(content).length;
  const withOther = OTHER_TYPES.includes(qtype);
  const descr = a.answer_descr?.trim() ?? '';
  let kept: QuestionAnswer;
  if (qtype in LIKERT_POINTS) {
    if (a.answer == null || a.answer < 1 || a.answer > LIKERT_POINTS[qtype]!) return null;
    kept = { answer: a.answer };
  } else if (qtype === 6) {
    kept = { answer_descr: descr };
  } else if (MULTI_TYPES.includes(qtype)) {
    const answers = [...new Set(a.answers ?? [])];
    if (!answers.every((i) => choiceFits(i, count, withOther))) return null;
    kept = { answers: answers.sort((x, y) => x - y), ...(withOther && answers.includes(OTHER_CHOICE) ? { answer_descr: descr } : {}) };
  } else {
    if (a.answer == null || !choiceFits(a.answer, count, withOther)) return null;
    kept = { answer: a.answer, ...(withOther && a.answer === OTHER_CHOICE ? { answer_descr: descr } : {}) };
  }
  return JSON.stringify(kept);
}

/** Whether a stored answer counts as answered (a choice, a point, some text). */
export function isAnswered(text: string | undefined): boolean {
  if (!text) return false;
  const a = (parseJson(text) ?? {}) as QuestionAnswer;
  return (a.answer != null && a.answer !== undefined) || (a.answers?.length ?? 0) > 0 || (a.answer_descr?.trim() ?? '') !== '';
}

/** The score of a submitted questionnaire: the number of its questions the student answered. */
export function scoreOf(list: Array<{ id: number; q_type: number }>, answers: Record<string, string>): number {
  return list.filter((e) => answerable(e.q_type) && isAnswered(answers[String(e.id)])).length;
}
