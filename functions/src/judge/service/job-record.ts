/**
 * The stored state of a judge job, one item per ticket (pk=JUDGE#{ticket}, sk=JOB, TTL one day): its owner,
 * what it runs, and once done its compilation and execution texts, grade and the recorded task outcome.
 * Only the owner may read it; the handlers answer "Unknown ticket." to anybody else.
 */
import { randomBytes } from 'node:crypto';
import * as z from 'zod';
import { defineEntity, num, str, type ItemOf } from '../../platform/db/entity';
import { nowSeconds } from '../../platform/db/keys';
import { judgeKeys } from '../keys';
import { NotFound } from '../../platform/http/errors';

const jobStatus = z.enum(['queued', 'running', 'done']);
export type JobStatus = z.output<typeof jobStatus>;

/** A judge job (pk=JUDGE#{ticket}, sk=JOB). The nested results are written by finishJobRecord from typed values: not re-checked field by field. */
const jobs = defineEntity('judge-job', {
  ticket: z.string(),
  owner_id: z.number(),
  kind: z.enum(['run', 'evaluate']),
  task_id: z.number(),
  course_id: num(),
  preview: z.boolean().default(false),
  status: jobStatus,
  compilation: str(),
  execution: str(),
  grade: z.number().nullable().default(null),
  /** The task after a learner's evaluation (score, rating, passed, status). */
  task_state: z.custom<{ score: number; rating: number; passed: number; status: string } | null>().default(null),
  performance: z.custom<{ xp: number; coins: number; level: number; badges: string[] } | null>().default(null),
  created_at: str(),
});
export type JudgeJobRecord = ItemOf<typeof jobs>;

/** 128 random bits would do; 144 bits give 24 base64url characters. */
export const newTicket = () => randomBytes(18).toString('base64url');

const DAY = 24 * 3600;
/** DynamoDB items stop at 400 KB: long texts keep their start and their end (where the grade is). */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  const head = Math.floor(max * 0.6);
  return `${text.slice(0, head)}\n… (${text.length - max} characters cut) …\n${text.slice(text.length - (max - head))}`;
}

export async function createJobRecord(r: Omit<JudgeJobRecord, 'status' | 'compilation' | 'execution' | 'grade' | 'task_state' | 'performance' | 'created_at'>) {
  const item: JudgeJobRecord = { ...r, status: 'queued', compilation: '', execution: '', grade: null, task_state: null, performance: null, created_at: new Date().toISOString() };
  await jobs.put({ ...judgeKeys.job(r.ticket), type: 'judge-job', ...item, ttl: nowSeconds() + DAY }, { ConditionExpression: 'attribute_not_exists(pk)' });
  return item;
}

export async function markRunning(ticket: string) {
  await jobs.update(judgeKeys.job(ticket), { set: { status: 'running' } });
}

export async function finishJobRecord(ticket: string, result: Pick<JudgeJobRecord, 'compilation' | 'execution' | 'grade' | 'task_state' | 'performance'>) {
  await jobs.update(judgeKeys.job(ticket), {
    set: {
      status: 'done',
      compilation: cutText(result.compilation, 64_000),
      execution: cutText(result.execution, 256_000),
      grade: result.grade,
      task_state: result.task_state,
      performance: result.performance,
    },
  });
}

/** The caller's job; NotFound for unknown tickets and for other users' tickets alike. */
export async function ownJob(ticket: string, userId: number): Promise<JudgeJobRecord> {
  const item = await jobs.get(judgeKeys.job(ticket), { consistent: true });
  if (!item || item.owner_id !== userId) throw new NotFound('Unknown ticket.');
  return item;
}

/** Whether `userId` started the job of `ticket` (WebSocket subscriptions and input). */
export async function ownsTicket(ticket: string, userId: number): Promise<boolean> {
  try {
    await ownJob(ticket, userId);
    return true;
  } catch {
    return false;
  }
}
