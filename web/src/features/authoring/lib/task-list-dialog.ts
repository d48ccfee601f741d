/**
 * The task list's confirm dialog (spec/2 §2.7): states -1 closed, 1 move, 2 delete many, 3 delete
 * one; OK answers the result code 4 (move), 6 (delete many) or 2 (delete one); the texts say how
 * many elements.
 */
export type DialogState = -1 | 1 | 2 | 3;

export const DIALOG_CLOSED: DialogState = -1;
export const DIALOG_MOVE: DialogState = 1;
export const DIALOG_DELETE_MANY: DialogState = 2;
export const DIALOG_DELETE_ONE: DialogState = 3;

/** The modal result code that confirms the dialog's action. */
export const resultCodeOf = (state: DialogState): 2 | 4 | 6 | null =>
  state === DIALOG_MOVE ? 4 : state === DIALOG_DELETE_MANY ? 6 : state === DIALOG_DELETE_ONE ? 2 : null;

/** The confirm text: 'Do you want to delete 1 element?', 'Move N element(s)?', 'Delete N element(s)?'. */
export function dialogText(state: DialogState, count: number, t: (key: string, options?: Record<string, unknown>) => string): string {
  if (state === DIALOG_DELETE_ONE) return t('authoring.taskList.confirmDeleteOne');
  if (state === DIALOG_MOVE) return t('authoring.taskList.confirmMove', { count });
  if (state === DIALOG_DELETE_MANY) return t('authoring.taskList.confirmDeleteMany', { count });
  return '';
}

/**
 * Whether Move may open its dialog (spec/2 §5): at least one checked task and a chosen target lesson;
 * with none checked, or the '---' target, nothing happens.
 */
export const canMove = (checked: number, targetLesson: number | null) => checked > 0 && targetLesson !== null && targetLesson > 0;
