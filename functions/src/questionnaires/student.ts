/**
 * The student side of questionnaires (spec/3 §4 "Questionnaire for student", §7): the list of
 * questionnaires sent to the caller (a group they are a member of, a course they started), opening
 * one (started), saving answers as they go while it is started, and submitting it once (finished,
 * read-only; XP and coins credited in the same transaction as the status change).
 */
import { TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { coinsForScore, formatSpecTime, xpForScore } from '@lectio/shared';
import { answerable, questionnaireTexts as texts, type MyQuestionnaireItem } from '@lectio/shared/api/questionnaires';
import { accountKeys } from '../accounts';
import { catalogueKeys, userCourses } from '../catalogue';
import { relationsOfUser } from '../groups';
import { readPerformance } from '../player';
import { db, table } from '../platform/db/client';
import { nextId } from '../platform/db/counters';
import { createOrGet, orFail } from '../platform/db/operations';
import { GSI2 } from '../platform/db/schema';
import { Forbidden, Invalid, NotFound } from '../platform/http/errors';
import { elementsOf } from './admin';
import { elements, mine, questionnaireKeys as keys, questionnaires, sends, type MineRecord, type SendRecord } from './model';
import { checkAnswer, contentOf, scoreOf } from './rules';

interface Caller { userId: number; roleId: number }

/** How many groups and courses of a user are looked at (each one query). */
const TARGETS_READ = 50;

const refused = (description: string) => new Forbidden(texts.error, description);
const missing = (description: string) => new NotFound(texts.error, description);

/** The sends that reach the user, one per questionnaire (a course's send first: it names the course). */
async function sendsToUser(userId: number): Promise<Map<number, SendRecord>> {
  const [relations, courses] = await Promise.all([relationsOfUser(userId), userCourses.queryPrefix(catalogueKeys.userCourses(userId))]);
  const groupIds = [...new Set(relations.filter((r) => r.role === 'member').map((r) => r.group_id))].slice(0, TARGETS_READ);
  const courseIds = courses.map((c) => c.course_id).slice(0, TARGETS_READ);
  const lists = await Promise.all([
    ...courseIds.map((id) => sends.queryPrefix(keys.sendsOfCourse(id))),
    ...groupIds.map((id) => sends.queryPrefix(keys.sendsOfGroup(id))),
  ]);
  const byQuestionnaire = new Map<number, SendRecord>();
  for (const s of lists.flat()) if (!byQuestionnaire.has(s.questionnaire_id)) byQuestionnaire.set(s.questionnaire_id, s);
  return byQuestionnaire;
}

export async function myQuestionnaires(user: Caller) {
  const sent = await sendsToUser(user.userId);
  const ids = [...sent.keys()];
  if (!ids.length) return { list: [] };
  const [found, records] = await Promise.all([
    questionnaires.batchGet(ids.map((id) => keys.questionnaire(id))),
    mine.batchGet(ids.map((id) => keys.mine(user.userId, id))),
  ]);
  const own = new Map(records.map((r) => [r.questionnaire_id, r]));
  const list: MyQuestionnaireItem[] = found
    .sort((a, b) => b.id - a.id)
    .map((q) => {
      const r = own.get(q.id);
      return {
        id: q.id, uid: r?.uid ?? 0, name: q.name, course: sent.get(q.id)?.target_name ?? '',
        q_status: r?.q_status ?? 'new', score: r?.score ?? 0, created_at: q.created_at,
      };
    });
  return { list };
}

/** Opens a questionnaire sent to the caller: the first open makes their record (started). */
export async function myQuestionnaire(user: Caller, id: number) {
  const q = await questionnaires.get(keys.questionnaire(id));
  if (!q) throw missing(texts.notFound);
  let record = await mine.get(keys.mine(user.userId, id), { consistent: true });
  if (!record) {
    const send = (await sendsToUser(user.userId)).get(id);
    if (!send) throw refused(texts.notSent);
    const uid = await nextId('user_questionnaire');
    // A second tab racing this one gets the record the first one made.
    const made = await createOrGet({
      ...keys.mine(user.userId, id), ...keys.mineById(uid), type: 'user-questionnaire', uid, user_id: user.userId, questionnaire_id: id,
      q_status: 'started', score: 0, course: send.target_name, created_at: formatSpecTime(Date.now()), answers: {},
    });
    record = mine.parse(made.item);
  }
  const list = await elementsOf(id);
  return {
    message: 'OK' as const, uid: record.uid, id: q.id, title: q.name, course: record.course, created_at: record.created_at,
    q_status: record.q_status, score: record.score,
    questions: list.map((e) => ({ id: e.id, page: e.page, q_order: e.q_order, q_type: e.q_type, lang_id: e.lang_id, content: e.content, answer: record.answers[String(e.id)] ?? '' })),
  };
}

/** The caller's questionnaire by u_id (GSI2); another user's is refused. */
async function ownRecord(user: Caller, uid: number): Promise<MineRecord> {
  const { items } = await mine.queryPage({ IndexName: GSI2, KeyConditionExpression: 'gsi2pk = :k', ExpressionAttributeValues: { ':k': keys.mineById(uid).gsi2pk } });
  const found = items[0];
  if (!found) throw missing(texts.notFound);
  if (found.user_id !== user.userId) throw refused(texts.notYours);
  // The index is eventually consistent: the status is read from the item itself.
  const record = await mine.get(keys.mine(user.userId, found.questionnaire_id), { consistent: true });
  if (!record) throw missing(texts.notFound);
  return record;
}

const finishedError = () => new Invalid(texts.error, undefined, texts.finished);

export async function saveAnswer(user: Caller, body: { u_id: number; q_id: number; answer: string }) {
  const record = await ownRecord(user, body.u_id);
  if (record.q_status !== 'started') throw finishedError();
  // One read by key: the element must be of the caller's questionnaire.
  const element = await elements.get(keys.element(record.questionnaire_id, body.q_id));
  if (!element) throw missing(texts.elementNotFound);
  if (!answerable(element.q_type)) throw new Invalid(texts.error, undefined, texts.notAnswerable);
  const kept = checkAnswer(element.q_type, contentOf(element.content), body.answer);
  if (kept === null) throw new Invalid(texts.error, undefined, texts.badAnswer);
  // One attribute of the answers map (a path the typed update does not spell), only while started.
  await orFail(
    db.send(
      new UpdateCommand({
        TableName: table(),
        Key: keys.mine(user.userId, record.questionnaire_id),
        UpdateExpression: 'SET #a.#q = :answer',
        ConditionExpression: 'q_status = :started',
        ExpressionAttributeNames: { '#a': 'answers', '#q': String(element.id) },
        ExpressionAttributeValues: { ':answer': kept, ':started': 'started' },
      }),
    ),
    finishedError,
  );
  return { message: 'OK' as const };
}

/** Submits once: finished with its score and the user's XP and coins in one transaction (a second submit fails). */
export async function submitQuestionnaire(user: Caller, uid: number) {
  const record = await ownRecord(user, uid);
  if (record.q_status !== 'started') throw finishedError();
  const score = scoreOf(await elementsOf(record.questionnaire_id), record.answers);
  const xp = xpForScore(score);
  const coins = coinsForScore(score);
  await orFail(
    db.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: mine.updateInput(keys.mine(user.userId, record.questionnaire_id), {
              set: { q_status: 'finished', score },
              condition: 'q_status = :started',
              values: { ':started': 'started' },
            }),
          },
          {
            Update: {
              TableName: table(),
              Key: accountKeys.user(user.userId),
              UpdateExpression: 'ADD xp :dx, coins :dc',
              ConditionExpression: 'attribute_exists(pk)',
              ExpressionAttributeValues: { ':dx': xp, ':dc': coins },
            },
          },
        ],
      }),
    ),
    finishedError,
  );
  const p = await readPerformance(user.userId, true);
  return { message: 'OK' as const, score, user: { performance: { xp: p.xp, coins: p.coins, level: p.level, badges: p.badges } } };
}
