/**
 * A learner's graded solutions of a program task ("My solutions" in the player, spec/3 "Task player"):
 * every evaluation that reported a grade keeps the files that were judged and the grade, under the
 * learner (pk=USER#{id}, sk=SOL#{task}#{time}). Only the learner reads them back, newest first.
 */
import * as z from 'zod';
import type { SessionUser } from '../../platform/auth/tokens';
import { defineEntity, num, str } from '../../platform/db/entity';
import { getTask } from '../../catalogue';
import type { JudgeFile } from '../core/job';
import { judgeKeys } from '../keys';
import { playerFileEntry, SAVED_CODE_MAX } from './saved-code';

/** A graded solution (pk=USER#{id}, sk=SOL#{task}#{time}). */
const solutions = defineEntity('program-solution', { user_id: z.number(), task_id: z.number(), grade: num(), code: str(), omitted: num(), created_at: str() });

/** How many solutions of a task the list shows. */
export const SOLUTIONS_LISTED = 20;

/** The judged files as the player's JSON text; files too large for one item are left out and counted. */
export function solutionCode(files: JudgeFile[]): { code: string; omitted: number } {
  const kept: Array<ReturnType<typeof playerFileEntry>> = [];
  let size = 2;
  let omitted = 0;
  for (const f of files) {
    const entry = playerFileEntry(f);
    const length = JSON.stringify(entry).length + 1;
    if (size + length > SAVED_CODE_MAX) {
      omitted++;
      continue;
    }
    kept.push(entry);
    size += length;
  }
  return { code: JSON.stringify(kept), omitted };
}

export async function recordSolution(userId: number, taskId: number, files: JudgeFile[], grade: number) {
  const at = new Date().toISOString();
  const { code, omitted } = solutionCode(files);
  await solutions.put({ ...judgeKeys.solution(userId, taskId, at), type: 'program-solution', user_id: userId, task_id: taskId, grade, code, omitted, created_at: at });
}

export async function mySolutions(user: SessionUser, taskId: number) {
  await getTask(taskId);
  const items = await solutions.latest(judgeKeys.solutionsOf(user.userId, taskId), SOLUTIONS_LISTED);
  return { list: items.map((i) => ({ time_stamp: i.created_at, grade: i.grade, code: i.code })) };
}
