/**
 * Results and grading (spec/3 §3 competition result and solution list, §5 teacher score, §6): a
 * learner sees their own result, inside the results window when `check_RB`/`check_RE` are set; a
 * teacher of one of the learner's groups in the course (the groups domain decides who that is) or an
 * administrator sees it with allow_edit and grades: teacher score (non-numeric → 0, capped so auto +
 * teacher ≤ max_score) and a comment per task.
 */
import { formatSpecTime, isAdminRole, parseSpecTime, spentSeconds } from '@lectio/shared';
import type { SessionUser } from '../platform/auth/tokens';
import { Forbidden, Invalid, NotFound } from '../platform/http/errors';
import { COMPETITION, catalogueKeys, maxScoreOf, storedChapters, textOr, userLanguage } from '../catalogue';
import { findUserById } from '../accounts';
import { membersOfGroups, MEMBERS_GROUPS_LIMIT, relationsOfUser, teacherGroupsInCourse } from '../groups';
import { playerTask, progressOfTasks, taskAttemptsOf, writeTeacherScore } from '../player';
import { beginOf, endedAt, findAttempt, type UserCompetitionItem } from './attempts';
import { attemptScores, attemptsOf } from './close';
import { ATTEMPT_NOT_FOUND } from './play';
import { competitionChapter } from './tasks';

export const RESULTS_CLOSED = 'The results of this competition are not available now.';
export const NOT_YOUR_STUDENT = 'Only a teacher of the student\u2019s group can see or grade this.';
export const NOT_A_COMPETITION_TASK = 'This task is not a competition task.';

/** Does the grader teach one of the student's groups in the course (or administer everything)? */
export async function mayGrade(grader: SessionUser, studentId: number, courseId: number): Promise<boolean> {
  if (isAdminRole(grader.roleId)) return true;
  const [groups, relations] = await Promise.all([teacherGroupsInCourse(grader, courseId), relationsOfUser(studentId)]);
  const taught = new Set(groups.map((g) => g.id));
  return relations.some((r) => r.role === 'member' && taught.has(r.group_id));
}

/** The students a grader may grade in a course ('all' for an administrator). */
export async function gradedStudents(grader: SessionUser, courseId: number): Promise<Set<number> | 'all'> {
  if (isAdminRole(grader.roleId)) return 'all';
  const groups = (await teacherGroupsInCourse(grader, courseId)).slice(0, MEMBERS_GROUPS_LIMIT);
  if (groups.length === 0) return new Set();
  return new Set((await membersOfGroups(groups.map((g) => g.id))).map((m) => m.user_id));
}

/** Inside the results window of the competition (when its bounds are set)? */
async function resultsOpen(a: UserCompetitionItem, now = Date.now()): Promise<boolean> {
  const stored = await storedChapters.get(catalogueKeys.chapter(a.course_id, a.comp_id));
  if (!stored) return false;
  const begin = parseSpecTime(stored.results_begin);
  const end = parseSpecTime(stored.results_end);
  if (stored.check_RB && begin !== null && now < begin) return false;
  if (stored.check_RE && end !== null && now > end) return false;
  return true;
}

export async function studentCompetition(user: SessionUser, userCompId: number) {
  const a = await findAttempt(userCompId);
  if (!a) throw new NotFound(ATTEMPT_NOT_FOUND);
  const own = a.user_id === user.userId;
  const allowEdit = !own || isAdminRole(user.roleId) ? await mayGrade(user, a.user_id, a.course_id) : false;
  if (!own && !allowEdit) throw new Forbidden(NOT_YOUR_STUDENT);
  if (own && !allowEdit && !(await resultsOpen(a))) throw new Forbidden(RESULTS_CLOSED);
  const [{ chapter, tasks, progress, score, teacher_score }, langId, student] = await Promise.all([attemptScores(a), userLanguage(user.userId), findUserById(a.user_id)]);
  const now = Date.now();
  const end = endedAt(a, now);
  const begin = beginOf(a);
  return {
    competition: { name: textOr(chapter.names, langId), user_competition_id: a.user_comp_id, comp_id: a.comp_id, course_id: a.course_id },
    score,
    teacher_score,
    spent_time: spentSeconds(begin, end ?? now),
    begin_at: a.begin_at,
    end_at: end !== null ? formatSpecTime(end) : a.end_at,
    description: a.description ?? '',
    allow_edit: allowEdit,
    status: end !== null ? ('finished' as const) : ('started' as const),
    student: { user_id: a.user_id, name: student?.name ?? '', surname: student?.surname ?? '' },
    task_list: tasks.map((t, i) => {
      const p = progress.get(t.task_id);
      return {
        task_id: t.task_id,
        task_type_id: t.task_type_id,
        task_name: String(i + 1),
        score: p?.score ?? 0,
        teacher_score: p?.teacher_score ?? 0,
        max_score: maxScoreOf(t),
        attempts: p?.attempts ?? 0,
        comment: p?.comment ?? '',
      };
    }),
  };
}

/** A task of a competition chapter (else 400), with its chapter. */
async function competitionTask(taskId: number) {
  const task = await playerTask(taskId);
  const chapter = await competitionChapter(task.course_id, task.chapter_id).catch(() => null);
  if (!chapter || chapter.chapter_type !== COMPETITION) throw new Invalid(NOT_A_COMPETITION_TASK);
  return { task, chapter };
}

/** spec/3 §7 GET /get-task-solutions/{task_id}: the solutions of the students the caller grades. */
export async function taskSolutions(user: SessionUser, taskId: number) {
  const { task } = await competitionTask(taskId);
  const students = await gradedStudents(user, task.course_id);
  if (students !== 'all' && students.size === 0) throw new Forbidden(NOT_YOUR_STUDENT);
  const attempts = (await attemptsOf(task.chapter_id)).filter((a) => students === 'all' || students.has(a.user_id));
  const rows = await Promise.all(
    attempts.map(async (a) => {
      const [progress, profile] = await Promise.all([progressOfTasks(a.user_id, task.course_id, [task.task_id]), findUserById(a.user_id)]);
      const p = progress.get(task.task_id);
      return {
        name: profile?.name ?? '',
        surname: profile?.surname ?? '',
        email: profile?.email ?? '',
        id: a.user_comp_id,
        task_id: task.task_id,
        user_id: a.user_id,
        score: p?.score ?? 0,
        teacher_score: p?.teacher_score ?? 0,
        max_score: maxScoreOf(task),
        comment: p?.comment ?? '',
        saved_code: p?.last_answer ?? '',
      };
    }),
  );
  return { ucid: task.chapter_id, list: rows.sort((x, y) => x.surname.localeCompare(y.surname) || x.name.localeCompare(y.name)) };
}

/** spec/3 §7 GET /get-task-versions/{task_id}/{user_id}/{user_competition_id}: a student's attempts at the task. */
export async function taskVersions(user: SessionUser, taskId: number, studentId: number, userCompId: number) {
  const { task } = await competitionTask(taskId);
  const a = await findAttempt(userCompId);
  if (!a || a.user_id !== studentId || a.comp_id !== task.chapter_id) throw new NotFound(ATTEMPT_NOT_FOUND);
  if (!(await mayGrade(user, studentId, task.course_id))) throw new Forbidden(NOT_YOUR_STUDENT);
  const list = await taskAttemptsOf(studentId, task.task_id);
  return { attempts_count: list.length, attempt_list: list };
}

/** The grader's score and comment on one task of an attempt. */
export async function gradeTask(user: SessionUser, userCompId: number, taskId: number, typed: unknown, comment: string) {
  const a = await findAttempt(userCompId);
  if (!a) throw new NotFound(ATTEMPT_NOT_FOUND);
  const { task } = await competitionTask(taskId);
  if (task.chapter_id !== a.comp_id) throw new Invalid(NOT_A_COMPETITION_TASK);
  if (!(await mayGrade(user, a.user_id, a.course_id))) throw new Forbidden(NOT_YOUR_STUDENT);
  const teacher_score = await writeTeacherScore(a.user_id, a.course_id, task.task_id, typed, comment);
  return { message: 'OK' as const, teacher_score };
}
