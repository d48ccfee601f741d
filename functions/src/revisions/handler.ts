/** Revisions Lambda: the teacher's revisions page and students overview, the student's opened revisions and attempt. */
import { revisionsRoutes } from '@lectio/shared/api/revisions';
import { domainHandler } from '../platform/http/router';
import { closeMyRevision, courseRevisions, deleteRevision, revisionEvaluate, revisionStudents, saveRevision, studentRevision, studentRevisions } from './revisions';

export const handler = domainHandler('revisions', [revisionsRoutes], {
  getStudentRevisions: ({ user, body }) => studentRevisions(user, body.course_id),
  getStudentRevision: ({ user, body }) => studentRevision(user, body.course_id, body.rev_id),
  // lateness by the instant the API received the request, not when it is processed
  revisionEvaluate: ({ user, body, receivedAt }) => revisionEvaluate(user, body, receivedAt),
  closeRevision: ({ user, body }) => closeMyRevision(user, body.course_id, body.rev_id),
  getRevisionStudents: ({ user, body }) => revisionStudents(user, body.course_id, body.rev_id),
  getCourseRevisions: ({ user, body }) => courseRevisions(user, body.course_id),
  createEditRevision: ({ user, body }) => saveRevision(user, body),
  deleteRevision: ({ user, body }) => deleteRevision(user, body.course_id, body.rev_id),
});
