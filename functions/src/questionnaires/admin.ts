/**
 * The admin side of questionnaires (spec/3 §7): the list, the paged editor's element calls (save,
 * order, page, delete), sending to groups and courses, and deleting a questionnaire. Admin-only routes
 * (§6); the registry refuses everyone else before these run. Errors carry message 'Error' and the
 * description the editor shows (§5, §8).
 */
import { formatSpecTime } from '@lectio/shared';
import { questionnaireLimits, questionnaireTexts as texts, type SaveElementBody } from '@lectio/shared/api/questionnaires';
import { batchGet, catalogueKeys, textOr, userLanguage } from '../catalogue';
import { groupItems, newestGroups } from '../groups';
import { batchDelete, batchPut } from '../platform/db/batch';
import { nextId } from '../platform/db/counters';
import { swapOrders } from '../platform/db/operations';
import { GSI2 } from '../platform/db/schema';
import { sanitizeRichText } from '../platform/content/sanitize';
import { Conflict, Invalid, NotFound } from '../platform/http/errors';
import { elements, questionnaireKeys as keys, questionnaires, type ElementRecord } from './model';
import { cleanContent, nameOf } from './rules';

interface Caller { userId: number; roleId: number }

/** How many groups the send dialog offers (the newest). */
const OFFERED_GROUPS = 200;

export const fail = (description: string) => new Invalid(texts.error, undefined, description);
const missing = (description: string) => new NotFound(texts.error, description);

const byPosition = (a: ElementRecord, b: ElementRecord) => a.page - b.page || a.q_order - b.q_order || a.id - b.id;
export const elementsOf = async (questionnaireId: number) => (await elements.queryPrefix(keys.elementsOf(questionnaireId), { ConsistentRead: true })).sort(byPosition);

async function questionnaireOf(id: number) {
  const q = await questionnaires.get(keys.questionnaire(id), { consistent: true });
  if (!q) throw missing(texts.notFound);
  return q;
}

/** An element by its id alone (GSI2), or NotFound. */
async function elementById(id: number): Promise<ElementRecord> {
  const { items } = await elements.queryPage({ IndexName: GSI2, KeyConditionExpression: 'gsi2pk = :k', ExpressionAttributeValues: { ':k': keys.elementById(id).gsi2pk } });
  if (!items[0]) throw missing(texts.elementNotFound);
  return items[0];
}

/** Keeps the list's name (the first title) in step with the elements. */
async function refreshName(questionnaireId: number, langId?: number) {
  const name = nameOf(await elementsOf(questionnaireId), questionnaireId);
  await questionnaires.update(keys.questionnaire(questionnaireId), { set: { name, ...(langId ? { lang_id: langId } : {}) }, condition: 'attribute_exists(pk)' });
}

const nextOrder = (list: ElementRecord[]) => list.reduce((max, e) => Math.max(max, e.q_order), 0) + 1;

export async function questionnaireList() {
  const [list, groups] = await Promise.all([questionnaires.queryPrefix(keys.all()), newestGroups(OFFERED_GROUPS)]);
  return {
    list: list.sort((a, b) => b.id - a.id).map((q) => ({ id: q.id, name: q.name, lang_id: q.lang_id, created_at: q.created_at })),
    groups: groups.map((g) => ({ id: g.id, group_name: g.name })),
  };
}

export async function questionnaireElements(id: number) {
  const [q, list] = await Promise.all([questionnaireOf(id), elementsOf(id)]);
  return {
    q_id: q.id,
    name: q.name,
    lang_id: q.lang_id,
    list: list.map((e) => ({ id: e.id, page: e.page, q_order: e.q_order, q_type: e.q_type, lang_id: e.lang_id, content: e.content })),
  };
}

export async function saveElement(user: Caller, body: SaveElementBody) {
  const cleaned = cleanContent(body.qtype, body.content, sanitizeRichText);
  if ('error' in cleaned) throw fail(cleaned.error);
  let qid = body.questionnaire_id;
  if (qid === 0) {
    if (body.question_id !== 0) throw missing(texts.elementNotFound);
    qid = await nextId('questionnaire');
    await questionnaires.put({ ...keys.questionnaire(qid), type: 'questionnaire', id: qid, name: '', lang_id: body.lang_id, created_at: formatSpecTime(Date.now()), created_by: user.userId });
  } else await questionnaireOf(qid);
  const list = await elementsOf(qid);
  const fields = { q_type: body.qtype, lang_id: body.lang_id, content: cleaned.json, page: body.page };
  let id = body.question_id;
  if (id === 0) {
    if (list.length >= questionnaireLimits.elements) throw fail(texts.tooManyElements);
    id = await nextId('questionnaire_element');
    await elements.put({ ...keys.element(qid, id), ...keys.elementById(id), type: 'questionnaire-element', id, questionnaire_id: qid, q_order: nextOrder(list), ...fields });
  } else {
    if (!list.some((e) => e.id === id)) throw missing(texts.elementNotFound);
    await elements.update(keys.element(qid, id), { set: fields, condition: 'attribute_exists(pk)' });
  }
  await refreshName(qid, body.lang_id);
  return { message: 'OK' as const, id, q_id: qid };
}

/** Swaps two elements' orders; the orders the editor saw must still hold (a stale swap is refused). */
export async function changeOrder(body: { id1: number; id2: number; order1: number; order2: number }) {
  const [a, b] = await Promise.all([elementById(body.id1), elementById(body.id2)]);
  if (a.questionnaire_id !== b.questionnaire_id) throw fail(texts.otherQuestionnaire);
  await swapOrders(
    'q_order',
    { key: keys.element(a.questionnaire_id, a.id), order: body.order1, newOrder: body.order2 },
    { key: keys.element(b.questionnaire_id, b.id), order: body.order2, newOrder: body.order1 },
    () => new Conflict(texts.error, texts.orderChanged),
  );
  await refreshName(a.questionnaire_id);
  return { message: 'OK' as const };
}

export async function deleteElement(id: number) {
  const e = await elementById(id);
  await elements.remove(keys.element(e.questionnaire_id, e.id));
  await refreshName(e.questionnaire_id);
  return { message: 'OK' as const };
}

/** Moves an element to another page, last there. */
export async function changePage(id: number, page: number) {
  const e = await elementById(id);
  const list = await elementsOf(e.questionnaire_id);
  await elements.update(keys.element(e.questionnaire_id, e.id), { set: { page, q_order: nextOrder(list) }, condition: 'attribute_exists(pk)' });
  await refreshName(e.questionnaire_id);
  return { message: 'OK' as const };
}

interface CourseNames { course_id: number; names?: Record<string, string> }

/** Sends to groups (their members) and courses (users who started them); sending again changes nothing. */
export async function sendQuestionnaire(user: Caller, body: { group_list: number[]; course_list: number[]; questionnaire_id: number }) {
  const q = await questionnaireOf(body.questionnaire_id);
  const groupIds = [...new Set(body.group_list)];
  const courseIds = [...new Set(body.course_list)];
  if (groupIds.length + courseIds.length === 0) throw fail(texts.noTargets);
  const [groups, courses, lang] = await Promise.all([
    groupItems(groupIds),
    courseIds.length ? batchGet<CourseNames>(courseIds.map((id) => catalogueKeys.course(id))) : Promise.resolve([]),
    userLanguage(user.userId),
  ]);
  if (groups.length !== groupIds.length) throw fail(texts.unknownGroup);
  if (courses.length !== courseIds.length) throw fail(texts.unknownCourse);
  const sentAt = formatSpecTime(Date.now());
  await batchPut([
    ...groups.map((g) => ({ ...keys.sentToGroup(g.id, q.id), type: 'questionnaire-send', questionnaire_id: q.id, group_id: g.id, course_id: 0, target_name: g.name, sent_at: sentAt })),
    ...courses.map((c) => ({ ...keys.sentToCourse(c.course_id, q.id), type: 'questionnaire-send', questionnaire_id: q.id, group_id: 0, course_id: c.course_id, target_name: textOr(c.names, lang), sent_at: sentAt })),
  ]);
  await questionnaires.update(keys.questionnaire(q.id), {
    set: { group_ids: [...new Set([...q.group_ids, ...groupIds])], course_ids: [...new Set([...q.course_ids, ...courseIds])] },
    condition: 'attribute_exists(pk)',
  });
  return { message: 'OK' as const, groups: groups.length, courses: courses.length };
}

/** Deletes a questionnaire, its elements and its sends (students' answers stay, unreachable). */
export async function deleteQuestionnaire(id: number) {
  const q = await questionnaireOf(id);
  const list = await elementsOf(id);
  await batchDelete([
    ...list.map((e) => keys.element(id, e.id)),
    ...q.group_ids.map((g) => keys.sentToGroup(g, id)),
    ...q.course_ids.map((c) => keys.sentToCourse(c, id)),
  ]);
  await questionnaires.remove(keys.questionnaire(id));
  return { message: 'OK' as const };
}
