/**
 * Answer records of both test kinds (spec/3 §3, §4): id 0 starts an attempt, later saves update it
 * while `final` is 0; the final save fixes score, scales and time_length. Nothing the client
 * computed is stored: score and rslt come from the raw answers, time_length from the server clock.
 * An attempt uses one of a personalisation test's repeats (rpt) when it is finished, not when it
 * is started (store.ts).
 */
import { formatSpecTime, type PersonTestType, type PsychoTestType } from '@lectio/shared';
import { nextId } from '../platform/db/counters';
import { Conflict } from '../platform/http/errors';
import type { SessionUser } from '../platform/auth/tokens';
import { createAnswer, FINISHED, getAnswer, getDefinition, updateAnswer } from './store';
import { scorePerson, scorePsycho } from './scoring';
import type { AnswerItem } from './model';
import type { TestKind } from './keys';

interface Write {
  id: number;
  test_id: number;
  answers: string;
  final: 0 | 1;
  agreement?: 0 | 1;
}

/** The attempt a save continues (null for a new one); a finished attempt is refused before anything else. */
async function openAttempt(user: SessionUser, kind: TestKind, body: Write): Promise<AnswerItem | null> {
  if (body.id === 0) return null;
  const existing = await getAnswer(user.userId, kind, body.test_id, body.id);
  if (existing.final === 1) throw new Conflict(FINISHED);
  return existing;
}

async function save(
  user: SessionUser,
  kind: TestKind,
  body: Write,
  existing: AnswerItem | null,
  computed: Pick<AnswerItem, 'score' | 'rslt' | 'agreement' | 'status'>,
  rpt: number,
  type: string,
) {
  const now = Date.now();
  if (!existing) {
    const record: AnswerItem = {
      kind,
      test_id: body.test_id,
      test_type: type,
      answer_id: await nextId('test-answer'),
      user_id: user.userId,
      time_start: formatSpecTime(now),
      started_ms: now,
      answers: body.answers,
      final: body.final,
      time_length: 0,
      ...computed,
    };
    await createAnswer(record, rpt);
    return record;
  }
  const record: AnswerItem = {
    ...existing,
    answers: body.answers,
    final: body.final,
    time_length: Math.max(0, Math.round((now - existing.started_ms) / 1000)),
    ...computed,
  };
  await updateAnswer(record, rpt);
  return record;
}

export async function writePsychoAnswer(user: SessionUser, body: Write) {
  const def = await getDefinition('psycho', body.test_id);
  const existing = await openAttempt(user, 'psycho', body);
  const result = scorePsycho(def.test_type as PsychoTestType, body.answers, body.final);
  const record = await save(user, 'psycho', body, existing, { score: result.score, rslt: '', agreement: body.agreement ?? 0, status: result.status }, 0, def.test_type);
  return { message: 'OK' as const, answer_id: record.answer_id, score: record.score };
}

export async function writePersonAnswer(user: SessionUser, body: Write) {
  const def = await getDefinition('person', body.test_id);
  const existing = await openAttempt(user, 'person', body);
  const result = scorePerson(def.test_type as PersonTestType, body.answers, body.final, body.agreement ?? 0);
  const record = await save(user, 'person', body, existing, result, def.rpt, def.test_type);
  return { message: 'OK' as const, answer_id: record.answer_id, score: record.score, rslt: record.rslt };
}
