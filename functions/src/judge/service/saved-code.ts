/**
 * A learner's saved files of a program task (spec/3 §7 "Code": /load-program3, /save-program3). One item
 * per learner and task (pk=USER#{id}, sk=CODE#{task}); only the task's requested file names are kept, so
 * nothing else (config files, tests) can be planted through it. The player saves on editor blur and before
 * a run, only when something changed and not everything is blank (spec/3 §4 "Code run").
 */
import * as z from 'zod';
import { parseContent } from '@lectio/shared';
import type { SessionUser } from '../../platform/auth/tokens';
import { defineEntity } from '../../platform/db/entity';
import { judgeKeys } from '../keys';
import { Invalid } from '../../platform/http/errors';
import { getTask, type TaskItem } from '../../catalogue';
import { readPerformance } from '../../player';
import { readProgress } from '../../player';
import { taskLanguage } from '../../player';
import { assertTaskPlayable, learnerMayPlayTask } from '../../player';
import { parseFiles, PROGRAM_TYPES } from './build-job';
import type { JudgeFile } from '../core/job';

/** A DynamoDB item stops at 400 KB: the saved files of one task stay well below. */
export const SAVED_CODE_MAX = 300_000;
export const NOT_A_PROGRAM = 'This task is not a program.';
export const CODE_TOO_LARGE = `The files are too large (at most ${SAVED_CODE_MAX} characters).`;

/** The saved files of a task as the player's JSON text (anything else stored reads as none). */
const savedCode = defineEntity('saved-code', { user_id: z.number(), task_id: z.number(), course_id: z.number(), code: z.string().catch(''), saved_at: z.string() });

/** A judge file as the player's JSON entry ({ filename, filecontent, encoding? }). */
export const playerFileEntry = (f: JudgeFile) => ({ filename: f.name, filecontent: f.content, ...(f.encoding ? { encoding: f.encoding } : {}) });

async function playableProgram(user: SessionUser, taskId: number): Promise<TaskItem> {
  const task = await getTask(taskId);
  if (!(PROGRAM_TYPES as readonly number[]).includes(task.task_type_id)) throw new Invalid(NOT_A_PROGRAM);
  const [, progress] = await Promise.all([learnerMayPlayTask(user, task), readProgress(user.userId, task)]);
  if (!progress) await assertTaskPlayable(user, task);
  return task;
}

export async function loadProgram(user: SessionUser, taskId: number) {
  await playableProgram(user, taskId);
  const saved = await savedCode.getFields(judgeKeys.savedCode(user.userId, taskId), ['code']);
  return { message: 'OK' as const, code: saved?.code ?? '' };
}

export async function saveProgram(user: SessionUser, taskId: number, filesText: string) {
  const task = await playableProgram(user, taskId);
  const perf = await readPerformance(user.userId);
  const content = parseContent(task.task_type_id, task.contents?.[taskLanguage(task, perf.langId)] ?? '') as { files: Array<{ name: string }> };
  const requested = new Set(content.files.map((f) => f.name));
  const files = parseFiles(filesText, 'files').filter((f) => requested.has(f.name));
  const code = JSON.stringify(files.map(playerFileEntry));
  if (code.length > SAVED_CODE_MAX) throw new Invalid(CODE_TOO_LARGE);
  await savedCode.put({ ...judgeKeys.savedCode(user.userId, taskId), type: 'saved-code', user_id: user.userId, task_id: taskId, course_id: task.course_id, code, saved_at: new Date().toISOString() });
  return { message: 'OK' as const };
}
