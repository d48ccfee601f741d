/**
 * Player domain (spec/3 task player, §3 Task in a list / Lesson list, §4 scoring, §5 error report
 * and coins, §7 "Player and scoring"): the lesson list and tasks of a chapter for the learner,
 * evaluation on the server, content passed on viewing, help and answer purchases, error reports and
 * the activity log. Learner payloads never carry answers, ratings, feedback or unearned help.
 */
import * as z from 'zod';
import { activityType, defineDomain, idParam, numeric } from '../registry';
import { performance } from './accounts';
import { ERROR_REPORT_MAX, ERROR_REPORT_MIN } from '../tasks/types';

const id = z.number().int();
const text = z.string();
const named = z.object({ id, name: text });
const byTask = z.object({ task_id: idParam });

/** The caller's performance after the call (the header's XP and coins). */
export const userPerformance = z.object({ performance });

export const lessonListItem = z.object({
  lesson_id: id,
  lesson_name: text,
  lesson_order: id,
  tasks_nonfinished: id,
  programs_nonfinished: id,
  max_tasks: id,
  max_programs: id,
  /** Reading tasks (content), beside the spec's task and program counts. */
  contents_nonfinished: id,
  max_contents: id,
});

export const attemptItem = z.object({ time_stamp: text, score: z.number(), rating: z.number(), answer: text });

/**
 * An essay or GenAI attempt (types 16, 17; spec/3 §3 "Essay attempt"): id, answers (the answer's JSON
 * text), info (the teacher's comment, '' before a review), score, max_score, time_stamp, time_length
 * (seconds), and its length in characters of text. get-my-answers lists these for types 16 and 17.
 */
export const essayAttempt = attemptItem.extend({
  id,
  answers: text,
  info: text,
  max_score: z.number(),
  time_length: z.number(),
  length: id,
});
export type EssayAttemptItem = z.infer<typeof essayAttempt>;

/** spec/3 §3 "Task in a list" plus the player's fields. `content`/`data.content` are the learner's view. */
export const playerTask = z.object({
  task_id: id,
  task_type_id: id,
  task_order: id,
  course_id: id,
  user_course_id: id,
  content: text,
  globals: text,
  data: z.object({ content: text, globals: text }),
  score: z.number(),
  max_score: z.number(),
  rating: z.number(),
  passed: id,
  first_time: id,
  help_showed: id,
  answer_showed: id,
  /** The help text once bought (or the answer shown); '' before. */
  help: text,
  /** 1 when the task has help to buy (never the help itself before it is bought). */
  has_help: id,
  teacher_score: z.number(),
  attempts: id,
  attempt_list: z.array(attemptItem),
  comment: text,
  UCT_id: id,
  status: z.enum(['blank', 'passed', 'half', 'failed']),
});
export type PlayerTask = z.infer<typeof playerTask>;

const answerMark = z.object({ answer: text, feedback: text, rating: z.number() });

/** The answer as JSON text; an HTML/CSS page (type 11) may be long. */
const answerListText = z.string().max(100_000, 'At most 100000 characters');
const timeLength = numeric(z.number({ message: 'Must be a number' }).min(0).max(1_000_000_000)).optional().default(0);
const evaluateBody = z.object({
  task_id: idParam,
  task_type_id: numeric(z.number({ message: 'Must be a number' }).int().min(1).max(17)),
  time_length: timeLength,
  answer_list: answerListText,
  activity_type: activityType.optional(),
});
const evaluateResponse = z.object({
  result: z.object({ rating: z.number(), answers: z.array(answerMark) }),
  user: userPerformance,
  /** The task's state after the evaluation (best score, pass, first_time, status). */
  task: z.object({ score: z.number(), rating: z.number(), passed: id, first_time: id, status: playerTask.shape.status }),
  /** Types 16 and 17: whether this call stored a new attempt (false: unchanged since the last save). */
  saved: z.boolean().optional(),
});

const logField = z.string().max(200, 'At most 200 characters').optional().default('');

export const playerRoutes = defineDomain('player', (route) => ({
  getActiveLessons2: route({
    method: 'GET', path: '/get-active-lessons2/{chapter_id}', access: 'user',
    summary: "Lessons of a chapter with the learner's unfinished counts, and the breadcrumbs",
    params: z.object({ chapter_id: idParam }),
    response: z.object({
      message: z.literal('OK'),
      lesson_list: z.array(lessonListItem),
      course: named,
      chapter: named.extend({ chapter_type: id }),
      area: named,
      category: named,
      user_course_id: id,
    }),
  }),
  getActiveTasks2: route({
    method: 'GET', path: '/get-active-tasks2/{course_id}/{chapter_id}/{lesson_id}', access: 'user',
    summary: "Tasks of a lesson as the learner sees them, with the learner's progress",
    params: z.object({ course_id: idParam, chapter_id: idParam, lesson_id: idParam }),
    response: z.object({
      task_list: z.array(playerTask),
      user_course_id: id,
      status: text,
      time_limit: id,
      spent_time: id,
    }),
  }),
  setPassedTasksContent2: route({
    method: 'POST', path: '/set-passed-tasks-content2', access: 'user',
    summary: 'A content task (type 1) was viewed: it passes',
    body: z.object({ user_course_id: idParam, task_id: idParam }),
    response: z.object({ message: z.literal('OK'), user: userPerformance }),
  }),
  taskEvaluate2: route({
    method: 'POST', path: '/task-evaluate2', access: 'user',
    summary: 'Evaluates a question (types 2-7, 11) on the server: rating, per-answer marks, XP and coins; saves an essay or GenAI attempt (16, 17: non-empty and changed, refused while a teacher comment locks it)',
    body: evaluateBody, response: evaluateResponse,
  }),
  taskEvaluate: route({
    method: 'POST', path: '/task-evaluate', access: 'user',
    summary: 'Older evaluation call (with the web page rule description); questions 2-7 as task-evaluate2',
    body: evaluateBody.extend({ description: z.string().max(20_000).optional().default('') }),
    response: evaluateResponse,
  }),
  getMyAnswers: route({
    method: 'POST', path: '/get-my-answers', access: 'user',
    summary: "The caller's attempts at a task, newest first (essay and GenAI: their attempts with the teacher's comment, and whether editing is locked)",
    body: byTask,
    response: z.object({ list: z.array(z.union([essayAttempt, attemptItem])), locked: z.boolean().optional() }),
  }),
  getMyHelp: route({
    method: 'GET', path: '/get-my-help/{task_id}', access: 'user',
    summary: 'Buys (once, max_score coins) and shows the help of a task; chapters only',
    params: byTask,
    response: z.object({ help: text, user: userPerformance }),
  }),
  getMyAnswer: route({
    method: 'GET', path: '/get-my-answer/{task_id}', access: 'user',
    summary: 'Buys (once, 2 × max_score coins) and shows the answer of a task, which passes it; chapters only',
    params: byTask,
    response: z.object({ answers: z.array(z.object({ answer: text, feedback: text })), user: userPerformance }),
  }),
  writeErrorReport: route({
    method: 'POST', path: '/write-error-report', access: 'user',
    summary: 'Reports an error in a task (3-500 characters)',
    body: z.object({
      task_id: idParam,
      description: z
        .string()
        .trim()
        .min(ERROR_REPORT_MIN, `At least ${ERROR_REPORT_MIN} characters`)
        .max(ERROR_REPORT_MAX, `At most ${ERROR_REPORT_MAX} characters`),
    }),
    response: z.object({ message: z.literal('OK') }),
  }),
  getMyErrorReports: route({
    method: 'GET', path: '/get-my-error-reports/{task_id}', access: 'user',
    summary: "The caller's error reports on a task, newest first (at most 50)",
    params: byTask,
    response: z.object({ list: z.array(z.object({ created_at: text, description: text })) }),
  }),
  writeToLog2: route({
    method: 'POST', path: '/write-to-log2', access: 'user',
    summary: 'Activity log entry (task open/close with seconds spent); fire and forget, rate-limited',
    body: z.object({
      action: z.string().min(1).max(100),
      object1: logField,
      object1_value: z.union([z.string().max(200), z.number()]).optional().default(''),
      object2: logField,
      object2_value: z.union([z.string().max(200), z.number()]).optional().default(''),
      description: z.string().max(1000).optional().default(''),
    }),
    response: z.object({ message: z.literal('OK') }),
  }),
}));
