/**
 * Competitions domain (spec/1 §2 course page tab, spec/3 "Competition screens", §3, §4, §5, §7
 * "Competitions"): the open and joined competitions of a course and joining; the competition player
 * on the server's clock (deadline, sync, close at the deadline on the server); results; teacher grading;
 * the teacher's live board and early close (beyond the spec).
 */
import * as z from 'zod';
import { defineDomain, idParam, numeric } from '../registry';
import { playerTask } from './player';

const id = z.number().int();
const text = z.string();
const byId = z.object({ id: idParam });

export const competitionItem = z.object({
  id,
  name: text,
  icon: text,
  open_begin: z.string().nullable(),
  open_end: z.string().nullable(),
  check_OB: z.number().int(),
  check_OE: z.number().int(),
  time_limit: id,
  /** '*' when the competition is private; the key itself never leaves the server. */
  key: z.string().nullable(),
});
export const joinedCompetition = competitionItem.extend({
  user_comp_id: id,
  begin_at: text,
  end_at: text,
  status: text,
  score: z.number(),
  description: text,
});

const status = z.enum(['started', 'finished']);

/** A learner's attempt as the competition player reads it (the spec's four fields first). */
export const competitionPlay = z.object({
  task_list: z.array(playerTask),
  /** 'started' while the attempt runs at the server's now, 'finished' after (spec/3 §4). */
  status,
  /** Seconds of the attempt (deadline − begin) and seconds spent so far: time_limit − spent_time is the server's remaining time. */
  time_limit: id,
  spent_time: id,
  user_comp_id: id,
  comp_id: id,
  course_id: id,
  name: text,
  /** The learner's name and surname for the toolbar (spec/3 task player). */
  user: z.object({ name: text, surname: text }),
  /** The deadline and the server's now (epoch ms) when the answer was made. */
  deadline: z.number(),
  server_now: z.number(),
});

const resultTask = z.object({
  task_id: id,
  task_type_id: id,
  task_name: text,
  score: z.number(),
  teacher_score: z.number(),
  max_score: z.number(),
  attempts: id,
  comment: text,
});

/** spec/3 §3 Competition result. */
export const competitionResult = z.object({
  competition: z.object({ name: text, user_competition_id: id, comp_id: id, course_id: id }),
  score: z.number(),
  teacher_score: z.number(),
  spent_time: id,
  begin_at: text,
  end_at: text,
  description: text,
  /** The caller grades this attempt (teacher of the learner's group, or admin). */
  allow_edit: z.boolean(),
  task_list: z.array(resultTask),
  status,
  student: z.object({ user_id: id, name: text, surname: text }),
});

/** spec/3 §3 Solution list entry. */
export const solutionItem = z.object({
  name: text,
  surname: text,
  email: text,
  /** The user competition (attempt) id. */
  id,
  task_id: id,
  user_id: id,
  score: z.number(),
  teacher_score: z.number(),
  max_score: z.number(),
  comment: text,
  saved_code: text,
});

const teacherScoreInput = z.union([z.number(), z.string().max(20)]).optional().default(0);
const commentInput = z.string().max(5000, 'At most 5000 characters').optional().default('');

/** A learner's row on the teacher's live board. */
export const boardRow = z.object({
  user_id: id,
  user_comp_id: id,
  name: text,
  surname: text,
  status: text,
  connected: z.boolean(),
  score: z.number(),
  deadline: z.number(),
  tasks: z.array(z.object({ task_id: id, score: z.number(), max_score: z.number(), attempts: id })),
});

export const competitionsRoutes = defineDomain('competitions', (route) => ({
  getCompetitions: route({
    method: 'GET', path: '/get-competitions/{id}', access: 'user',
    summary: 'Open competitions of a course and the ones the caller joined', params: byId,
    response: z.object({ opened: z.array(competitionItem), joined: z.array(joinedCompetition) }),
  }),
  addMyCompetition: route({
    method: 'POST', path: '/add-my-competition', access: 'user',
    summary: 'Joins an open competition (key for private ones); the begin time is set by the server',
    body: z.object({ comp_id: idParam, comp_key: z.string().max(100).optional().default(''), course_id: idParam }),
    response: z.object({ message: z.literal('OK'), description: text, user_comp_id: id }),
  }),
  getActiveCompetition: route({
    method: 'GET', path: '/get-active-competition/{course_id}/{competition_id}', access: 'user',
    summary: "The caller's attempt at a competition: its tasks, status and the server's remaining time",
    params: z.object({ course_id: idParam, competition_id: idParam }),
    response: competitionPlay,
  }),
  getMyCompetition: route({
    method: 'GET', path: '/get-my-competition/{id}', access: 'user',
    summary: "The caller's attempt by user competition id (the competition player's screen)",
    params: byId, response: competitionPlay,
  }),
  closeCompetition: route({
    method: 'GET', path: '/close-competition/{id}', access: 'user',
    summary: "Submit ALL: closes the caller's attempt now (idempotent; the server closes it at the deadline anyway)",
    params: byId,
    response: z.object({ message: z.literal('OK'), status: z.literal('finished'), score: z.number(), user_comp_id: id }),
  }),
  getSynchro: route({
    method: 'POST', path: '/get-synchro/{id}', access: 'user',
    summary: "Remaining seconds of the caller's attempt on the server's clock (clients without a socket)",
    params: byId,
    body: z.object({ s_type: numeric(z.number().int().min(0).max(100)).optional().default(0) }),
    response: z.object({ rem_time: id, deadline: z.number(), server_now: z.number(), status }),
  }),
  getStudentCompetition: route({
    method: 'GET', path: '/get-student-competition/{id}', access: 'user',
    summary: "A competition result: the learner's own (inside the results window), or a student's for their teacher",
    params: byId, response: competitionResult,
  }),
  getTaskSolutions: route({
    method: 'GET', path: '/get-task-solutions/{task_id}', access: 'user',
    summary: "Solutions of a competition task by the students the caller grades",
    params: z.object({ task_id: idParam }),
    response: z.object({ ucid: id, list: z.array(solutionItem) }),
  }),
  getTaskVersions: route({
    method: 'GET', path: '/get-task-versions/{task_id}/{user_id}/{user_competition_id}', access: 'user',
    summary: "A student's attempts at a competition task (for the grader)",
    params: z.object({ task_id: idParam, user_id: idParam, user_competition_id: idParam }),
    response: z.object({
      attempts_count: id,
      attempt_list: z.array(z.object({ time_stamp: text, score: z.number(), rating: z.number(), answer: text })),
    }),
  }),
  writeTeacherCompComment: route({
    method: 'POST', path: '/write-teacher-comp-comment', access: 'user',
    summary: "The grader's score and comment on a student's competition task (capped: auto + teacher ≤ max_score)",
    body: z.object({ user_comp_id: idParam, id: idParam, teacher_score: teacherScoreInput, comment: commentInput }),
    response: z.object({ message: z.literal('OK'), teacher_score: z.number() }),
  }),
  writeTeacherComment: route({
    method: 'POST', path: '/write-teacher-comment', access: 'user',
    summary: "The grader's score and comment on a solution of the solution list (id: the attempt, task_id: the task)",
    body: z.object({ id: idParam, task_id: idParam, teacher_score: teacherScoreInput, comment: commentInput }),
    response: z.object({ message: z.literal('OK'), teacher_score: z.number() }),
  }),
  getCompetitionBoard: route({
    method: 'GET', path: '/get-competition-board/{course_id}/{competition_id}', access: 'user',
    summary: "The teacher's live board of a competition: who joined, who is connected, progress per task (beyond the spec)",
    params: z.object({ course_id: idParam, competition_id: idParam }),
    response: z.object({
      name: text,
      tasks: z.array(z.object({ task_id: id, task_type_id: id, max_score: z.number() })),
      rows: z.array(boardRow),
      server_now: z.number(),
      closed: z.boolean(),
    }),
  }),
  closeCompetitionForAll: route({
    method: 'POST', path: '/close-competition-for-all', access: 'user',
    summary: "The teacher closes a running competition for everyone now (beyond the spec)",
    body: z.object({ course_id: idParam, comp_id: idParam }),
    response: z.object({ message: z.literal('OK'), closed: id }),
  }),
}));
