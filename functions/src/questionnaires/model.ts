/** The stored items of the questionnaires domain and their keys (platform/db/schema.ts lists the access patterns). */
import * as z from 'zod';
import { defineEntity, num, str, type ItemOf } from '../platform/db/entity';
import { pad } from '../platform/db/keys';

export const questionnaireKeys = {
  /** A questionnaire (the admin list is the partition): pk=QUESTIONNAIRES, sk=QN#{id}. */
  questionnaire: (id: number) => ({ pk: 'QUESTIONNAIRES', sk: `QN#${pad(id)}` }),
  all: () => ({ pk: 'QUESTIONNAIRES', prefix: 'QN#' }),
  /** An element (question) of a questionnaire: pk=QUESTIONNAIRE#{qid}, sk=EL#{id}. */
  element: (questionnaireId: number, id: number) => ({ pk: `QUESTIONNAIRE#${questionnaireId}`, sk: `EL#${pad(id)}` }),
  elementsOf: (questionnaireId: number) => ({ pk: `QUESTIONNAIRE#${questionnaireId}`, prefix: 'EL#' }),
  /** GSI2: an element by its id (the order, page and delete calls send only the element's id). */
  elementById: (id: number) => ({ gsi2pk: `QEL#${id}`, gsi2sk: 'QEL' }),
  /** Where a questionnaire was sent: pk=QSEND#G#{groupId} or QSEND#C#{courseId}, sk=QN#{qid}. */
  sentToGroup: (groupId: number, questionnaireId: number) => ({ pk: `QSEND#G#${groupId}`, sk: `QN#${pad(questionnaireId)}` }),
  sentToCourse: (courseId: number, questionnaireId: number) => ({ pk: `QSEND#C#${courseId}`, sk: `QN#${pad(questionnaireId)}` }),
  sendsOfGroup: (groupId: number) => ({ pk: `QSEND#G#${groupId}`, prefix: 'QN#' }),
  sendsOfCourse: (courseId: number) => ({ pk: `QSEND#C#${courseId}`, prefix: 'QN#' }),
  /** A user's questionnaire (status, score, answers): pk=USER#{uid}, sk=UQN#{qid}. */
  mine: (userId: number, questionnaireId: number) => ({ pk: `USER#${userId}`, sk: `UQN#${pad(questionnaireId)}` }),
  /** GSI2: a user's questionnaire by its id (u_id of save and submit). */
  mineById: (uid: number) => ({ gsi2pk: `UQN#${uid}`, gsi2sk: 'UQN' }),
};

export const questionnaires = defineEntity('questionnaire', {
  id: z.number(),
  name: str(),
  lang_id: num(1),
  created_at: str(),
  created_by: num(),
  /** Where it was sent (so a delete removes the sends too). */
  group_ids: z.array(z.number()).default([]),
  course_ids: z.array(z.number()).default([]),
});
export type QuestionnaireRecord = ItemOf<typeof questionnaires>;

export const elements = defineEntity('questionnaire-element', {
  id: z.number(),
  questionnaire_id: z.number(),
  page: num(1),
  q_order: num(),
  q_type: z.number(),
  lang_id: num(1),
  /** JSON text of the content fields, description sanitised. */
  content: str('{}'),
});
export type ElementRecord = ItemOf<typeof elements>;

export const sends = defineEntity('questionnaire-send', {
  questionnaire_id: z.number(),
  group_id: num(),
  course_id: num(),
  /** The course's or group's name when sent (the student's list shows it). */
  target_name: str(),
  sent_at: str(),
});
export type SendRecord = ItemOf<typeof sends>;

export const mine = defineEntity('user-questionnaire', {
  uid: z.number(),
  user_id: z.number(),
  questionnaire_id: z.number(),
  q_status: z.enum(['started', 'finished']),
  score: num(),
  course: str(),
  created_at: str(),
  /** Element id → the answer JSON text. */
  answers: z.record(z.string(), z.string()).default({}),
});
export type MineRecord = ItemOf<typeof mine>;
