/**
 * The teacher's live board (issue 22 item 5, beyond the spec): who joined a competition, who is
 * connected, each student's score per task and the remaining time on the server's clock, for the
 * course's teachers only (the students of the groups they teach; an administrator sees everyone).
 * Changes reach the board on `competition-board:{id}` (a stream projection of the task progress and the
 * attempts); the teacher may close the competition for everyone early.
 */
import { isAdminRole } from '@lectio/shared';
import type { ServerMessage, Topic } from '@lectio/events';
import type { SessionUser } from '../platform/auth/tokens';
import { Forbidden } from '../platform/http/errors';
import { connectionsOfUser } from '../platform/ws/connections';
import { publish } from '../platform/ws/publish';
import type { ItemChange } from '../platform/streams/projection';
import { getChapter, maxScoreOf, textOr, userLanguage, COMPETITION } from '../catalogue';
import { seesAllGroupsOf, teacherGroupsInCourse } from '../groups';
import { findUserById } from '../accounts';
import { progressOfTasks } from '../player';
import { deadlineOf, endedAt } from './attempts';
import { attemptsOf, closeCompetitionForAll } from './close';
import { competitionKeys } from './keys';
import { closedEarly, markClosedEarly } from './competitions';
import { gradedStudents } from './results';
import { competitionChapter, competitionTasks } from './tasks';

export const NOT_A_TEACHER = 'Only a teacher of this course can see this.';
export const boardTopic = (compId: number) => `competition-board:${compId}` as Topic;

/** Teaches a group of the course (or administers everything). */
export async function teachesCourse(user: { userId: number; roleId: number }, courseId: number): Promise<boolean> {
  return isAdminRole(user.roleId) || (await teacherGroupsInCourse(user, courseId)).length > 0;
}

/** The board topic's guard: the competition's course is one the connection's user teaches. */
export async function mayWatchBoard(user: { userId: number; roleId: number }, compId: number): Promise<boolean> {
  if (isAdminRole(user.roleId)) return true;
  const chapter = await getChapter(compId).catch(() => null);
  return Boolean(chapter && chapter.chapter_type === COMPETITION && (await teachesCourse(user, chapter.course_id)));
}

export async function competitionBoard(user: SessionUser, courseId: number, compId: number) {
  const chapter = await competitionChapter(courseId, compId);
  if (!(await teachesCourse(user, courseId))) throw new Forbidden(NOT_A_TEACHER);
  const [students, tasks, attempts, langId, closed] = await Promise.all([
    // a teacher who sees every group of the course (admin, teacher grant) sees everyone who joined
    seesAllGroupsOf(user, courseId).then((all) => (all ? ('all' as const) : gradedStudents(user, courseId))),
    competitionTasks(chapter),
    attemptsOf(compId),
    userLanguage(user.userId),
    closedEarly.exists(competitionKeys.closedEarly(compId)),
  ]);
  const now = Date.now();
  const mine = attempts.filter((a) => students === 'all' || students.has(a.user_id)).slice(0, 500);
  const rows = await Promise.all(
    mine.map(async (a) => {
      const [progress, profile, sockets] = await Promise.all([
        progressOfTasks(a.user_id, courseId, tasks.map((t) => t.task_id)),
        findUserById(a.user_id),
        connectionsOfUser(a.user_id),
      ]);
      const cells = tasks.map((t) => {
        const p = progress.get(t.task_id);
        return { task_id: t.task_id, score: p?.score ?? 0, max_score: maxScoreOf(t), attempts: p?.attempts ?? 0 };
      });
      return {
        user_id: a.user_id,
        user_comp_id: a.user_comp_id,
        name: profile?.name ?? '',
        surname: profile?.surname ?? '',
        status: endedAt(a, now) === null ? 'started' : 'finished',
        connected: sockets.length > 0,
        score: cells.reduce((sum, c) => sum + c.score, 0),
        deadline: deadlineOf(a),
        tasks: cells,
      };
    }),
  );
  return {
    name: textOr(chapter.names, langId),
    tasks: tasks.map((t) => ({ task_id: t.task_id, task_type_id: t.task_type_id, max_score: maxScoreOf(t) })),
    rows: rows.sort((x, y) => x.surname.localeCompare(y.surname) || x.name.localeCompare(y.name)),
    // stamped as the answer leaves (after the reads), as every server_now the clients place deadlines with
    server_now: Date.now(),
    closed,
  };
}

/** The teacher closes the competition for everyone now: new joins are refused, running attempts close. */
export async function closeForAll(user: SessionUser, courseId: number, compId: number) {
  await competitionChapter(courseId, compId);
  if (!(await teachesCourse(user, courseId))) throw new Forbidden(NOT_A_TEACHER);
  await markClosedEarly(compId);
  const closed = await closeCompetitionForAll(compId, 'teacher');
  return { message: 'OK' as const, closed };
}

/**
 * Stream projection: a change of a learner's attempt or of their progress on a competition task is
 * told to the competition's board (the board reads the rows afresh; one message per change).
 */
export async function projectBoard(changes: ItemChange[]): Promise<void> {
  const told = new Map<string, ServerMessage & { topic: Topic }>();
  for (const { after } of changes) {
    if (!after) continue;
    if (after.type === 'user-competition') {
      const compId = Number(after.comp_id);
      const message = { type: 'competition.board' as const, topic: boardTopic(compId), competitionId: compId, userId: Number(after.user_id), status: String(after.status), score: Number(after.score ?? 0) };
      told.set(`${compId}:${String(after.user_id)}`, message);
    } else if (after.type === 'task-progress' && after.kind !== undefined) {
      const compId = Number(after.chapter_id);
      // only competition chapters have a board; the topic has no subscribers otherwise (one cheap Query)
      const message = { type: 'competition.board' as const, topic: boardTopic(compId), competitionId: compId, userId: Number(after.user_id), status: 'started', score: Number(after.score ?? 0) };
      told.set(`${compId}:${String(after.user_id)}`, message);
    }
  }
  await Promise.all([...told.values()].map((m) => publish(m.topic, m).catch(() => undefined)));
}
