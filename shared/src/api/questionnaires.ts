/**
 * Questionnaires domain (spec/3 "Questionnaires", §2, §3 Questionnaire and Question, §4 "Questionnaire
 * for student", §5, §6, §7 "Users activity, questionnaires, messages", §8, §9): an admin builds a paged
 * questionnaire of elements (question types 0-8) and sends it to groups and courses; a student who is a
 * member of such a group, or started such a course, answers it and submits it once.
 */
import * as z from 'zod';
import { defineDomain, idParam, okResponse } from '../registry';
import { performance } from './accounts';
import { questionnaireLimits } from './plain-texts';

/** §3: 0 description/title, 1 description, 2 one choice, 3 multi choice, 4/5 the same 'with other', 6 free answer, 7 Likert 5, 8 Likert 7. */
export const QUESTION_TYPES = [0, 1, 2, 3, 4, 5, 6, 7, 8] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];
/** Types that carry choices (one per line). */
export const CHOICE_TYPES: readonly number[] = [2, 3, 4, 5];
/** Types with an 'other' option and its description. */
export const OTHER_TYPES: readonly number[] = [4, 5];
/** Types where several choices may be ticked. */
export const MULTI_TYPES: readonly number[] = [3, 5];
/** §9: Likert scales of 5 and 7 points. */
export const LIKERT_POINTS: Readonly<Record<number, number>> = { 7: 5, 8: 7 };
/** Types a student answers (0 and 1 are texts). */
export const answerable = (qtype: number) => qtype >= 2 && qtype <= 8;
/** The value of `answer` that stands for the 'other' option of types 4 and 5. */
export const OTHER_CHOICE = -1;

export { questionnaireLimits, questionnaireTexts } from './plain-texts';

/** The content JSON of an element (§3 content fields); each field is optional, bounded. */
export const questionContent = z.object({
  description: z.string().max(questionnaireLimits.descriptionChars).default(''),
  choices: z.string().max(questionnaireLimits.choices * (questionnaireLimits.choiceChars + 1)).default(''),
  other_descr: z.string().max(questionnaireLimits.shortChars).default(''),
  desc_first: z.string().max(questionnaireLimits.shortChars).default(''),
  desc_last: z.string().max(questionnaireLimits.shortChars).default(''),
});
export type QuestionContent = z.output<typeof questionContent>;

/** The answer JSON of a question (§3: answer, answers, answer_descr). */
export const questionAnswer = z.object({
  answer: z.number().int().min(-1).max(questionnaireLimits.choices).nullable().optional(),
  answers: z.array(z.number().int().min(-1).max(questionnaireLimits.choices)).max(questionnaireLimits.choices + 1).optional(),
  answer_descr: z.string().max(questionnaireLimits.freeAnswerChars).optional(),
});
export type QuestionAnswer = z.infer<typeof questionAnswer>;

/** Choices of a content: one per line, blank lines left out. */
export const choicesOf = (content: Pick<QuestionContent, 'choices'>): string[] =>
  content.choices
    .split('\n')
    .map((c) => c.trim())
    .filter(Boolean);

const pageNo = z.number().int().min(1).max(questionnaireLimits.pages);
const qtype = z.number().int().min(0).max(8);
const langId = z.number().int().min(1).max(99);
const idList = z.array(idParam).max(questionnaireLimits.targets);

export const questionnaireItem = z.object({
  id: z.number().int(),
  name: z.string(),
  lang_id: z.number().int(),
  created_at: z.string(),
});
export type QuestionnaireListItem = z.infer<typeof questionnaireItem>;

/** An element of a questionnaire (§3 Question): content is JSON text, as the spec says. */
export const questionElement = z.object({
  id: z.number().int(),
  page: z.number().int(),
  q_order: z.number().int(),
  q_type: z.number().int(),
  lang_id: z.number().int(),
  content: z.string(),
});
export type QuestionElement = z.infer<typeof questionElement>;

export const myQuestionnaireItem = z.object({
  id: z.number().int(),
  uid: z.number().int(),
  name: z.string(),
  course: z.string(),
  /** new (not opened yet), started (editable) or finished (after Submit). */
  q_status: z.enum(['new', 'started', 'finished']),
  score: z.number().int(),
  created_at: z.string(),
});
export type MyQuestionnaireItem = z.infer<typeof myQuestionnaireItem>;

/** A question as the student sees it, with their answer JSON ('' when not answered). */
export const myQuestion = questionElement.extend({ answer: z.string() });
export type MyQuestion = z.infer<typeof myQuestion>;

export const myQuestionnaire = z.object({
  message: z.literal('OK'),
  uid: z.number().int(),
  id: z.number().int(),
  title: z.string(),
  course: z.string(),
  created_at: z.string(),
  q_status: z.enum(['started', 'finished']),
  score: z.number().int(),
  questions: z.array(myQuestion),
});
export type MyQuestionnaire = z.infer<typeof myQuestionnaire>;

export const saveElementBody = z.object({
  /** 0 creates a new questionnaire with this element. */
  questionnaire_id: z.number().int().min(0).max(2_147_483_647),
  /** 0 adds a new element. */
  question_id: z.number().int().min(0).max(2_147_483_647),
  qtype,
  lang_id: langId,
  /** JSON text of the content fields. */
  content: z.string().max(questionnaireLimits.contentChars),
  page: pageNo,
});
export type SaveElementBody = z.infer<typeof saveElementBody>;

export const questionnairesRoutes = defineDomain('questionnaires', (route) => ({
  getQuestionaires: route({
    method: 'GET', path: '/get-questionaires', access: 'admin',
    summary: 'Admin questionnaire list (name, lang, created at) and the groups it can be sent to',
    response: z.object({ list: z.array(questionnaireItem), groups: z.array(z.object({ id: z.number().int(), group_name: z.string() })) }),
  }),
  getQuestionaire: route({
    method: 'GET', path: '/get-questionaire/{id}', access: 'admin',
    summary: 'The elements of a questionnaire for the paged editor',
    params: z.object({ id: idParam }),
    response: z.object({ q_id: z.number().int(), name: z.string(), lang_id: z.number().int(), list: z.array(questionElement) }),
  }),
  saveQuestionaireElement: route({
    method: 'POST', path: '/save-questionaire-element', access: 'admin',
    summary: 'Adds or edits an element (question types 0-8); questionnaire_id 0 creates the questionnaire',
    body: saveElementBody,
    response: z.object({ message: z.literal('OK'), id: z.number().int(), q_id: z.number().int() }),
  }),
  changeQueElementOrder: route({
    method: 'POST', path: '/change-que-element-order', access: 'admin',
    summary: 'Swaps the order of two elements of a questionnaire (stale orders are refused)',
    body: z.object({ id1: idParam, id2: idParam, order1: z.number().int().min(0).max(1_000_000), order2: z.number().int().min(0).max(1_000_000) }),
    response: okResponse,
  }),
  deleteQueElement: route({
    method: 'POST', path: '/delete-que-element', access: 'admin',
    summary: 'Deletes an element of a questionnaire', body: z.object({ id: idParam }), response: okResponse,
  }),
  changePageQueElement: route({
    method: 'POST', path: '/change-page-que-element', access: 'admin',
    summary: 'Moves an element to another page (it goes last there)',
    body: z.object({ id: idParam, page: pageNo }), response: okResponse,
  }),
  sendQuestionnaire: route({
    method: 'POST', path: '/send-questionnaire', access: 'admin',
    summary: 'Sends a questionnaire to groups (their members) and courses (users who started them)',
    body: z.object({ group_list: idList, course_list: idList, questionnaire_id: idParam }),
    response: z.object({ message: z.literal('OK'), groups: z.number().int(), courses: z.number().int() }),
  }),
  deleteQuestionnaire: route({
    method: 'POST', path: '/delete-questionnaire', access: 'admin',
    summary: 'Deletes a questionnaire with its elements and sends (the admin list\u2019s delete icon; the spec names no call)',
    body: z.object({ questionnaire_id: idParam }), response: okResponse,
  }),
  getMyQuestionaires: route({
    method: 'GET', path: '/get-my-questionaires', access: 'user',
    summary: 'Questionnaires sent to the caller (name, course, status, score, created at)',
    response: z.object({ list: z.array(myQuestionnaireItem) }),
  }),
  getMyQuestionaire: route({
    method: 'GET', path: '/get-my-questionaire/{id}', access: 'user',
    summary: 'Opens (once: started) a questionnaire sent to the caller, with their saved answers',
    params: z.object({ id: idParam }), response: myQuestionnaire,
  }),
  saveMyQanswer: route({
    method: 'POST', path: '/save-my-qanswer', access: 'user',
    summary: 'Saves the caller\u2019s answer to one question while the questionnaire is started',
    body: z.object({ u_id: idParam, q_id: idParam, answer: z.string().max(questionnaireLimits.answerChars) }),
    response: okResponse,
  }),
  submitQuestionnaire: route({
    method: 'POST', path: '/submit-questionnaire', access: 'user',
    summary: 'Submits the caller\u2019s questionnaire once (finished, read-only) and credits XP and coins',
    body: z.object({ u_id: idParam }),
    response: z.object({ message: z.literal('OK'), score: z.number().int(), user: z.object({ performance }) }),
  }),
}));
