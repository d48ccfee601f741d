/** Authoring Lambda: task editors and edit locks (tasks-handler.ts); structure lists join here. */
import { domainHandler } from '../platform/http/router';
import { taskEditorRoutes } from './tasks-handler';

export const handler = domainHandler('authoring', {
  ...taskEditorRoutes,
});
