/**
 * The player's stored items as typed entities: a learner's progress on a task (written by progress.ts
 * only), the attempt log (a stream projection of it) and the learner's copies of error reports. Every
 * read parses with these schemas, so an item written before a field existed reads that field's default.
 */
import * as z from 'zod';
import type { TaskKind } from '@lectio/shared';
import { defineEntity, num, optNum, optStr, str, type ItemOf } from '../platform/db/entity';

const taskKind = z.custom<TaskKind>((v) => typeof v === 'string');

/** What the course aggregates sum of a progress item (recountUserCourse reads just these). */
const totals = {
  chapter_id: num(),
  lesson_id: num(),
  kind: taskKind,
  /** Best score so far (only rises). */
  score: num(),
  passed: num(),
};

/** A learner's progress on a task (pk=USER#{id}, sk=TPROG#{course}#{task}). */
export const taskProgress = defineEntity('task-progress', {
  ...totals,
  user_id: z.number(),
  course_id: z.number(),
  task_id: z.number(),
  task_type_id: num(),
  max_score: num(),
  /** The best score's rating in percent. */
  rating: num(),
  /** 1 until the first evaluation. */
  first_time: num(1),
  help_showed: num(),
  answer_showed: num(),
  coins_spent: num(),
  /** What this task has given so far: the recount sums these; deltas are computed from them. */
  xp_awarded: num(),
  coins_awarded: num(),
  attempts: num(),
  time_spent: num(),
  last_answer: optStr(),
  last_rating: optNum(),
  last_score: optNum(),
  last_at: optStr(),
  teacher_score: num(),
  comment: str(),
  /** Revision for optimistic concurrency; +1 on every write. */
  rev: num(),
});
export type TaskProgressItem = ItemOf<typeof taskProgress>;

/** The part of a progress item the aggregates read (a projected query). */
export const progressTotals = defineEntity('task-progress', totals);
export type ProgressTotals = ItemOf<typeof progressTotals>;

/** One logged attempt (pk=USER#{id}, sk=TATT#{task}#{attempt}). */
export const taskAttempts = defineEntity('task-attempt', {
  user_id: z.number(),
  task_id: z.number(),
  course_id: z.number(),
  attempt: z.number(),
  time_stamp: str(),
  score: num(),
  rating: num(),
  answer: str(),
});

/** An error report on a task: the course's copy and the reporter's own (type my-error-report). */
export const errorReports = defineEntity('error-report', {
  course_id: z.number(),
  chapter_id: z.number(),
  lesson_id: z.number(),
  task_id: z.number(),
  user_id: z.number(),
  description: str(),
  created_at: str(),
});


/**
 * An essay or GenAI attempt (types 16, 17; spec/3 §3 "Essay attempt"): pk=USER#{id},
 * sk=ESSAY#{task}#{attempt id}, GSI2 gsi2pk=EATT#{attempt id}. `answers` is the answer's JSON text
 * (sanitised HTML of an essay, the exchanges of a dialogue); `info` the teacher's comment.
 */
export const essayAttempts = defineEntity('essay-attempt', {
  id: z.number(),
  user_id: z.number(),
  course_id: z.number(),
  task_id: z.number(),
  answers: str(),
  info: str(),
  score: num(),
  max_score: num(),
  time_stamp: str(),
  time_length: num(),
  length: num(),
});
export type EssayAttemptItem = ItemOf<typeof essayAttempts>;

/**
 * A learner's essay state on a task (pk=USER#{id}, sk=ESSAYST#{task}): the last saved answer (a save
 * that changes nothing stores nothing) and `locked` once a teacher commented an attempt. Every save
 * is conditioned on it (not locked, the revision read), so a review and a save never cross.
 */
export const essayStates = defineEntity('essay-state', {
  user_id: z.number(),
  task_id: z.number(),
  last: str(),
  locked: num(),
  rev: num(),
});
