/** Revisions Lambda: the teacher's revisions page and the student's opened revisions and attempt. */
import { revisionsRoutes } from '@lectio/shared/api/revisions';
import { domainHandler } from '../platform/http/router';
import { courseRevisions, deleteRevision, saveRevision, studentRevision, studentRevisions } from './revisions';

export const handler = domainHandler('revisions', [revisionsRoutes], {
  getStudentRevisions: ({ user, body }) => studentRevisions(user, body.course_id),
  getStudentRevision: ({ user, body }) => studentRevision(user, body.course_id, body.rev_id),
  getCourseRevisions: ({ user, body }) => courseRevisions(user, body.course_id),
  createEditRevision: ({ user, body }) => saveRevision(user, body),
  deleteRevision: ({ user, body }) => deleteRevision(user, body.course_id, body.rev_id),
});
