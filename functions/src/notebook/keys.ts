/**
 * Key builders of the notebook domain: a learner's saved versions of a notebook cell's code live in the
 * learner's partition, one item a version, so one Query reads a cell's versions (or a component's cells).
 */
import { pad } from '../platform/db/keys';

export const notebookKeys = {
  /** One saved version (1 and up) of a cell's code. */
  codeVersion: (userId: number, taskId: number, component: number, index: number, version: number) => ({
    pk: `USER#${userId}`,
    sk: `XREAD#${pad(taskId)}#${pad(component, 7)}#${pad(index, 3)}#${pad(version, 3)}`,
  }),
  /** Every version of one cell. */
  versionsOf: (userId: number, taskId: number, component: number, index: number) => ({
    pk: `USER#${userId}`,
    prefix: `XREAD#${pad(taskId)}#${pad(component, 7)}#${pad(index, 3)}#`,
  }),
  /** Every cell's versions of one component of a notebook. */
  componentOf: (userId: number, taskId: number, component: number) => ({ pk: `USER#${userId}`, prefix: `XREAD#${pad(taskId)}#${pad(component, 7)}#` }),
};
