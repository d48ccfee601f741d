/** Competitions of a course (chapters of type 2 in the catalogue): the open and joined lists, and joining. */
import * as z from 'zod';
import { formatSpecTime, parseSpecTime } from '@lectio/shared';
import { defineEntity, num, optNum, optStr, type StoredOf } from '../platform/db/entity';
import { nextId } from '../platform/db/counters';
import { limitedAttempt, type Limit } from '../platform/auth/rate-limit';
import type { SessionUser } from '../platform/auth/tokens';
import { Invalid, NotFound } from '../platform/http/errors';
import { COMPETITION, textOr, type ChapterItem } from '../catalogue';
import { listChapters, userLanguage } from '../catalogue';
import { createOrGet } from '../platform/db/operations';
import { competitionKeys } from './keys';

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

/** A learner's entry in a competition (pk=USER#{userId}, sk=UCOMP#{compId}; GSI1 lists a competition's users). */
const userCompetitions = defineEntity('user-competition', {
  user_comp_id: z.number(),
  user_id: z.number(),
  comp_id: z.number(),
  course_id: z.number(),
  begin_at: z.string(),
  end_at: z.string(),
  /** The same instants as epoch milliseconds (the deadline's authority); entries made before lack them. */
  begin_ms: optNum(),
  end_ms: optNum(),
  status: z.string(),
  score: num(),
  description: optStr(),
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
  const chapter = (await listChapters(courseId)).find((c) => c.chapter_id === compId && c.chapter_type === COMPETITION);
  if (!chapter) throw new NotFound('Competition not found.', 'The competition does not exist in this course.');
  const existing = await joinedAlready(user.userId, compId);
  if (existing) return joinedAnswer(existing.user_comp_id);
  if (!isOpen(chapter)) throw new Invalid('Competition closed.', undefined, 'The competition is not open now.');
  if (chapter.comp_key) {
    const compKey = chapter.comp_key;
    // Counted first: at most the budget of key guesses is compared, however many arrive at once.
    await limitedAttempt([[keyAttempts, `${user.userId}:${compId}`]], async () => {
      if (key !== compKey) throw new Invalid('Wrong key.', { comp_key: ['Wrong key'] }, 'The competition key is not correct.');
    });
  }
  const now = Date.now();
  const windowEnd = chapter.check_OE ? openEnd(chapter) : NaN;
  const end = Math.min(now + Number(chapter.time_limit ?? 3600) * 1000, Number.isNaN(windowEnd) ? Infinity : windowEnd);
  const userCompId = await nextId('user_competition');
  const item: StoredOf<typeof userCompetitions> = {
    ...competitionKeys.userCompetition(user.userId, compId),
    ...competitionKeys.competitionUsersIndex(compId, user.userId),
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
  return joinedAnswer(userCompetitions.parse(joined.item).user_comp_id);
}
