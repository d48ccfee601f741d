/**
 * Saving a task (spec/2 §3 save payload, §5 validation, §6 rights): create with id 0, or save an
 * existing task in all languages (create-edit-task-all-lang) or one (edit-task). An existing task
 * is written only by the holder of an unexpired edit lock (condition in the same write). Texts are
 * sanitised before they are stored; object-level fields need object-level rights, a language's
 * text needs that language's right. Course, chapter and lesson counts follow every change.
 */
import {
  COURSE_LESSON_MISSING,
  GRADING_IS_OBJECT_LEVEL,
  LOCKED_BY_OTHER,
  LOCK_EXPIRED,
  LOCK_SECONDS,
  MAX_SCORE_LIMIT,
  NO_EDIT_PERMISSION,
  contentSchemaOf,
  defaultMaxScore,
  isNotebookType,
  sourceLines,
  gradingChanges,
  taskKind,
} from '@lectio/shared';
import { keys, nowSeconds } from '../platform/db/keys';
import { nextId } from '../platform/db/counters';
import { Conflict, Forbidden, Invalid, NotFound } from '../platform/http/errors';
import { sanitizeRichText } from '../platform/content/sanitize';
import type { SessionUser } from '../platform/auth/tokens';
import { GSI2 } from '../platform/db/schema';
import { refreshCourse } from '../catalogue';
import { findTask, listLessonTasks, taskItem, type TaskItem } from '../catalogue';
import { lessons, tasks, type LessonItem } from '../catalogue';
import { conditionFailed } from '../platform/db/operations';
import { editorRights } from './task-rights';
import { catalogueKeys } from '../catalogue';

const MAX_ITEM_CHARS = 350_000;

/** spec/2 §5: 'Required.', 'Invalid value.', 'Out of size.'; non-numeric text becomes the default. */
export function resolveMaxScore(type: number, raw: unknown): string {
  if (taskKind(type) === 'content') return '0';
  if (raw === undefined || raw === null || raw === '') throw new Invalid('Required.', { max_score: ['Required.'] });
  const text = String(raw).trim();
  if (!/^\d+$/.test(text)) return String(defaultMaxScore(type));
  const value = Number(text);
  if (value <= 0 || value >= MAX_SCORE_LIMIT) throw new Invalid('Out of size.', { max_score: ['Out of size.'] });
  return String(value);
}

const cleanHtmlFields = (o: Record<string, unknown>, fields: string[]) => {
  for (const field of fields) if (typeof o[field] === 'string') o[field] = sanitizeRichText(o[field] as string);
};

/** Notebooks (12-15): the rich-text (editor) cells are HTML; markdown and equations are sanitised where they are rendered. */
function cleanNotebook(parsed: unknown): unknown {
  const cleanCells = (cells: unknown) =>
    Array.isArray(cells)
      ? cells.map((cell: { cell_type?: unknown; source?: unknown }) =>
          cell?.cell_type === 'editor' && Array.isArray(cell.source) ? { ...cell, source: sourceLines(sanitizeRichText(cell.source.join(''))) } : cell,
        )
      : cells;
  if (Array.isArray(parsed)) return cleanCells(parsed);
  return parsed && typeof parsed === 'object' ? { ...parsed, cells: cleanCells((parsed as { cells?: unknown }).cells) } : parsed;
}

/**
 * Sanitises the HTML parts of one language's content; JSON content must match its type's shape. The
 * HTML parts: content, help and assignment of every type, the lines of type 7, and the answers and
 * their feedback of types 2-4 (the player shows them as rich text). A form save and a course import
 * both come through here.
 */
export function cleanContent(type: number, content: string): string {
  if (type === 1) return sanitizeRichText(content);
  if (content.trim() === '') return '';
  const schema = contentSchemaOf(type);
  let parsed: unknown;
  try {
    parsed = JSON.parse(content);
  } catch {
    throw new Invalid('The task content is not valid JSON.', { content: ['Must be JSON text'] });
  }
  if (schema && !schema.safeParse(parsed).success) throw new Invalid('The task content does not match its type.', { content: ['Does not match the task type'] });
  if (isNotebookType(type)) parsed = cleanNotebook(parsed);
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return JSON.stringify(parsed);
  const c = { ...(parsed as Record<string, unknown>) };
  cleanHtmlFields(c, ['content', 'help', 'assignment']);
  if (Array.isArray(c.answer_list)) {
    c.answer_list = (c.answer_list as unknown[]).map((a) => {
      if (!a || typeof a !== 'object') return a;
      const answer = { ...(a as Record<string, unknown>) };
      cleanHtmlFields(answer, ['answer', 'feedback']);
      return answer;
    });
  }
  if (Array.isArray(c.codes)) c.codes = (c.codes as unknown[]).map((line) => (typeof line === 'string' ? sanitizeRichText(line) : ''));
  return JSON.stringify(c);
}

function cleanGlobals(globals: string): string {
  if (globals.trim() === '') return '';
  try {
    return JSON.stringify(JSON.parse(globals));
  } catch {
    throw new Invalid('globals must be JSON text.', { globals: ['Must be JSON text'] });
  }
}

async function lessonById(lessonId: number): Promise<LessonItem> {
  const { items } = await lessons.queryPage({ IndexName: GSI2, KeyConditionExpression: 'gsi2pk = :k', ExpressionAttributeValues: { ':k': keys.byIdPartition('LESSON', lessonId) } });
  const lesson: LessonItem | undefined = items[0];
  if (!lesson) throw new Invalid(COURSE_LESSON_MISSING);
  return lesson;
}

/** Lesson counts (tasks, programs, contents and their scores) from the lesson's tasks. */
export async function recountLesson(courseId: number, lessonId: number) {
  const tasks = await listLessonTasks(lessonId);
  const of = (kind: string) => tasks.filter((t) => taskKind(t.task_type_id) === kind);
  const sum = (list: TaskItem[]) => list.reduce((s, t) => s + (Number(t.max_score) || 0), 0);
  try {
    await lessons.update(catalogueKeys.lesson(courseId, lessonId), {
      set: { tasks_count: of('task').length, programs_count: of('program').length, contents_count: of('content').length, tasks_score: sum(of('task')), programs_score: sum(of('program')) },
      condition: 'attribute_exists(pk)',
    });
  } catch (error) {
    if (!conditionFailed(error)) throw error;
  }
}

export interface SaveInput {
  task_id: number;
  lesson_id: number;
  task_type_id: number;
  task_order?: number;
  max_score?: unknown;
  globals: string;
  /** Languages to write (content per language id); languages not listed stay as they are. */
  contents: Array<{ lang_id: number; content: string; visible?: number }>;
  only_translation?: number;
}

/** Creates or saves a task; returns its id and order. */
export async function saveTask(user: SessionUser, input: SaveInput) {
  return input.task_id === 0 ? createTask(user, input) : updateTask(user, input);
}

async function createTask(user: SessionUser, input: SaveInput) {
  if (!input.lesson_id) throw new Invalid(COURSE_LESSON_MISSING);
  const lesson = await lessonById(input.lesson_id);
  const rights = await editorRights(user, lesson);
  if (!rights.object) throw new Forbidden(NO_EDIT_PERMISSION);
  const type = input.task_type_id;
  const existing = await listLessonTasks(lesson.lesson_id);
  const taskId = await nextId('task');
  const order = input.task_order && input.task_order > 0 ? input.task_order : existing.reduce((m, t) => Math.max(m, t.task_order), 0) + 1;
  const contents: Record<string, string> = {};
  const visible: Record<string, number> = {};
  for (const c of input.contents) {
    contents[String(c.lang_id)] = cleanContent(type, c.content);
    visible[String(c.lang_id)] = c.visible ?? 1;
  }
  const now = nowSeconds();
  const item = taskItem({
    task_id: taskId,
    course_id: lesson.course_id,
    chapter_id: lesson.chapter_id,
    lesson_id: lesson.lesson_id,
    task_type_id: type,
    task_order: order,
    max_score: resolveMaxScore(type, input.max_score ?? defaultMaxScore(type)),
    globals: taskKind(type) === 'content' ? '' : cleanGlobals(input.globals),
    contents,
    visible,
    // The author keeps editing after the first save: the new task is locked for them.
    lck_user: user.userId,
    lck_until: now + LOCK_SECONDS,
  });
  if (JSON.stringify(item).length > MAX_ITEM_CHARS) throw new Invalid('The task is too large.');
  await tasks.put(item, { ConditionExpression: 'attribute_not_exists(pk)' });
  await Promise.all([refreshCourse(lesson.course_id), recountLesson(lesson.course_id, lesson.lesson_id)]);
  return { message: 'OK' as const, task_id: taskId, task_order: order };
}

async function updateTask(user: SessionUser, input: SaveInput) {
  const task = await findTask(input.task_id);
  if (!task) throw new NotFound('Task not found.');
  const rights = await editorRights(user, task);
  if (!rights.any) throw new Forbidden(NO_EDIT_PERMISSION);
  const type = input.task_type_id;
  const maxScore = resolveMaxScore(type, input.max_score ?? task.max_score);
  const globals = taskKind(type) === 'content' ? '' : cleanGlobals(input.globals);
  if (input.lesson_id !== task.lesson_id) throw new Invalid('A task is moved from the task list.');
  const objectChanged = type !== task.task_type_id || maxScore !== String(task.max_score) || globals !== (task.globals ?? '');
  // A translator (or a creator saving "translations only") changes texts, never what decides grading.
  const textsOnly = !rights.object || input.only_translation === 1;
  if (objectChanged && textsOnly) throw new Forbidden(GRADING_IS_OBJECT_LEVEL);
  const contents = { ...(task.contents ?? {}) };
  const visible = { ...(task.visible ?? {}) };
  for (const c of input.contents) {
    const key = String(c.lang_id);
    const cleaned = cleanContent(type, c.content);
    const shown = c.visible ?? visible[key] ?? 1;
    // A language's text and its visibility are that language's right.
    if ((cleaned !== (contents[key] ?? '') || shown !== (visible[key] ?? 1)) && !rights.languages.has(c.lang_id)) throw new Forbidden(NO_EDIT_PERMISSION);
    contents[key] = cleaned;
    if (c.visible !== undefined) visible[key] = c.visible;
  }
  if (textsOnly && gradingChanges(type, task.contents ?? {}, contents).length > 0) throw new Forbidden(GRADING_IS_OBJECT_LEVEL);
  // A type change rewrites every language: a text of the old type would not parse as the new one.
  if (type !== task.task_type_id) {
    for (const key of Object.keys(contents)) if (!input.contents.some((c) => String(c.lang_id) === key)) contents[key] = '';
  }
  if (JSON.stringify({ ...task, contents }).length > MAX_ITEM_CHARS) throw new Invalid('The task is too large.');
  const now = nowSeconds();
  try {
    await tasks.update(catalogueKeys.task(task.course_id, task.task_id), {
      set: { task_type_id: type, max_score: maxScore, globals, contents, visible, updated_at: new Date().toISOString(), lck_until: now + LOCK_SECONDS },
      condition: 'attribute_exists(pk) AND lck_user = :me AND lck_until >= :now',
      values: { ':me': user.userId, ':now': now },
    });
  } catch (error) {
    if (!conditionFailed(error)) throw error;
    const current = await tasks.get(catalogueKeys.task(task.course_id, task.task_id), { consistent: true });
    if (!current) throw new NotFound('Task not found.');
    const holder = current.lck_user ?? undefined;
    if (holder !== undefined && holder !== user.userId && (current.lck_until ?? 0) >= now) throw new Conflict(LOCKED_BY_OTHER);
    throw new Conflict(LOCK_EXPIRED);
  }
  if (objectChanged) await Promise.all([refreshCourse(task.course_id), recountLesson(task.course_id, task.lesson_id)]);
  return { message: 'OK' as const, task_id: task.task_id, task_order: task.task_order };
}
