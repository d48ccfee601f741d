/**
 * The stored state of a judge job, one item per ticket (pk=JUDGE#{ticket}, sk=JOB, TTL one day): its owner,
 * what it runs, and once done its compilation and execution texts, grade and the recorded task outcome.
 * Only the owner may read it; the handlers answer "Unknown ticket." to anybody else.
 */
import { randomBytes } from 'node:crypto';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, table } from '../../platform/db/client';
import { nowSeconds } from '../../platform/db/keys';
import { judgeKeys } from '../keys';
import { NotFound } from '../../platform/http/errors';

export type JobStatus = 'queued' | 'running' | 'done';

export interface JudgeJobRecord {
  ticket: string;
  owner_id: number;
  kind: 'run' | 'evaluate';
  task_id: number;
  course_id: number;
  preview: boolean;
  status: JobStatus;
  compilation: string;
  execution: string;
  grade: number | null;
  /** The task after a learner's evaluation (score, rating, passed, status). */
  task_state: { score: number; rating: number; passed: number; status: string } | null;
  performance: { xp: number; coins: number; level: number; badges: string[] } | null;
  created_at: string;
}

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
  await db.send(
    new PutCommand({
      TableName: table(),
      Item: { ...judgeKeys.job(r.ticket), type: 'judge-job', ...item, ttl: nowSeconds() + DAY },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
  return item;
}

export async function markRunning(ticket: string) {
  await db.send(new UpdateCommand({ TableName: table(), Key: judgeKeys.job(ticket), UpdateExpression: 'SET #s = :r', ExpressionAttributeNames: { '#s': 'status' }, ExpressionAttributeValues: { ':r': 'running' } }));
}

export async function finishJobRecord(ticket: string, result: Pick<JudgeJobRecord, 'compilation' | 'execution' | 'grade' | 'task_state' | 'performance'>) {
  await db.send(
    new UpdateCommand({
      TableName: table(),
      Key: judgeKeys.job(ticket),
      UpdateExpression: 'SET #s = :d, compilation = :c, execution = :e, grade = :g, task_state = :t, performance = :p',
      ExpressionAttributeNames: { '#s': 'status' },
      ExpressionAttributeValues: {
        ':d': 'done',
        ':c': cutText(result.compilation, 64_000),
        ':e': cutText(result.execution, 256_000),
        ':g': result.grade,
        ':t': result.task_state,
        ':p': result.performance,
      },
    }),
  );
}

/** The caller's job; NotFound for unknown tickets and for other users' tickets alike. */
export async function ownJob(ticket: string, userId: number): Promise<JudgeJobRecord> {
  const out = await db.send(new GetCommand({ TableName: table(), Key: judgeKeys.job(ticket), ConsistentRead: true }));
  const item = out.Item as JudgeJobRecord | undefined;
  if (!item || Number(item.owner_id) !== userId) throw new NotFound('Unknown ticket.');
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
