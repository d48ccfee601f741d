/**
 * What other domains read and write of a learner's progress beside the player's own writer: the
 * progress of a list of tasks (competition results, grading) and the teacher's score and comment on
 * one task (competition grading, spec/3 §5), which never touches the automatic score, XP or coins.
 */
import { teacherScore } from '@lectio/shared';
import { Conflict, NotFound } from '../platform/http/errors';
import { conditionFailed } from '../platform/db/operations';
import { taskAttempts, taskProgress, type TaskProgressItem } from './entities';
import { playerKeys } from './keys';

/** A learner's progress on these tasks of a course (missing: not touched), by task id. */
export async function progressOfTasks(userId: number, courseId: number, taskIds: number[], consistent = false): Promise<Map<number, TaskProgressItem>> {
  if (taskIds.length === 0) return new Map();
  const items = await taskProgress.batchGet(taskIds.map((t) => playerKeys.taskProgress(userId, courseId, t)), { consistent });
  return new Map(items.map((p) => [p.task_id, p]));
}

/**
 * Sets the teacher's score (the typed value, made a number and capped by the rule) and comment on a
 * learner's task; answers the stored score. The learner must have worked on the task.
 */
export async function writeTeacherScore(userId: number, courseId: number, taskId: number, typed: unknown, comment: string): Promise<number> {
  const key = playerKeys.taskProgress(userId, courseId, taskId);
  for (let retry = 0; retry < 5; retry++) {
    const current = await taskProgress.get(key, { consistent: true });
    if (!current) throw new NotFound('No solution of this task.');
    const score = teacherScore(typed, current.score, current.max_score);
    try {
      await taskProgress.update(key, {
        set: { teacher_score: score, comment },
        add: { rev: 1 },
        condition: 'rev = :rev',
        values: { ':rev': current.rev },
      });
      return score;
    } catch (e) {
      if (!conditionFailed(e)) throw e;
    }
  }
  throw new Conflict('The solution changed meanwhile. Try again.');
}

/** A learner's attempts at a task, newest first (at most 100): what a grader reads. */
export async function taskAttemptsOf(userId: number, taskId: number) {
  const attempts = await taskAttempts.latest(playerKeys.attemptsAt(userId, taskId), 100);
  return attempts.map((a) => ({ time_stamp: a.time_stamp, score: a.score, rating: a.rating, answer: a.answer }));
}
