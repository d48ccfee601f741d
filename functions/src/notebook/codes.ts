/**
 * A learner's versions of a notebook's code cells (spec/3 §4, §7 "Notebook cell codes"; issue 25 item 5).
 * Version 0 is the author's original (the cell's source in the learner's language, never stored per
 * learner); each save that changes the code adds the next version (at most XREAD_VERSIONS_MAX: past it the
 * newest is replaced). Only the learner's own codes of a course they started, of a task they may play.
 */
import { MAIN_CONTENT_COMPONENT, XREAD_VERSIONS_MAX, isNotebookType, parseContent, type XreadCode } from '@lectio/shared';
import { Forbidden, Invalid } from '../platform/http/errors';
import type { SessionUser } from '../platform/auth/tokens';
import { getUserCourse, type TaskItem } from '../catalogue';
import { learnerMayPlayTask, playerTask, readPerformance, taskLanguage } from '../player';
import { codeVersions, type CodeVersionItem } from './entities';
import { notebookKeys } from './keys';

export const notebookTexts = { notNotebook: 'This task is not a notebook.' } as const;

interface Where {
  user_course_id: number;
  task_id: number;
  component_id: number;
}

/** The task, after checking it is a notebook the caller may play in their own started course. */
async function ownNotebook(user: SessionUser, where: Where): Promise<TaskItem> {
  const task = await playerTask(where.task_id);
  if (!isNotebookType(task.task_type_id)) throw new Invalid(notebookTexts.notNotebook);
  const [uc] = await Promise.all([getUserCourse(user.userId, task.course_id), learnerMayPlayTask(user, task)]);
  if (!uc || uc.user_course_id !== where.user_course_id) throw new Forbidden('Forbidden.');
  return task;
}

const versionsOf = (userId: number, where: Where, index: number) =>
  codeVersions.queryPrefix(notebookKeys.versionsOf(userId, where.task_id, where.component_id, index));

/** The author's source of a cell of the main content in the learner's language ('' for other components). */
async function originalCode(user: SessionUser, task: TaskItem, component: number, index: number): Promise<string> {
  if (component !== MAIN_CONTENT_COMPONENT) return '';
  const { langId } = await readPerformance(user.userId);
  try {
    const cell = parseContent(task.task_type_id as 12, task.contents?.[taskLanguage(task, langId)] ?? '').cells[index];
    return cell ? cell.source.join('') : '';
  } catch {
    return '';
  }
}

export async function saveCode(user: SessionUser, body: Where & { index: number; content: string }) {
  await ownNotebook(user, body);
  const versions = await versionsOf(user.userId, body, body.index);
  const newest = versions.at(-1);
  if (newest?.code === body.content) return { message: 'OK' as const };
  const version = Math.min((newest?.version ?? 0) + 1, XREAD_VERSIONS_MAX);
  await codeVersions.put({
    ...notebookKeys.codeVersion(user.userId, body.task_id, body.component_id, body.index, version),
    type: 'xread-code',
    user_id: user.userId,
    task_id: body.task_id,
    component_id: body.component_id,
    index: body.index,
    version,
    code: body.content,
    saved_at: new Date().toISOString(),
  });
  return { message: 'OK' as const };
}

export async function latestCodes(user: SessionUser, body: Where): Promise<{ message: 'OK'; codes: XreadCode[] }> {
  await ownNotebook(user, body);
  const items = await codeVersions.queryPrefix(notebookKeys.componentOf(user.userId, body.task_id, body.component_id));
  const newest = new Map<number, CodeVersionItem>();
  for (const item of items) newest.set(item.index, item); // ascending sort keys: the last of an index is its newest
  return { message: 'OK', codes: [...newest.values()].map((i) => ({ index: i.index, code: i.code, version: i.version })) };
}

export async function stepVersion(user: SessionUser, body: Where & { index: number; current_version: number; direction: -1 | 1 }) {
  const task = await ownNotebook(user, body);
  const versions = await versionsOf(user.userId, body, body.index);
  const target = body.current_version + body.direction;
  if (target < 0) return { message: 'bound' as const, codes: [] };
  if (target === 0) return { message: 'OK' as const, codes: [{ code: await originalCode(user, task, body.component_id, body.index), version: 0 }] };
  // The nearest saved version in the direction (versions are 1.. without gaps, but be lenient).
  const found = body.direction > 0 ? versions.find((v) => v.version >= target) : [...versions].reverse().find((v) => v.version <= target);
  if (!found) return { message: 'bound' as const, codes: [] };
  return { message: 'OK' as const, codes: [{ code: found.code, version: found.version }] };
}
