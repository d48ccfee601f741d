/** The stored items of the revisions domain and their keys (platform/db/schema.ts lists the access patterns). */
import * as z from 'zod';
import { defineEntity, num, optNum, str } from '../platform/db/entity';
import { pad } from '../platform/db/keys';

export const revisionKeys = {
  /** A revision of a course: pk=REVISIONS#{courseId}, sk=REV#{id}. */
  revision: (courseId: number, revId: number) => ({ pk: `REVISIONS#${courseId}`, sk: `REV#${pad(revId)}` }),
  revisionsOf: (courseId: number) => ({ pk: `REVISIONS#${courseId}`, prefix: 'REV#' }),
  /** A student's attempt of a revision: pk=USER#{uid}, sk=UREV#{revId}. */
  attempt: (userId: number, revId: number) => ({ pk: `USER#${userId}`, sk: `UREV#${pad(revId)}` }),
};

export const revisions = defineEntity('revision', {
  id: z.number(),
  course_id: z.number(),
  rev_title: z.string(),
  rev_key: str(),
  time_limit: z.number(),
  task_number: z.number(),
  open_begin: str(),
  open_end: str(),
  check_OB: num(),
  check_OE: num(),
  rev_style: num(),
  question_type_list: str(),
  chapter_list: str(),
  group_ids: z.array(z.number()).default([]),
  created_by: num(),
});
export type RevisionRecord = NonNullable<Awaited<ReturnType<typeof revisions.get>>>;

const pickedTask = z.object({ task_id: z.number(), chapter_id: z.number(), lesson_id: z.number(), task_type_id: z.number() });

/** The attempt's own result on a task (best score of its answers; never the chapter's progress). */
const taskResult = z.object({ score: z.number(), rating: z.number(), max_score: z.number(), attempts: z.number() });

/**
 * A student's attempt. Open until Submit ALL or the deadline's one-time job closes it; `end_ms` is
 * the deadline while open and the instant it closed after, so an answer is on time when it was
 * received before `end_ms` (one conditional write: `end_ms > :received`).
 */
export const attempts = defineEntity('revision-attempt', {
  rev_id: z.number(),
  course_id: z.number(),
  user_id: z.number(),
  tasks: z.array(pickedTask),
  started_at: z.number(),
  deadline: z.number(),
  status: str('open'),
  end_ms: optNum(),
  closed_ms: optNum(),
  /** Results by task id. */
  results: z.record(z.string(), taskResult).default({}),
  score: num(),
  rev: num(),
});
export type RevisionAttemptItem = NonNullable<Awaited<ReturnType<typeof attempts.get>>>;
