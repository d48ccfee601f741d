/** The task list dialog of spec/2 §2.7: states, result codes, texts and the move precondition. */
import { describe, expect, it } from 'vitest';
import { canMove, DIALOG_CLOSED, DIALOG_DELETE_MANY, DIALOG_DELETE_ONE, DIALOG_MOVE, dialogText, resultCodeOf } from './task-list-dialog';

const en: Record<string, string> = {
  'authoring.taskList.confirmDeleteOne': 'Do you want to delete 1 element?',
  'authoring.taskList.confirmMove': 'Move {{count}} element(s)?',
  'authoring.taskList.confirmDeleteMany': 'Delete {{count}} element(s)?',
};
const t = (key: string, o?: Record<string, unknown>) => (en[key] ?? key).replace('{{count}}', String(o?.count));

describe('task list dialog', () => {
  it('uses the states -1, 1, 2, 3 and the result codes 4, 6, 2', () => {
    expect([DIALOG_CLOSED, DIALOG_MOVE, DIALOG_DELETE_MANY, DIALOG_DELETE_ONE]).toEqual([-1, 1, 2, 3]);
    expect([DIALOG_CLOSED, DIALOG_MOVE, DIALOG_DELETE_MANY, DIALOG_DELETE_ONE].map(resultCodeOf)).toEqual([null, 4, 6, 2]);
  });
  it('says how many elements', () => {
    expect(dialogText(DIALOG_DELETE_ONE, 1, t)).toBe('Do you want to delete 1 element?');
    expect(dialogText(DIALOG_MOVE, 3, t)).toBe('Move 3 element(s)?');
    expect(dialogText(DIALOG_DELETE_MANY, 2, t)).toBe('Delete 2 element(s)?');
  });
  it('moves nothing without checked tasks or with the --- target', () => {
    expect(canMove(0, 5)).toBe(false);
    expect(canMove(2, null)).toBe(false);
    expect(canMove(2, 0)).toBe(false);
    expect(canMove(2, 5)).toBe(true);
  });
});
