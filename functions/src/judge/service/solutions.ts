/**
 * A learner's graded solutions of a program task ("My solutions" in the player, spec/3 "Task player"):
 * every evaluation that reported a grade keeps the files that were judged and the grade, under the
 * learner (pk=USER#{id}, sk=SOL#{task}#{time}). Only the learner reads them back, newest first.
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { SessionUser } from '../../platform/auth/tokens';
import { db, table } from '../../platform/db/client';
import { queryLatest } from '../../platform/db/operations';
import { getTask } from '../../catalogue';
import type { JudgeFile } from '../core/job';
import { judgeKeys } from '../keys';
import { playerFileEntry, SAVED_CODE_MAX } from './saved-code';

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
  await db.send(
    new PutCommand({
      TableName: table(),
      Item: { ...judgeKeys.solution(userId, taskId, at), type: 'program-solution', user_id: userId, task_id: taskId, grade, code, omitted, created_at: at },
    }),
  );
}

export async function mySolutions(user: SessionUser, taskId: number) {
  await getTask(taskId);
  const items = await queryLatest<{ created_at?: string; grade?: number; code?: string }>(judgeKeys.solutionsOf(user.userId, taskId), SOLUTIONS_LISTED);
  return { list: items.map((i) => ({ time_stamp: String(i.created_at ?? ''), grade: Number(i.grade ?? 0), code: String(i.code ?? '') })) };
}
