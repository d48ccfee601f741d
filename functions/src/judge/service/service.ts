/**
 * The judge service behind /vpl-run-test3, /vpl-get-result33, /vpl-get-result and /vpl-stop: tickets at
 * once, the job in the worker pool, VPL monitor messages on `judge:{ticket}`, and for a learner's
 * evaluation the grade recorded as the task's rating through the player's one progress writer (best score
 * only, XP and coins of a rise once) before 'retrieve:' tells the client to read the result.
 */
import { topics } from '@lectio/events';
import { taskStatus, TaskContentError } from '@lectio/shared';
import type { SessionUser } from '../../platform/auth/tokens';
import { Conflict } from '../../platform/http/errors';
import { logger } from '../../platform/http/logger';
import { publish } from '../../platform/ws/publish';
import { getTask, maxScoreOf } from '../../catalogue';
import { taskLanguage } from '../../player';
import { readPerformance } from '../../player';
import { readProgress, recordResult } from '../../player';
import { assertTaskPlayable, learnerMayPlayTask } from '../../player';
import type { JudgeJob, JudgeResult } from '../core/job';
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { gradePercent } from '../core/output';
import { buildJob, type RunRequest } from './build-job';
import { createJobRecord, finishJobRecord, markRunning, newTicket, ownJob, type JudgeJobRecord } from './job-record';
import { judgePool } from './pool';
import { recordSolution } from './solutions';
import { channelKind, type JudgeChannel, type JudgeMessage } from '../channel/channel';
import { dynamoChannel, dynamoJobLink } from '../channel/dynamo-channel';
import { runOverChannel } from '../channel/run-over-channel';
import { SandboxUnavailable } from '../sandbox/environment';
import { env } from '../../platform/config';
import { traced } from '../../platform/tracing';

/** Jobs of this process (local cloud): get-result waits for them instead of polling the table. */
const inFlight = new Map<string, Promise<void>>();
/**
 * Jobs of this process whose program runs interactively ('run:terminal' sent), with the output published
 * so far: a client that subscribes after that message (a quick build) is told it again, so its terminal
 * takes input, and is sent the output it missed.
 */
const interactiveNow = new Map<string, { published: () => string }>();

const send = (message: JudgeMessage) =>
  publish(message.topic, message).catch((e: unknown) => logger.warn('judge publish failed', { error: String(e) }));

/**
 * Output of an interactive run goes out in small batches (one fan-out per 30 ms, not per write), each with
 * its offset in the run's output (`at`), which the batcher keeps (bounded by the run's output limit).
 */
function outputBatcher(ticket: string) {
  let buffer = '';
  let published = '';
  let timer: NodeJS.Timeout | null = null;
  let chain: Promise<unknown> = Promise.resolve();
  const flush = () => {
    timer = null;
    if (!buffer) return;
    const text = buffer;
    const at = published.length;
    buffer = '';
    published += text;
    chain = chain.then(() => send({ type: 'judge.output', topic: topics.judge(ticket), ticket, text, at }));
  };
  return {
    push(text: string) {
      buffer += text;
      timer ??= setTimeout(flush, 30);
    },
    /** The output handed to publishing so far: a batch after this is published after the call. */
    published: () => published,
    async end() {
      if (timer) clearTimeout(timer);
      flush();
      await chain;
    },
  };
}

/**
 * What a client subscribing to a running job of this process missed: 'run:terminal' once the program runs
 * interactively, then the output so far from offset 0 (overlapping live batches are dropped by the client's
 * `judgeOutputInOrder`).
 */
function pipesCatchUp(ticket: string): JudgeMessage[] {
  const job = interactiveNow.get(ticket);
  if (!job) return [];
  const topic = topics.judge(ticket);
  const text = job.published();
  return [{ type: 'judge.monitor', topic, ticket, message: 'run:terminal' }, ...(text ? [{ type: 'judge.output' as const, topic, ticket, text, at: 0 }] : [])];
}

/** What goes on the queue (AWS) or into the pool (local cloud). */
export interface QueuedJob {
  ticket: string;
  ownerId: number;
  taskId: number;
  preview: boolean;
  job: JudgeJob;
}

export const monitor = (ticket: string, message: string) => send({ type: 'judge.monitor', topic: topics.judge(ticket), ticket, message });

/**
 * The end of every job, wherever it ran: a learner's evaluation grade is recorded as the task's rating,
 * the result stored, then 'retrieve:' and 'close:' tell the client to read it.
 */
export async function completeJob(q: QueuedJob, result: JudgeResult, ms: number) {
  logger.info('judge job done', { ticket: q.ticket, kind: q.job.kind, preview: q.preview, log: result.log, grade: result.grade, ms });
  try {
    const recorded = !q.preview && q.job.kind === 'evaluate' && result.grade !== null ? await record(q, result, ms) : null;
    await finishJobRecord(q.ticket, { compilation: result.compilation, execution: result.execution, grade: result.grade, ...(recorded ?? { task_state: null, performance: null }) });
  } catch (e) {
    logger.error('judge result not stored', { ticket: q.ticket, error: String(e) });
    await finishJobRecord(q.ticket, { compilation: '', execution: 'Internal error of the judge.\n', grade: null, task_state: null, performance: null }).catch(() => undefined);
  }
  await judgeChannel().end(q.ticket);
}

/** In-process channel of the local worker pool. */
const pipeChannel: JudgeChannel = {
  kind: 'pipes',
  input: async (ticket, text) => judgePool().input(ticket, text),
  stop: async (ticket) => judgePool().stop(ticket),
  end: async (ticket) => {
    await monitor(ticket, 'retrieve:');
    await monitor(ticket, 'close:');
  },
  catchUp: async (ticket) => pipesCatchUp(ticket),
};

/** The channel of this deployment's jobs (see channel.ts). */
export const judgeChannel = (): JudgeChannel => (channelKind() === 'dynamodb' ? dynamoChannel : pipeChannel);

const sqs = env('JUDGE_QUEUE_URL') ? traced(new SQSClient({})) : null;

/** AWS: the FIFO queue (message group = learner); local cloud: the worker pool (same ordering). */
async function dispatch(q: QueuedJob) {
  if (sqs) {
    await sqs.send(
      new SendMessageCommand({ QueueUrl: env('JUDGE_QUEUE_URL'), MessageBody: JSON.stringify(q), MessageGroupId: `user-${q.ownerId}`, MessageDeduplicationId: q.ticket }),
    );
    return;
  }
  const started = Date.now();
  let running: Promise<JudgeResult>;
  if (channelKind() === 'dynamodb') {
    // the AWS path on one machine: input, stop and output through the table, the pool only orders the jobs
    running = judgePool().submitDetached(q.ownerId, async () => {
      await markRunning(q.ticket);
      return runOverChannel(q.job, dynamoJobLink(q.ticket));
    });
  } else {
    const output = outputBatcher(q.ticket);
    running = judgePool()
      .submit(q.ticket, q.ownerId, q.job, {
        onMonitor: (m) => {
          if (m === 'message:compilation') void markRunning(q.ticket);
          // the end is announced once the result is stored
          if (m === 'run:terminal') interactiveNow.set(q.ticket, output);
          if (m !== 'retrieve:' && m !== 'close:') void monitor(q.ticket, m);
        },
        onOutput: (t) => output.push(t),
      })
      .finally(() => output.end());
  }
  const done = running
    .catch((e: unknown): JudgeResult => {
      logger.error('judge job failed', { ticket: q.ticket, error: String(e) });
      // no sandbox, no run: the learner is told the judge is unavailable (the operator reads why in the log)
      const execution = e instanceof SandboxUnavailable ? 'The code judge is not available on this server.\n' : 'Internal error of the judge.\n';
      return { compilation: '', execution, grade: null, comments: [], interrupted: false, log: [] };
    })
    .then(async (result) => {
      await completeJob(q, result, Date.now() - started);
    })
    .finally(() => {
      inFlight.delete(q.ticket);
      interactiveNow.delete(q.ticket);
    });
  inFlight.set(q.ticket, done);
}

export async function runTest(user: SessionUser, body: RunRequest) {
  const task = await getTask(body.task_id);
  const perf = await readPerformance(user.userId);
  const lang = taskLanguage(task, perf.langId);
  let built;
  try {
    built = await buildJob(user, task, lang, body);
  } catch (e) {
    if (e instanceof TaskContentError) throw new Conflict('The task cannot be run: its content is malformed.');
    throw e;
  }
  const { job, preview } = built;
  if (!preview) {
    // a task hidden from learners (itself, its lesson or its chapter) is neither run nor graded, on every call
    const [, progress] = await Promise.all([learnerMayPlayTask(user, task), readProgress(user.userId, task)]);
    if (!progress) await assertTaskPlayable(user, task);
  }
  const ticket = newTicket();
  await createJobRecord({ ticket, owner_id: user.userId, kind: job.kind, task_id: task.task_id, course_id: task.course_id, preview });
  await dispatch({ ticket, ownerId: user.userId, taskId: task.task_id, preview, job });
  return { message: 'OK' as const, monitorticket: ticket, executionticket: ticket, adminticket: ticket };
}

/** The evaluation's grade (0-100) becomes the attempt's rating; the judged files join "My solutions". */
async function record({ ownerId: userId, taskId, job }: QueuedJob, result: JudgeResult, ms: number) {
  const task = await getTask(taskId);
  const rating = gradePercent(result.grade!, 0, 100);
  const outcome = await recordResult({ userId, task, rating, answer: '', timeLength: Math.round(ms / 1000) });
  await recordSolution(userId, taskId, job.submittedFiles, rating).catch((e: unknown) => logger.warn('solution not kept', { error: String(e) }));
  const p = outcome.progress;
  const perf = await readPerformance(userId, true);
  return {
    task_state: {
      score: p.score,
      rating: p.rating,
      passed: p.passed,
      status: taskStatus({ task_type_id: task.task_type_id, score: p.score, max_score: maxScoreOf(task), passed: p.passed, first_time: p.first_time, answer_showed: p.answer_showed }),
    },
    performance: { xp: perf.xp, coins: perf.coins, level: perf.level, badges: perf.badges },
  };
}

/** Waits (bounded) for a job of this process, then reads the caller's record. */
async function settled(user: SessionUser, ticket: string): Promise<JudgeJobRecord> {
  const record = await ownJob(ticket, user.userId);
  const pending = inFlight.get(ticket);
  if (record.status !== 'done' && pending) {
    await Promise.race([pending, new Promise((r) => setTimeout(r, 25_000))]);
    return ownJob(ticket, user.userId);
  }
  return record;
}

export async function getResult33(user: SessionUser, ticket: string) {
  const r = await settled(user, ticket);
  return {
    compilation: r.compilation,
    execution: r.execution,
    grade: r.grade ?? null,
    task: r.task_state ?? null,
    user: r.performance ? { performance: r.performance } : null,
  };
}

export async function getResult(user: SessionUser, ticket: string) {
  const r = await settled(user, ticket);
  return { compilation: r.compilation, execution: r.execution };
}

export async function stop(user: SessionUser, ticket: string) {
  const job = await ownJob(ticket, user.userId);
  if (job.status !== 'done') await judgeChannel().stop(ticket);
  return { message: 'OK' as const };
}
