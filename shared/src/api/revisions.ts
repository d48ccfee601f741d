/**
 * Revisions domain (spec/3 "Teacher screens", §2, §3 Revision, §4 "Revisions", §5, §7 "Revisions", §9):
 * a teacher opens revisions (a timed set of tasks picked from chosen chapters and task types) to
 * selected groups of a course; a member takes one inside its open window.
 */
import * as z from 'zod';
import { defineDomain, idParam, numeric, okResponse } from '../registry';
import { playerTask } from './player';

export { revisionTexts } from './plain-texts';

/** §9: defaults of a new revision. */
export const revisionDefaults = { time_limit: 450, task_number: 10, rev_style: 0, check_OB: 0, check_OE: 0, time: '00:00' } as const;
/** Revision styles (§9): 0 random, 1 evenly. */
export const REVISION_STYLES = [0, 1] as const;

const idList = z.array(idParam).max(200);
/** Comma-separated ids (§3: question_type_list and chapter_list). */
const csvIds = z.string().max(2000).regex(/^(\d{1,10}(,\d{1,10})*)?$/);
const dateText = z.string().max(40);

export const revisionForm = z.object({
  course_id: idParam,
  rev_id: z.number().int().min(0),
  rev_title: z.string().max(200),
  rev_key: z.string().max(100).default(''),
  time_limit: z.number().int().min(1).max(86_400),
  task_number: z.number().int().min(0).max(200),
  open_begin: dateText.default(''),
  open_end: dateText.default(''),
  check_OB: z.number().int().min(0).max(1),
  check_OE: z.number().int().min(0).max(1),
  rev_style: z.union([z.literal(0), z.literal(1)]),
  question_type_list: csvIds,
  chapter_list: csvIds,
  group_list: idList,
  ungroup_list: idList.default([]),
});
export type RevisionForm = z.input<typeof revisionForm>;

export const revisionItem = z.object({
  id: z.number().int(),
  rev_title: z.string(),
  rev_key: z.string(),
  time_limit: z.number().int(),
  task_number: z.number().int(),
  open_begin: z.string(),
  open_end: z.string(),
  check_OB: z.number().int(),
  check_OE: z.number().int(),
  rev_style: z.number().int(),
  question_type_list: z.string(),
  chapter_list: z.string(),
  groupList: z.array(z.object({ id: z.number().int() })),
});
export type RevisionItem = z.infer<typeof revisionItem>;

/** A chapter with its per-task-type counts named T plus the type id (§3). */
export const revisionChapter = z.object({ id: z.number().int(), title: z.string() }).catchall(z.union([z.number(), z.string()]));

export const openedRevision = z.object({
  id: z.number().int(),
  rev_title: z.string(),
  time_limit: z.number().int(),
  task_number: z.number().int(),
  chapter_count: z.number().int(),
});
export type OpenedRevision = z.infer<typeof openedRevision>;

/** The attempt's result on one task: the best score of its answers (a revision's own, not the chapter's progress). */
export const revisionTaskResult = z.object({
  task_id: z.number().int(),
  task_type_id: z.number().int(),
  score: z.number(),
  max_score: z.number(),
  rating: z.number(),
  attempts: z.number().int(),
});
export type RevisionTaskResult = z.infer<typeof revisionTaskResult>;

/** A student's attempt: the tasks the server picked once, and the server's deadline. */
export const revisionAttempt = openedRevision.extend({
  course_id: z.number().int(),
  tasks: z.array(z.object({ task_id: z.number().int(), chapter_id: z.number().int(), lesson_id: z.number().int(), task_type_id: z.number().int() })),
  started_at: z.number(),
  deadline: z.number(),
  remaining_ms: z.number(),
  /** The server's now when it answered (the countdown places the deadline on the client's clock from it). */
  server_now: z.number(),
  status: z.enum(['running', 'closed']),
  /** When the attempt ended (Submit ALL, or the deadline), else null. */
  ended_at: z.number().nullable(),
  score: z.number(),
  max_score: z.number(),
  results: z.array(revisionTaskResult),
  /** The tasks as the player shows them (empty once the attempt is closed). */
  task_list: z.array(playerTask),
  user: z.object({ name: z.string(), surname: z.string() }),
});
export type RevisionAttempt = z.infer<typeof revisionAttempt>;

const attemptBody = z.object({ course_id: idParam, rev_id: idParam });

/** A student of the revision's groups and their attempt (the teacher's students overview). */
export const revisionStudent = z.object({
  user_id: z.number().int(),
  name: z.string(),
  surname: z.string(),
  group_ids: z.array(z.number().int()),
  status: z.enum(['not_started', 'running', 'closed']),
  score: z.number(),
  max_score: z.number(),
  begin: z.number().nullable(),
  end: z.number().nullable(),
});
export type RevisionStudent = z.infer<typeof revisionStudent>;

const courseBody = z.object({ course_id: idParam });

export const revisionsRoutes = defineDomain('revisions', (route) => ({
  getStudentRevisions: route({
    method: 'POST', path: '/get-student-revisions', access: 'user',
    summary: 'Revisions opened to the caller in a course (a group they are a member of, inside the open window)',
    body: courseBody, response: z.object({ opened: z.array(openedRevision) }),
  }),
  getStudentRevision: route({
    method: 'POST', path: '/get-student-revision', access: 'user',
    summary: 'Starts or resumes the caller\u2019s attempt of an opened revision (tasks picked once by the server)',
    body: attemptBody, response: z.object({ message: z.string(), opened: revisionAttempt }),
  }),
  revisionEvaluate: route({
    method: 'POST', path: '/revision-evaluate', access: 'user',
    summary: 'Evaluates an answer to a question of the caller\u2019s running revision attempt (judged late by the time the request was received); the chapter\u2019s progress, XP and coins do not change',
    body: attemptBody.extend({
      task_id: idParam,
      task_type_id: numeric(z.number({ message: 'Must be a number' }).int().min(1).max(17)),
      time_length: numeric(z.number({ message: 'Must be a number' }).min(0).max(1_000_000_000)).optional().default(0),
      answer_list: z.string().max(20_000, 'At most 20000 characters'),
    }),
    response: z.object({
      result: z.object({ rating: z.number(), answers: z.array(z.object({ answer: z.string(), feedback: z.string(), rating: z.number() })) }),
      task: z.object({ score: z.number(), rating: z.number(), passed: z.number().int(), first_time: z.number().int(), status: playerTask.shape.status }),
    }),
  }),
  closeRevision: route({
    method: 'POST', path: '/close-revision', access: 'user',
    summary: 'Submit ALL: closes the caller\u2019s revision attempt now (idempotent)',
    body: attemptBody, response: z.object({ message: z.literal('OK'), status: z.literal('finished'), score: z.number() }),
  }),
  getRevisionStudents: route({
    method: 'POST', path: '/get-revision-students', access: 'user',
    summary: 'Teacher students overview: the students of the revision\u2019s groups (the caller teaches) and their attempts',
    body: attemptBody,
    response: z.object({
      revision: z.object({ id: z.number().int(), rev_title: z.string(), time_limit: z.number().int(), task_number: z.number().int() }),
      groups: z.array(z.object({ id: z.number().int(), name: z.string() })),
      students: z.array(revisionStudent),
    }),
  }),
  getCourseRevisions: route({
    method: 'POST', path: '/get-course-revisions', access: 'user',
    summary: 'Teacher revisions page: chapters with task-type counts, revisions and the teacher\u2019s groups',
    body: courseBody,
    response: z.object({ chapters: z.array(revisionChapter), revisions: z.array(revisionItem), groups: z.array(z.object({ id: z.number().int(), name: z.string() })) }),
  }),
  createEditRevision: route({
    method: 'POST', path: '/create-edit-revision', access: 'user',
    summary: 'Creates (rev_id 0) or edits a revision and opens it to the selected groups',
    body: revisionForm, response: z.object({ message: z.literal('OK'), id: z.number().int() }),
  }),
  deleteRevision: route({
    method: 'POST', path: '/delete-revision', access: 'user',
    summary: 'Deletes a revision of the course', body: z.object({ course_id: idParam, rev_id: idParam }), response: okResponse,
  }),
}));
