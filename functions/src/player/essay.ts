/**
 * Essay (type 16) and GenAI (type 17) attempts (spec/3 §3 "Essay attempt", §4 "Essay and GenAI", §5,
 * §7): the learner's save comes through `task-evaluate2` (the player's evaluate routes; no separate
 * save route), is sanitised, and is stored as a new attempt only when it is not empty and differs
 * from the last saved one, never while a teacher comment locks the task. The teacher's review
 * (teaching domain, `/save-essay-comment-to-attempt`) writes the comment and score on the attempt,
 * locks the task, and hands the score to the one progress writer (`recordResult`): a score only
 * rises, XP and coins move in its conditional writes, once.
 *
 * Writes: a save is one transaction of two items (the attempt, and the state conditioned on its
 * revision and on not being locked; in a competition a third: the attempt's deadline, as for a
 * question); a review is one transaction (the attempt's comment and the state's lock) and then the
 * progress writer's own.
 */
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import {
  ESSAY_LOCKED,
  answerLength,
  essayAnswerText,
  isEmptyAnswer,
  isEssayType,
  readEssayAnswer,
  reviewRating,
  taskStatus,
  type EssayAnswer,
} from '@lectio/shared';
import { db } from '../platform/db/client';
import { nextId } from '../platform/db/counters';
import { conditionFailed } from '../platform/db/operations';
import { GSI2 } from '../platform/db/schema';
import { sanitizeRichText } from '../platform/content/sanitize';
import { Conflict, Invalid, NotFound } from '../platform/http/errors';
import type { SessionUser } from '../platform/auth/tokens';
import { maxScoreOf, type TaskItem } from '../catalogue';
import { essayAttempts, essayStates, type EssayAttemptItem, type TaskProgressItem } from './entities';
import { playerKeys } from './keys';
import { withDelta, type Performance } from './performance';
import { recordResult, type ResultGuard } from './progress';

const cancellationReasons = (error: unknown): string[] =>
  ((error as { CancellationReasons?: Array<{ Code?: string }> }).CancellationReasons ?? []).map((r) => r.Code ?? 'None');

export class EssayLocked extends Conflict {
  constructor() {
    super(ESSAY_LOCKED);
  }
}

/** The answer as stored: an essay's HTML sanitised, a dialogue's fields as typed (shown as text). */
function cleanAnswer(type: number, text: string): EssayAnswer {
  const answer = readEssayAnswer(type, text);
  if (!answer) {
    throw new Invalid(type === 16 ? 'The essay must be JSON text of its HTML.' : 'The dialogue must be JSON text of 1 to 10 exchanges of prompt, reply and reflection.', {
      answer_list: ['Does not match the task type'],
    });
  }
  return answer.type === 16 ? { type: 16, html: sanitizeRichText(answer.html) } : answer;
}

const readState = (userId: number, taskId: number) => essayStates.get(playerKeys.essayState(userId, taskId), { consistent: true });

/** Stores a learner's essay or GenAI answer as a new attempt (spec/3 §5); the evaluation's response shape. */
export async function saveEssay(
  user: SessionUser,
  task: TaskItem,
  body: { task_type_id: number; time_length: number; answer_list: string },
  known: { progress: TaskProgressItem | null; performance: Performance; guard?: ResultGuard | undefined },
) {
  if (body.task_type_id !== task.task_type_id) throw new Invalid('The task type does not match the task.');
  const answer = cleanAnswer(task.task_type_id, body.answer_list);
  if (isEmptyAnswer(answer)) throw new Invalid(answer.type === 16 ? 'The essay is empty.' : 'The dialogue is empty.', { answer_list: ['Empty'] });
  const text = essayAnswerText(answer);
  let saved = false;
  for (let retry = 0; retry < 5 && !saved; retry++) {
    const state = await readState(user.userId, task.task_id);
    if (state?.locked) throw new EssayLocked();
    if (state?.last === text) break;
    const id = await nextId('essay_attempt');
    const attempt = {
      ...playerKeys.essayAttempt(user.userId, task.task_id, id),
      ...playerKeys.essayAttemptById(id),
      type: 'essay-attempt',
      id,
      user_id: user.userId,
      course_id: task.course_id,
      task_id: task.task_id,
      answers: text,
      info: '',
      score: 0,
      max_score: maxScoreOf(task),
      time_stamp: new Date().toISOString(),
      time_length: Math.round(body.time_length),
      length: answerLength(answer),
    };
    const stateKey = playerKeys.essayState(user.userId, task.task_id);
    try {
      await db.send(
        new TransactWriteCommand({
          TransactItems: [
            { Put: essayAttempts.putInput(attempt) },
            {
              Update: essayStates.updateInput(stateKey, {
                set: { user_id: user.userId, task_id: task.task_id, last: text, locked: 0 },
                add: { rev: 1 },
                condition: state ? 'rev = :rev AND locked = :zero' : 'attribute_not_exists(pk)',
                values: state ? { ':rev': state.rev, ':zero': 0 } : {},
              }),
            },
            // in a competition: the attempt still ran when the answer was received (as for a question)
            ...(known.guard ? [known.guard.item(0)] : []),
          ],
        }),
      );
      saved = true;
    } catch (error) {
      if (known.guard && cancellationReasons(error)[2] === 'ConditionalCheckFailed') throw known.guard.late();
      if (!conditionFailed(error)) throw error; // locked or saved meanwhile: read again
    }
  }
  if (!saved && (await readState(user.userId, task.task_id))?.last !== text) throw new Conflict('The answer was saved concurrently. Try again.');
  const p = known.progress;
  const maxScore = maxScoreOf(task);
  return {
    result: { rating: p?.rating ?? 0, answers: [] },
    user: withDelta(known.performance, 0, 0),
    task: {
      score: p?.score ?? 0,
      rating: p?.rating ?? 0,
      passed: p?.passed ?? 0,
      first_time: p?.first_time ?? 1,
      status: taskStatus({ task_type_id: task.task_type_id, score: p?.score ?? 0, max_score: maxScore, passed: p?.passed ?? 0, first_time: p?.first_time ?? 1, answer_showed: p?.answer_showed ?? 0 }),
    },
    saved,
  };
}

const rating = (a: EssayAttemptItem) => reviewRating(a.score, a.max_score);

/** The attempt as get-my-answers and the teacher's task detail list it. */
export const essayAttemptView = (a: EssayAttemptItem) => ({
  id: a.id,
  answers: a.answers,
  answer: a.answers,
  info: a.info,
  score: a.score,
  max_score: a.max_score,
  rating: rating(a),
  time_stamp: a.time_stamp,
  time_length: a.time_length,
  length: a.length,
});

/** A learner's essay or GenAI attempts at a task, newest first (at most 100), and whether editing is locked. */
export async function essayAttemptsOf(userId: number, taskId: number) {
  const [list, state] = await Promise.all([essayAttempts.latest(playerKeys.essayAttemptsAt(userId, taskId), 100), essayStates.get(playerKeys.essayState(userId, taskId))]);
  return { list: list.map(essayAttemptView), locked: Boolean(state?.locked) || list.some((a) => a.info !== '') };
}

/** An essay attempt by its id (GSI2), or null. */
export async function essayAttemptById(attemptId: number): Promise<EssayAttemptItem | null> {
  const key = playerKeys.essayAttemptById(attemptId);
  const { items } = await essayAttempts.queryPage({
    IndexName: GSI2,
    KeyConditionExpression: 'gsi2pk = :k AND gsi2sk = :s',
    ExpressionAttributeValues: { ':k': key.gsi2pk, ':s': key.gsi2sk },
    Limit: 1,
  });
  return items[0] ?? null;
}

/**
 * The teacher's review of an attempt (the caller is authorised by the teaching domain): the comment
 * and score on the attempt and the lock in one transaction, then the score as a result through the
 * progress writer (the best score only rises; XP and coins of a rise arrive once).
 */
export async function reviewEssayAttempt(attempt: EssayAttemptItem, task: TaskItem, score: number, comment: string) {
  if (!isEssayType(task.task_type_id)) throw new Invalid('This task is not an essay or GenAI task.');
  const maxScore = maxScoreOf(task);
  if (score > maxScore) throw new Invalid(`The score must be at most ${maxScore}.`, { score: [`At most ${maxScore}`] });
  const attemptKey = playerKeys.essayAttempt(attempt.user_id, attempt.task_id, attempt.id);
  try {
    await db.send(
      new TransactWriteCommand({
        TransactItems: [
          { Update: essayAttempts.updateInput(attemptKey, { set: { info: comment, score, max_score: maxScore }, condition: 'attribute_exists(pk)' }) },
          {
            Update: essayStates.updateInput(playerKeys.essayState(attempt.user_id, attempt.task_id), {
              set: { locked: 1 },
              setIfAbsent: { user_id: attempt.user_id, task_id: attempt.task_id, last: attempt.answers },
              add: { rev: 1 },
            }),
          },
        ],
      }),
    );
  } catch (error) {
    if (conditionFailed(error)) throw new NotFound('No such attempt.');
    throw error;
  }
  await recordResult({ userId: attempt.user_id, task, rating: reviewRating(score, maxScore), answer: attempt.answers, timeLength: 0 });
}
