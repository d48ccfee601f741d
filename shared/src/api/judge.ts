/**
 * Judge domain (spec/2 §7 "Judge preview", spec/3 §4 "Code run", §7 "Code"): a run or evaluation is
 * requested and answered with tickets at once; the job runs asynchronously and its progress is pushed on
 * the WebSocket topic `judge:{ticket}` (VPL monitor messages); the result is read with the ticket. Tickets
 * are random (≥ 128 bits) and bound to the user who started the job: nobody else may read, stop or
 * subscribe to them.
 */
import * as z from 'zod';
import { activityType, defineDomain, idParam, numeric } from '../registry';
import { performance } from './accounts';

/** A ticket: 22+ characters of base64url (128+ random bits). */
export const judgeTicket = z.string().regex(/^[A-Za-z0-9_-]{22,64}$/, 'Invalid ticket');

/** A JSON list of `{ filename, filecontent }` as text (spec: submitted_files, keep_files, config_files). */
export const judgeFilesText = z.string().max(1_000_000, 'At most 1000000 characters');
export const judgeFile = z.object({
  filename: z.string().min(1).max(200),
  filecontent: z.string().max(500_000),
  encoding: z.enum(['base64']).optional(),
});
export const judgeFileList = z.array(judgeFile).max(60);

const tickets = z.object({ monitorticket: judgeTicket, executionticket: judgeTicket, adminticket: judgeTicket });
const exeType = numeric(z.number({ message: 'Must be a number' }).int().min(0).max(1));
const byTicket = z.object({ adminticket: judgeTicket });

export const judgeResult = z.object({ compilation: z.string(), execution: z.string() });

export const judgeRoutes = defineDomain('judge', (route) => ({
  vplRunTest3: route({
    method: 'POST', path: '/vpl-run-test3', access: 'user',
    summary:
      'Starts a run (0) or an evaluation (1) of a program task. A learner sends only their files; an author previewing ' +
      'sends the files being edited (keep, config, test cases) and needs edit permission on the course. Answers tickets at once.',
    body: z.object({
      task_id: idParam,
      course_id: idParam.optional(),
      exe_type: exeType,
      submitted_files: judgeFilesText,
      keep_files: judgeFilesText.optional(),
      config_files: judgeFilesText.optional(),
      testCases: z.string().max(200_000).optional(),
      /** The preview runs the author's solution in the editor (spec/2 §7); absent for learners. */
      preview: numeric(z.number().int().min(0).max(1)).optional(),
    }),
    response: tickets.extend({ message: z.literal('OK') }),
  }),
  vplGetResult33: route({
    method: 'POST', path: '/vpl-get-result33', access: 'user',
    summary: "The result of the caller's run; an evaluation's grade has already been recorded as the task's rating",
    body: z.object({
      adminticket: judgeTicket,
      task_type_id: numeric(z.number().int().min(1).max(17)).optional(),
      tests_description: z.string().max(10_000).optional(),
      task_id: idParam.optional(),
      activity_type: activityType.optional(),
      time_length: numeric(z.number().min(0).max(1_000_000_000)).optional(),
    }),
    response: judgeResult.extend({
      grade: z.number().nullable(),
      /** The task after the evaluation (learners' evaluations only). */
      task: z.object({ score: z.number(), rating: z.number(), passed: z.number().int(), status: z.string() }).nullable(),
      user: z.object({ performance }).nullable(),
    }),
  }),
  vplGetResult: route({
    method: 'POST', path: '/vpl-get-result', access: 'user',
    summary: "The result of the caller's run (preview)",
    body: byTicket,
    response: judgeResult,
  }),
  getVplCourseInfo: route({
    method: 'GET', path: '/get-vpl-course-info/{course_id}', access: 'user',
    summary: "A course's file extension and code-editor mode (the default language of its program tasks)",
    params: z.object({ course_id: idParam }),
    response: z.object({ extension: z.string(), editorType: z.string() }),
  }),
  loadProgram3: route({
    method: 'POST', path: '/load-program3/{task_id}', access: 'user',
    summary: "The caller's saved files of a program task as JSON text of [{ filename, filecontent }] ('' when nothing was saved)",
    params: z.object({ task_id: idParam }),
    body: z.object({ activity_type: activityType.optional() }),
    response: z.object({ message: z.literal('OK'), code: z.string() }),
  }),
  saveProgram3: route({
    method: 'POST', path: '/save-program3', access: 'user',
    summary: "Saves the caller's files of a program task (only the task's requested file names are kept)",
    body: z.object({
      task_id: idParam,
      activity_type: activityType.optional(),
      files: judgeFilesText,
    }),
    response: z.object({ message: z.literal('OK') }),
  }),
  getMySolutions: route({
    method: 'GET', path: '/get-my-solutions/{task_id}', access: 'user',
    summary: "The caller's graded solutions of a program task, newest first (at most 20): time, grade % and the judged files as JSON text of [{ filename, filecontent }]",
    params: z.object({ task_id: idParam }),
    response: z.object({ list: z.array(z.object({ time_stamp: z.string(), grade: z.number(), code: z.string() })) }),
  }),
  vplStop: route({
    method: 'POST', path: '/vpl-stop', access: 'user',
    summary: "Stops the caller's run ('----- interrupted by user -----')",
    body: byTicket,
    response: z.object({ message: z.literal('OK') }),
  }),
}));
