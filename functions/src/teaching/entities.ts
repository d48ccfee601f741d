/** The teaching domain's stored items as typed entities (keys in keys.ts, access patterns in platform/db/schema.ts). */
import * as z from 'zod';
import { defineEntity, num, type ItemOf } from '../platform/db/entity';

/** A course on a teacher dashboard (pk=USER#{uid}, sk=TCOURSE#{course}). */
export const teacherCourses = defineEntity('teacher-course', {
  user_id: z.number(),
  course_id: z.number(),
  added_at: num(),
});

/** One task in a lesson summary: best score, passed (0/1), evaluations, and whether it is a program. */
export const lessonTaskCell = z.object({ s: num(), p: num(), a: num(), g: num() });
export type LessonTaskCell = z.output<typeof lessonTaskCell>;

/** A learner's progress in a lesson (pk=USER#{uid}, sk=LPROG#{course}#{lesson}); tasks by task id. */
export const lessonProgress = defineEntity('lesson-progress', {
  user_id: z.number(),
  course_id: z.number(),
  lesson_id: z.number(),
  tasks: z.record(z.string(), lessonTaskCell).default({}),
});
export type LessonProgressItem = ItemOf<typeof lessonProgress>;

/** One task column of a lesson: type, order and max score. */
export const taskHeaderCell = z.object({ t: num(), o: num(), m: num() });
export type TaskHeaderCell = z.output<typeof taskHeaderCell>;

/** A lesson's task columns (pk=LESSON#{lesson}, sk=TASKHEADERS); tasks by task id. */
export const lessonTaskHeaders = defineEntity('lesson-task-headers', {
  lesson_id: z.number(),
  course_id: z.number(),
  tasks: z.record(z.string(), taskHeaderCell).default({}),
});

/*
 * Read views of the player's items (the player writes them; keys in player/keys.ts): what the task
 * detail shows of a learner's progress on a task and of their attempts.
 */
export const progressView = defineEntity('task-progress', {
  user_id: z.number(),
  task_id: z.number(),
  score: num(),
  rating: num(),
  passed: num(),
  attempts: num(),
  teacher_score: num(),
  comment: z.string().default(''),
});

export const attemptView = defineEntity('task-attempt', {
  attempt: z.number(),
  time_stamp: z.string().default(''),
  score: num(),
  rating: num(),
  answer: z.string().default(''),
});
