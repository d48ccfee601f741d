/**
 * Evaluation on the server (spec/3 §4, §7): a question's answer is scored by the pure rules of
 * shared/src/rules/scoring.ts against the stored content in the learner's language, after mapping
 * the learner's option/line positions back to the stored order; the result goes through the one
 * progress writer. Content tasks pass on viewing.
 */
import {
  evaluateQuestion,
  isEssayType,
  isEvaluatedType,
  learnerOrder,
  parseContent,
  parseGlobals,
  readLearnerAnswer,
  taskStatus,
  toStored,
  TaskContentError,
  type LearnerAnswer,
} from '@lectio/shared';
import { taskAttempts } from './entities';
import { playerKeys } from './keys';
import { Conflict, Forbidden, Invalid } from '../platform/http/errors';
import type { SessionUser } from '../platform/auth/tokens';
import { maxScoreOf, type TaskItem } from '../catalogue';
import { assertTaskPlayable, learnerMayPlayTask, learnerSeed } from './access';
import { taskLanguage } from './lessons';
import { withDelta } from './performance';
import { readLearnerState, recordResult } from './progress';
import { playerTask } from './authored';
import { attemptOpenAt } from '../competitions';
import { essayAttemptsOf, saveEssay } from './essay';



/** Maps the learner's positions to stored indices (types 3, 4, 7). */
async function storedAnswer(user: SessionUser, task: TaskItem, content: string, answer: LearnerAnswer): Promise<LearnerAnswer> {
  if (answer.type !== 3 && answer.type !== 4 && answer.type !== 7) return answer;
  const perm = learnerOrder(task.task_type_id, content, await learnerSeed(user.userId, task.task_id));
  if (answer.type === 3) return { type: 3, selected: answer.selected === undefined ? undefined : toStored(perm, [answer.selected])[0] };
  if (answer.type === 4) return { type: 4, selected: toStored(perm, answer.selected) };
  // Reorder: an invalid or incomplete arrangement stays invalid (scores 0).
  const mapped = toStored(perm, answer.order);
  return { type: 7, order: mapped.length === answer.order.length ? mapped : [-1] };
}

function assertQuestion(task: TaskItem, taskTypeId: number) {
  if (!isEvaluatedType(task.task_type_id)) throw new Invalid('This task is not evaluated here.');
  if (taskTypeId !== task.task_type_id) throw new Invalid('The task type does not match the task.');
}

/**
 * Scores a learner's answer to a question against the stored content in their language (no write):
 * the rating and per-answer marks. The player's evaluation records it; a revision keeps its own.
 */
export async function scoreAnswer(user: SessionUser, task: TaskItem, taskTypeId: number, answerList: string, langId: number) {
  assertQuestion(task, taskTypeId);
  const lang = taskLanguage(task, langId);
  const contentText = task.contents?.[lang] ?? '';
  let content: unknown;
  let globals: unknown;
  try {
    content = parseContent(task.task_type_id, contentText);
    globals = parseGlobals(task.task_type_id, task.globals);
  } catch (error) {
    if (error instanceof TaskContentError) throw new Conflict('The task cannot be evaluated: its content is malformed.');
    throw error;
  }
  const answer = readLearnerAnswer(task.task_type_id, answerList)!;
  return evaluateQuestion(task.task_type_id, content, globals, await storedAnswer(user, task, contentText, answer));
}

/**
 * Evaluates and records an answer. `receivedAt` is when the API received it: a competition answer is
 * on time when its attempt ran then, checked before scoring and again in the write's own transaction.
 */
export async function evaluate(user: SessionUser, body: { task_id: number; task_type_id: number; time_length: number; answer_list: string }, receivedAt = Date.now()) {
  const task = await playerTask(body.task_id);
  // A hidden task (or one of a hidden lesson or chapter) is not scored: checked on every evaluation.
  const [{ progress, performance: perf, uc }, { competitionId }] = await Promise.all([readLearnerState(user.userId, task), learnerMayPlayTask(user, task, receivedAt)]);
  // Essay and GenAI (16, 17): the evaluation saves the learner's attempt for the teacher's review.
  if (!isEssayType(task.task_type_id)) assertQuestion(task, body.task_type_id);
  // On a learner's first touch of a task, the course/chapter checks of access.ts apply.
  if (!progress) await assertTaskPlayable(user, task, { uc, receivedAt });
  if (isEssayType(task.task_type_id)) {
    const guard = competitionId === null ? undefined : attemptOpenAt(user.userId, competitionId, receivedAt);
    return saveEssay(user, task, body, { progress, performance: perf, guard });
  }
  const result = await scoreAnswer(user, task, body.task_type_id, body.answer_list, perf.langId);
  const guard = competitionId === null ? undefined : attemptOpenAt(user.userId, competitionId, receivedAt);
  const outcome = await recordResult({ userId: user.userId, task, rating: result.rating, answer: body.answer_list, timeLength: body.time_length, guard }, progress);
  const p = outcome.progress;
  return {
    result: { rating: result.rating, answers: result.answers },
    user: withDelta(perf, outcome.xpDelta, outcome.coinsDelta),
    task: {
      score: p.score,
      rating: p.rating,
      passed: p.passed,
      first_time: p.first_time,
      status: taskStatus({ task_type_id: task.task_type_id, score: p.score, max_score: maxScoreOf(task), passed: p.passed, first_time: p.first_time, answer_showed: p.answer_showed }),
    },
  };
}

/** A content task was viewed: it passes (spec/3 §4). */
export async function setContentPassed(user: SessionUser, body: { user_course_id: number; task_id: number }) {
  const task = await playerTask(body.task_id);
  if (task.task_type_id !== 1 && task.task_type_id !== 12) throw new Invalid('Only content tasks pass on viewing.');
  const [{ progress, performance: perf, uc: started }] = await Promise.all([readLearnerState(user.userId, task), learnerMayPlayTask(user, task)]);
  const uc = progress ? null : (await assertTaskPlayable(user, task, { uc: started })).uc;
  if (uc && uc.user_course_id !== body.user_course_id) throw new Forbidden('The course does not match.');
  if (progress?.passed !== 1) {
    await recordResult({ userId: user.userId, task, rating: 100, answer: '', timeLength: 0, passOnly: true }, progress);
  }
  return { message: 'OK' as const, user: withDelta(perf, 0, 0) };
}

/** The caller's attempts at a task, newest first (at most 100). */
export async function myAnswers(user: SessionUser, taskId: number) {
  if (isEssayType((await playerTask(taskId)).task_type_id)) return essayAttemptsOf(user.userId, taskId);
  const attempts = await taskAttempts.latest(playerKeys.attemptsAt(user.userId, taskId), 100);
  return { list: attempts.map((a) => ({ time_stamp: a.time_stamp, score: a.score, rating: a.rating, answer: a.answer })) };
}
