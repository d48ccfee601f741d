/**
 * Task types on the authoring screens (spec/2 §1, §2.1, §2.7): their menu groups, the editor route
 * of each type, and which editors exist yet. A type whose editor is not built shows its menu entry
 * disabled with a tooltip; the editors' issue adds its types to `BUILT_EDITOR_TYPES`.
 */
import { pathTo } from '@/lib/paths';

/** Questions 2-7 and the extended essay (16) and GenAI (17) tasks, reviewed by the teacher. */
export const QUESTION_MENU = [2, 3, 4, 5, 6, 7, 16, 17] as const;
export const PROGRAM_MENU = [8, 9, 10, 11] as const;
/** Notebooks: reading (12) and quizzes with a text answer (13), one (14) or more (15) correct options. */
export const NOTEBOOK_MENU = [12, 13, 14, 15] as const;

/** Types whose editor screen exists in this build. */
export const BUILT_EDITOR_TYPES: ReadonlySet<number> = new Set<number>([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17]);

export const editorExists = (type: number) => BUILT_EDITOR_TYPES.has(type);

/** The old-style editor route of a task type (id 0 = new). */
export function editorPath(type: number, ids: { courseId: number; lessonId: number; taskId: number }): string {
  const p = { lesson_id: ids.lessonId, id: ids.taskId };
  if (type === 1) return pathTo('admin_content', p);
  if (type >= 2 && type <= 4) return pathTo('admin_type24', p);
  if (type === 5 || type === 6) return pathTo('admin_type56', p);
  if (type === 7) return pathTo('admin_type7', p);
  if (type >= 8 && type <= 10) return pathTo('admin_type8', { ...p, course_id: ids.courseId });
  if (type === 11) return pathTo('admin_type_11', p);
  return pathTo('task_edit', { course_id: ids.courseId, lesson_id: ids.lessonId, id_type: type, show_lang: 1, edit_lang: 2, id: ids.taskId });
}
