/** Competitions of a course (chapters of type 2 in the catalogue): the open and joined lists, and joining. */
import { attemptDeadline, formatSpecTime, parseSpecTime } from '@lectio/shared';
import * as z from 'zod';
import { defineEntity, type StoredOf } from '../platform/db/entity';
import { nextId } from '../platform/db/counters';
import { limitedAttempt, type Limit } from '../platform/auth/rate-limit';
import type { SessionUser } from '../platform/auth/tokens';
import { Conflict, Invalid } from '../platform/http/errors';
import { COMPETITION, textOr, type ChapterItem } from '../catalogue';
import { listChapters, userLanguage } from '../catalogue';
import { createOrGet } from '../platform/db/operations';
import { competitionKeys } from './keys';
import { userCompetitions } from './attempts';
import { COMPETITION_NO_TASKS, competitionChapter, competitionTasks } from './tasks';
import { scheduleAttemptClose } from './close';

/** The marker of a competition a teacher closed early for everyone. */
export const closedEarly = defineEntity('competition-closed', { comp_id: z.number(), closed_ms: z.number() });
export const markClosedEarly = (compId: number) =>
  closedEarly.put({ ...competitionKeys.closedEarly(compId), type: 'competition-closed', comp_id: compId, closed_ms: Date.now() });

const keyAttempts: Limit = { scope: 'competition-key', max: 10, windowSeconds: 15 * 60 };

/** A window boundary as stored by the chapter form ('YYYY-MM-DD HH:MM:SS', UTC); NaN when unset. */
const parseTime = (s: string | null | undefined) => parseSpecTime(s) ?? NaN;

/** A window boundary: the stored instant, else the instant of its spec string; NaN when unset. */
const openBegin = (c: ChapterItem) => c.open_begin_ms ?? parseTime(c.open_begin);
const openEnd = (c: ChapterItem) => c.open_end_ms ?? parseTime(c.open_end);

export function isOpen(c: ChapterItem, now = Date.now()): boolean {
  const begin = openBegin(c);
  const end = openEnd(c);
  if (c.check_OB && !Number.isNaN(begin) && now < begin) return false;
  if (c.check_OE && !Number.isNaN(end) && now > end) return false;
  return true;
}

const summary = (c: ChapterItem, langId: number) => ({
  id: c.chapter_id,
  name: textOr(c.names, langId),
  icon: c.icon ?? '',
  open_begin: c.open_begin ?? null,
  open_end: c.open_end ?? null,
  check_OB: Number(c.check_OB ?? 0),
  check_OE: Number(c.check_OE ?? 0),
  time_limit: Number(c.time_limit ?? 3600),
  key: c.comp_key ? '*' : null,
});

export async function competitionsOf(user: SessionUser, courseId: number) {
  const [langId, chapters, mine] = await Promise.all([
    userLanguage(user.userId),
    listChapters(courseId),
    userCompetitions.queryPrefix(competitionKeys.userCompetitions(user.userId), {
      FilterExpression: 'course_id = :c',
      ExpressionAttributeValues: { ':c': courseId },
    }),
  ]);
  const competitions = chapters.filter((c) => c.chapter_type === COMPETITION);
  const byId = new Map(competitions.map((c) => [c.chapter_id, c]));
  const joinedIds = new Set(mine.map((m) => m.comp_id));
  const now = Date.now();
  return {
    opened: competitions.filter((c) => isOpen(c, now) && !joinedIds.has(c.chapter_id)).map((c) => summary(c, langId)),
    joined: mine
      .filter((m) => byId.has(m.comp_id))
      .map((m) => ({
        ...summary(byId.get(m.comp_id)!, langId),
        user_comp_id: m.user_comp_id,
        begin_at: m.begin_at,
        end_at: m.end_at,
        status: (m.end_ms ?? parseTime(m.end_at)) < now && m.status === 'open' ? 'closed' : m.status,
        score: m.score,
        description: m.description ?? '',
      })),
  };
}

/** Whether the user joined the competition (may follow its live topic). */
export async function hasJoined(userId: number, compId: number): Promise<boolean> {
  return userCompetitions.exists(competitionKeys.userCompetition(userId, compId));
}

const joinedAlready = (userId: number, compId: number) => userCompetitions.get(competitionKeys.userCompetition(userId, compId));

const joinedAnswer = (userCompId: number) => ({ message: 'OK' as const, description: 'Joined.', user_comp_id: Number(userCompId) });

/**
 * Joins an open competition; the begin time is the server's, the end is capped by the window.
 * A repeated join (double click, Enter and click) is idempotent: 200 with the user's existing entry,
 * also when two joins race each other; the key was checked when the entry was made.
 */
export async function joinCompetition(user: SessionUser, compId: number, key: string, courseId: number) {
  const chapter = await competitionChapter(courseId, compId);
  const existing = await joinedAlready(user.userId, compId);
  if (existing) return joinedAnswer(existing.user_comp_id);
  if (!isOpen(chapter) || (await closedEarly.exists(competitionKeys.closedEarly(compId)))) {
    throw new Invalid('Competition closed.', undefined, 'The competition is not open now.');
  }
  // Issue 20 item 3: no timer starts and no attempt is spent on a competition the learner cannot play.
  if ((await competitionTasks(chapter)).length === 0) throw new Conflict(COMPETITION_NO_TASKS);
  if (chapter.comp_key) {
    const compKey = chapter.comp_key;
    // Counted first: at most the budget of key guesses is compared, however many arrive at once.
    await limitedAttempt([[keyAttempts, `${user.userId}:${compId}`]], async () => {
      if (key !== compKey) throw new Invalid('Wrong key.', { comp_key: ['Wrong key'] }, 'The competition key is not correct.');
    });
  }
  const now = Date.now();
  const windowEnd = chapter.check_OE ? openEnd(chapter) : NaN;
  const end = attemptDeadline(now, Number(chapter.time_limit ?? 3600), windowEnd);
  const userCompId = await nextId('user_competition');
  const item: StoredOf<typeof userCompetitions> = {
    ...competitionKeys.userCompetition(user.userId, compId),
    ...competitionKeys.competitionUsersIndex(compId, user.userId),
    ...competitionKeys.userCompetitionById(userCompId),
    type: 'user-competition',
    user_comp_id: userCompId,
    user_id: user.userId,
    comp_id: compId,
    course_id: courseId,
    begin_at: formatSpecTime(now),
    end_at: formatSpecTime(end),
    begin_ms: now,
    end_ms: end,
    status: 'open',
    score: 0,
  };
  // A join racing this one may have made the entry first: both answer with that entry.
  const joined = await createOrGet(item);
  const attempt = userCompetitions.parse(joined.item);
  // Closed on the server at the deadline, with or without a client (EventBridge Scheduler / the local scheduler).
  if (joined.created) await scheduleAttemptClose(attempt, Number.isNaN(windowEnd) ? null : windowEnd);
  return joinedAnswer(attempt.user_comp_id);
}
