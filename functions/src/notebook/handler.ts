/** Notebook Lambda: a learner's versions of a notebook's code cells (spec/3 §7 "Notebook cell codes"). */
import { notebookRoutes } from '@lectio/shared/api/notebook';
import { domainHandler } from '../platform/http/router';
import { latestCodes, saveCode, stepVersion } from './codes';

export const handler = domainHandler('notebook', [notebookRoutes], {
  saveXreadCodes: ({ user, body }) => saveCode(user, body),
  getXreadCodes: ({ user, body }) => latestCodes(user, body),
  getXreadCodesVersion: ({ user, body }) => stepVersion(user, body),
});
