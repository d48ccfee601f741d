/**
 * Demo learners for the leaderboard: each has started some demo courses with progress, and their
 * XP and coins are exactly what that progress earned (XP = 10 × score, coins = score, the player's
 * rules), so the leaderboard's course detail explains every learner's XP.
 */
import { coinsForScore, xpForScore } from '@lectio/shared';
import { batchPut } from '../platform/db/batch';
import { nextIds } from '../platform/db/counters';
import { newUserItems } from '../accounts/users';
import { defaultRegistrationGroups } from '../accounts/registration-groups';
import { userCourseItem } from '../catalogue/items';
import { getCourse } from '../catalogue/store';
import { applyLeaderCounters, leaderEntryItem, userPartitions, type LeaderCounterDeltas, type LeaderSource } from '../catalogue/leaderboard';
import type { SeedStream } from '../platform/local/handlers';

/** What the seed needs to know of a demo course. */
export interface CourseFacts {
  course_id: number;
  area_id: number;
  content_count: number;
  task_count: number;
  program_count: number;
  max_score_task: number;
  max_score_program: number;
}

export interface LearnerCourse {
  course_id: number;
  area_id: number;
  content_passed: number;
  task_passed: number;
  program_passed: number;
  score_task: number;
  score_program: number;
}

/** Learner i's started courses (1 up to all, rotating) and how far they got in each (0-100 %). */
export function learnerCourses(i: number, courses: CourseFacts[]): LearnerCourse[] {
  if (courses.length === 0) return [];
  const started = 1 + (i % courses.length);
  return Array.from({ length: started }, (_, k) => {
    const course = courses[(i + k) % courses.length]!;
    const share = ((i * 37 + k * 53) % 101) / 100;
    const part = (total: number) => Math.round(share * total);
    return {
      course_id: course.course_id,
      area_id: course.area_id,
      content_passed: part(course.content_count),
      task_passed: part(course.task_count),
      program_passed: part(course.program_count),
      score_task: part(course.max_score_task),
      score_program: part(course.max_score_program),
    };
  });
}

/** XP and coins the progress earned, by the player's rules. */
export function earned(progress: LearnerCourse[]): { xp: number; coins: number } {
  const scores = progress.map((c) => c.score_task + c.score_program);
  return {
    xp: scores.reduce((sum, s) => sum + xpForScore(s), 0),
    coins: scores.reduce((sum, s) => sum + coinsForScore(s), 0),
  };
}

export async function courseFacts(courseIds: number[]): Promise<CourseFacts[]> {
  const items = await Promise.all(courseIds.map((id) => getCourse(id)));
  return items.map((c) => ({
    course_id: c.course_id,
    area_id: c.area_id,
    content_count: Number(c.content_count ?? 0),
    task_count: Number(c.task_count ?? 0),
    program_count: Number(c.program_count ?? 0),
    max_score_task: Number(c.max_score_task ?? 0),
    max_score_program: Number(c.max_score_program ?? 0),
  }));
}

/** The demo learners, built with their ids (reserved in two counter updates) but not written yet. */
export interface DemoLearners {
  items: Array<Record<string, unknown>>;
  leaders: Array<{ user: LeaderSource; courses: Array<{ course_id: number; area_id: number }> }>;
}

/**
 * Learners spread over countries and groups, so the leaderboard has pages to show. Their ids are taken
 * now (the same ranges as when they were created one by one); `writeDemoLearners` writes them.
 */
export async function buildDemoLearners(count: number, courses: CourseFacts[], startedAt = new Date().toISOString()): Promise<DemoLearners> {
  const countries = [703, 203, 616, 724, 348, 528, 643, 826];
  const groups = defaultRegistrationGroups;
  const progress = Array.from({ length: count }, (_, k) => learnerCourses(k + 1, courses));
  const startedCount = progress.reduce((sum, p) => sum + p.length, 0);
  if (count === 0) return { items: [], leaders: [] };
  const firstUser = await nextIds('user', count);
  let userCourseId = startedCount ? await nextIds('user_course', startedCount) : 0;
  const items: DemoLearners['items'] = [];
  const leaders: DemoLearners['leaders'] = [];
  progress.forEach((started, k) => {
    const i = k + 1;
    const nickname = `learner${String(i).padStart(3, '0')}`;
    const { user, items: userItems } = newUserItems(
      {
        email: `${nickname}@example.com`,
        password_hash: '!', // cannot log in
        role_id: 1,
        name: 'Learner',
        surname: String(i).padStart(3, '0'),
        nickname,
        yob: 2000 + (i % 10),
        country_id: countries[i % countries.length]!,
        pref_lang_id: 1 + (i % 8),
        lang_id: 1 + (i % 8),
        content_type_id: 1 + (i % 2),
        theme_id: 1,
        groups: groups[i % groups.length]!,
        confirmed: true,
        ...earned(started),
      },
      firstUser + k,
      startedAt,
    );
    items.push(...userItems);
    for (const c of started) {
      items.push({ ...userCourseItem({ userId: user.user_id, courseId: c.course_id, areaId: c.area_id, userCourseId: userCourseId++, startedAt }), ...c });
    }
    leaders.push({
      user: { user_id: user.user_id, nickname: user.nickname, xp: user.xp, country_id: user.country_id, groups: user.groups },
      courses: started.map((c) => ({ course_id: c.course_id, area_id: c.area_id })),
    });
  });
  return { items, leaders };
}

/** Writes new items in full batches of 25, 8 batches in flight. */
export async function inBatches(items: Array<Record<string, unknown>>): Promise<void> {
  const chunks = Array.from({ length: Math.ceil(items.length / 25) }, (_, c) => items.slice(c * 25, c * 25 + 25));
  for (let c = 0; c < chunks.length; c += 8) await Promise.all(chunks.slice(c, c + 8).map((chunk) => batchPut(chunk)));
}

/**
 * Writes the demo learners with their leaderboard entries and partition counters: what the leaderboard
 * projection writes for a new ranked learner (an entry per `userPartitions` partition, `leaderEntryItem`,
 * each partition's counter up by one), made with its own functions, in full batches. The local cloud's
 * stream passes over their records (`SeedStream.passOver`), which saves projecting ~200 learners one by one
 * at every first start; it goes on projecting the rest of the seed meanwhile.
 */
export async function writeDemoLearners({ items, leaders }: DemoLearners, stream: SeedStream): Promise<void> {
  const counters: LeaderCounterDeltas = new Map();
  const entries = leaders.flatMap(({ user, courses }) => {
    const parts = userPartitions(user, courses);
    for (const p of parts) counters.set(p, (counters.get(p) ?? 0) + 1);
    return parts.map((p) => leaderEntryItem(p, user, parts));
  });
  const all = [...items, ...entries];
  await stream.passOver(all, async () => {
    await inBatches(all);
    await applyLeaderCounters(counters);
  });
}
