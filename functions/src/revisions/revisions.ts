/**
 * Revisions (spec/3 §3 Revision, §4 "Revisions", §5 order of checks, §7, §9): the teacher's page
 * (chapters with task-type counts, revisions, groups; create, edit, delete) and the student's list and
 * attempt. Only a teacher of the course's groups manages them (admin or the teacher grant: all groups);
 * a revision is opened to groups, and a member takes it inside its open window. The server picks an
 * attempt's tasks once (random, or evenly across the chosen chapters and task types) and keeps them.
 */
import { attemptDeadline, editLetter, parseSpecTime, shownToLearners } from '@lectio/shared';
import { revisionTexts, type RevisionForm, type RevisionItem } from '@lectio/shared/api/revisions';
import { CHAPTER, listChapters, listLessonTasks, listLessons, textOr, userLanguage, type TaskItem } from '../catalogue';
import { membersOfGroups, relationsOfUser, teacherGroupsInCourse } from '../groups';
import { findUserById } from '../accounts';
import type { SessionUser } from '../platform/auth/tokens';
import { Forbidden, Invalid, NotFound } from '../platform/http/errors';
import { nextId } from '../platform/db/counters';
import { conditionFailed } from '../platform/db/operations';
import { attempts, revisionKeys, revisions, type RevisionRecord } from './model';
import { answerInAttempt, attemptMaxScore, attemptView, closeRevisionAttempt, endedAt, getRevisionAttempt, scheduleRevisionClose } from './attempt';

interface Caller { userId: number; roleId: number }
type Picked = { task_id: number; chapter_id: number; lesson_id: number; task_type_id: number };

export const NOT_COURSE_TEACHER = 'You do not teach a group of this course.';
const csv = (list: string): number[] => (list ? list.split(',').map(Number).filter((n) => Number.isInteger(n)) : []);

/** The tasks a revision may pick from: tasks (not content) of the course's visible learning chapters. */
async function courseTasks(courseId: number) {
  const chapters = (await listChapters(courseId)).filter((c) => c.chapter_type === CHAPTER && shownToLearners(c.names, c.visible));
  const shown = new Set(chapters.map((c) => c.chapter_id));
  const lessons = (await listLessons(courseId)).filter((l) => shown.has(l.chapter_id) && shownToLearners(l.names, l.visible));
  const lists = await Promise.all(lessons.map((l) => listLessonTasks(l.lesson_id)));
  const tasks = lists.flat().filter((t) => shown.has(t.chapter_id) && editLetter(t.task_type_id) !== 'C' && shownToLearners(t.contents, t.visible));
  return { chapters, tasks };
}

const fits = (rev: Pick<RevisionRecord, 'chapter_list' | 'question_type_list'>) => {
  const chapters = new Set(csv(rev.chapter_list));
  const types = new Set(csv(rev.question_type_list));
  return (t: TaskItem) => chapters.has(t.chapter_id) && types.has(t.task_type_id);
};

/** The caller's teaching groups of the course; Forbidden when none. */
export async function teachingGroups(user: Caller, courseId: number) {
  const groups = await teacherGroupsInCourse(user, courseId);
  if (groups.length === 0) throw new Forbidden(NOT_COURSE_TEACHER);
  return groups;
}

const toItem = (r: RevisionRecord): RevisionItem => ({
  id: r.id, rev_title: r.rev_title, rev_key: r.rev_key, time_limit: r.time_limit, task_number: r.task_number,
  open_begin: r.open_begin, open_end: r.open_end, check_OB: r.check_OB, check_OE: r.check_OE, rev_style: r.rev_style,
  question_type_list: r.question_type_list, chapter_list: r.chapter_list, groupList: r.group_ids.map((id) => ({ id })),
});

/** A revision the teacher manages: every group it is opened to is one of theirs (or they created it). */
const manages = (r: RevisionRecord, mine: Set<number>, user: Caller) =>
  r.group_ids.some((g) => mine.has(g)) || (r.group_ids.length === 0 && r.created_by === user.userId);

export async function courseRevisions(user: Caller, courseId: number) {
  const groups = await teachingGroups(user, courseId);
  const mine = new Set(groups.map((g) => g.id));
  const [{ chapters, tasks }, lang, list] = await Promise.all([courseTasks(courseId), userLanguage(user.userId), revisions.queryPrefix(revisionKeys.revisionsOf(courseId))]);
  return {
    chapters: chapters.map((c) => {
      const row: Record<string, number | string> = { id: c.chapter_id, title: textOr(c.names, lang) };
      for (const t of tasks) if (t.chapter_id === c.chapter_id) row[`T${t.task_type_id}`] = Number(row[`T${t.task_type_id}`] ?? 0) + 1;
      return row as { id: number; title: string } & Record<string, number | string>;
    }),
    revisions: list.filter((r) => manages(r, mine, user)).map(toItem),
    groups: groups.map((g) => ({ id: g.id, name: g.name })),
  };
}

export async function saveRevision(user: Caller, form: RevisionForm & { ungroup_list?: number[] }) {
  const courseId = Number(form.course_id);
  const groups = await teachingGroups(user, courseId);
  const mine = new Set(groups.map((g) => g.id));
  // §5, in this order.
  if (form.rev_title.trim().length < 1) throw new Invalid(revisionTexts.titleMissing);
  if (csv(form.chapter_list).length === 0) throw new Invalid(revisionTexts.noChapters);
  if (csv(form.question_type_list).length === 0) throw new Invalid(revisionTexts.noTaskTypes);
  const { tasks } = await courseTasks(courseId);
  if (tasks.filter(fits(form)).length < form.task_number) throw new Invalid(revisionTexts.notEnoughTasks);
  if (form.task_number < 1) throw new Invalid(revisionTexts.noTasks);
  const selected = form.group_list.map(Number);
  if (selected.some((g) => !mine.has(g))) throw new Forbidden(NOT_COURSE_TEACHER);

  let id = form.rev_id;
  let kept: number[] = [];
  let createdBy = user.userId;
  if (id > 0) {
    const old = await revisions.get(revisionKeys.revision(courseId, id), { consistent: true });
    if (!old) throw new NotFound(revisionTexts.notFound);
    if (!manages(old, mine, user)) throw new Forbidden(NOT_COURSE_TEACHER);
    const unselected = new Set((form.ungroup_list ?? []).map(Number));
    // Groups the teacher does not teach stay as they were.
    kept = old.group_ids.filter((g) => !mine.has(g) && !unselected.has(g));
    createdBy = old.created_by;
  } else id = await nextId('revision');
  await revisions.put({
    ...revisionKeys.revision(courseId, id), id, course_id: courseId, rev_title: form.rev_title.trim(), rev_key: form.rev_key ?? '',
    time_limit: form.time_limit, task_number: form.task_number, open_begin: form.open_begin ?? '', open_end: form.open_end ?? '',
    check_OB: form.check_OB, check_OE: form.check_OE, rev_style: form.rev_style, question_type_list: form.question_type_list,
    chapter_list: form.chapter_list, group_ids: [...new Set([...kept, ...selected])], created_by: createdBy,
  });
  return { message: 'OK' as const, id };
}

export async function deleteRevision(user: Caller, courseId: number, revId: number) {
  const groups = await teachingGroups(user, courseId);
  const old = await revisions.get(revisionKeys.revision(courseId, revId), { consistent: true });
  if (!old) throw new NotFound(revisionTexts.notFound);
  if (!manages(old, new Set(groups.map((g) => g.id)), user)) throw new Forbidden(NOT_COURSE_TEACHER);
  await revisions.remove(revisionKeys.revision(courseId, revId));
  return { message: 'OK' as const };
}

/** The spec's 'YYYY-MM-DD HH:MM:00' in UTC (as the competition window), NaN when empty or malformed. */
const timeOf = (value: string) => parseSpecTime(value) ?? NaN;
const windowEnd = (r: RevisionRecord) => (r.check_OE ? timeOf(r.open_end) : NaN);
/** Why the revision is not open now, or null (§4: start and end apply only when From/To are ticked). */
function closedReason(r: RevisionRecord, now: number): string | null {
  if (r.check_OB && r.open_begin && now < timeOf(r.open_begin)) return revisionTexts.notOpenYet;
  if (r.check_OE && r.open_end && now >= timeOf(r.open_end)) return revisionTexts.closed;
  return null;
}

export async function memberGroups(userId: number) {
  return new Set((await relationsOfUser(userId)).filter((r) => r.role === 'member' && !r.archived).map((r) => r.group_id));
}

export const opened = (r: RevisionRecord) => ({ id: r.id, rev_title: r.rev_title, time_limit: r.time_limit, task_number: r.task_number, chapter_count: csv(r.chapter_list).length });

export async function studentRevisions(user: Caller, courseId: number) {
  const [groups, list] = await Promise.all([memberGroups(user.userId), revisions.queryPrefix(revisionKeys.revisionsOf(courseId))]);
  const now = Date.now();
  return { opened: list.filter((r) => r.group_ids.some((g) => groups.has(g)) && closedReason(r, now) === null).map(opened) };
}

/** Picks `count` tasks: random, or evenly across the chosen chapters × task types (round robin over shuffled buckets). */
export function pickTasks(pool: TaskItem[], count: number, style: number, random = Math.random): Picked[] {
  const shuffle = <T>(list: T[]) => {
    const a = [...list];
    for (let i = a.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [a[i], a[j]] = [a[j]!, a[i]!];
    }
    return a;
  };
  let chosen: TaskItem[];
  if (style === 1) {
    const buckets = new Map<string, TaskItem[]>();
    for (const t of pool) {
      const key = `${t.chapter_id}:${t.task_type_id}`;
      buckets.set(key, [...(buckets.get(key) ?? []), t]);
    }
    const queues = [...buckets.values()].map(shuffle);
    chosen = [];
    while (chosen.length < count && queues.some((q) => q.length > 0)) for (const q of queues) if (chosen.length < count && q.length > 0) chosen.push(q.shift()!);
  } else chosen = shuffle(pool).slice(0, count);
  return chosen.map((t) => ({ task_id: t.task_id, chapter_id: t.chapter_id, lesson_id: t.lesson_id, task_type_id: t.task_type_id }));
}

/** Starts (once) or resumes the caller's attempt: a member of a group it is opened to, inside its window. */
export async function studentRevision(user: Caller, courseId: number, revId: number) {
  const rev = await memberRevision(user, courseId, revId);
  const now = Date.now();
  let attempt = await attempts.get(revisionKeys.attempt(user.userId, revId), { consistent: true });
  if (!attempt) {
    const reason = closedReason(rev, now);
    if (reason) throw new Forbidden(reason);
    const { tasks } = await courseTasks(courseId);
    const deadline = attemptDeadline(now, rev.time_limit, windowEnd(rev));
    const item = {
      ...revisionKeys.attempt(user.userId, revId), rev_id: revId, course_id: courseId, user_id: user.userId,
      tasks: pickTasks(tasks.filter(fits(rev)), rev.task_number, rev.rev_style), started_at: now,
      deadline, end_ms: deadline, status: 'open', score: 0, rev: 0, results: {},
    };
    try {
      await attempts.put(item, { ConditionExpression: 'attribute_not_exists(pk)' });
      attempt = attempts.parse(item);
      // Closed on the server at the deadline, with or without a client (the competitions' machinery).
      await scheduleRevisionClose(attempt);
    } catch (e) {
      if (!conditionFailed(e)) throw e;
      // A second request raced this one: keep the tasks the first one picked.
      attempt = await attempts.get(revisionKeys.attempt(user.userId, revId), { consistent: true });
      if (!attempt) throw new NotFound(revisionTexts.notFound);
    }
  }
  return { message: 'OK', opened: { ...opened(rev), ...(await attemptView(user, attempt)) } };
}

/** The revision, for a member of a group it is opened to (Forbidden otherwise). */
export async function memberRevision(user: Caller, courseId: number, revId: number): Promise<RevisionRecord> {
  const rev = await revisions.get(revisionKeys.revision(courseId, revId), { consistent: true });
  if (!rev) throw new NotFound(revisionTexts.notFound);
  const groups = await memberGroups(user.userId);
  if (!rev.group_ids.some((g) => groups.has(g))) throw new Forbidden(revisionTexts.notOpened);
  return rev;
}

/** An answer to a task of the caller's attempt, on time when received (`receivedAt`) before its end. */
export async function revisionEvaluate(user: SessionUser, body: { course_id: number; rev_id: number; task_id: number; task_type_id: number; answer_list: string }, receivedAt: number) {
  await memberRevision(user, body.course_id, body.rev_id);
  return answerInAttempt(user, body.rev_id, body, receivedAt);
}

/** Submit ALL: the caller's attempt closes now (idempotent); answers received before still count. */
export async function closeMyRevision(user: SessionUser, courseId: number, revId: number) {
  await memberRevision(user, courseId, revId);
  const a = await getRevisionAttempt(user.userId, revId);
  if (!a) throw new NotFound(revisionTexts.notStarted);
  const closed = (await closeRevisionAttempt(user.userId, revId, 'submit')) ?? a;
  return { message: 'OK' as const, status: 'finished' as const, score: closed.score };
}

/**
 * The teacher's students overview: the members of the revision's groups the caller teaches (all of
 * them for an admin or the course grant), each with their attempt (status, score, begin and end).
 */
export async function revisionStudents(user: Caller, courseId: number, revId: number) {
  const groups = await teachingGroups(user, courseId);
  const mine = new Set(groups.map((g) => g.id));
  const rev = await revisions.get(revisionKeys.revision(courseId, revId), { consistent: true });
  if (!rev) throw new NotFound(revisionTexts.notFound);
  if (!manages(rev, mine, user)) throw new Forbidden(NOT_COURSE_TEACHER);
  const shown = groups.filter((g) => rev.group_ids.includes(g.id));
  const members = await membersOfGroups(shown.map((g) => g.id));
  const byUser = new Map<number, number[]>();
  for (const m of members) byUser.set(m.user_id, [...(byUser.get(m.user_id) ?? []), m.group_id]);
  const ids = [...byUser.keys()];
  const [found, people] = await Promise.all([
    ids.length ? attempts.batchGet(ids.map((id) => revisionKeys.attempt(id, revId))) : Promise.resolve([]),
    Promise.all(ids.map((id) => findUserById(id))),
  ]);
  const attemptOf = new Map(found.map((a) => [a.user_id, a]));
  const students = await Promise.all(
    ids.map(async (id, i) => {
      const a = attemptOf.get(id);
      const ended = a ? endedAt(a) : null;
      return {
        user_id: id,
        name: people[i]?.name ?? '',
        surname: people[i]?.surname ?? '',
        group_ids: byUser.get(id) ?? [],
        status: !a ? ('not_started' as const) : ended === null ? ('running' as const) : ('closed' as const),
        score: a?.score ?? 0,
        max_score: a ? await attemptMaxScore(a) : 0,
        begin: a?.started_at ?? null,
        end: ended,
      };
    }),
  );
  // who took it first (the newest attempt first), then the rest by name
  students.sort((x, y) => (y.begin ?? 0) - (x.begin ?? 0) || x.surname.localeCompare(y.surname) || x.name.localeCompare(y.name) || x.user_id - y.user_id);
  return {
    revision: { id: rev.id, rev_title: rev.rev_title, time_limit: rev.time_limit, task_number: rev.task_number },
    groups: shown.map((g) => ({ id: g.id, name: g.name })),
    students,
  };
}
