/**
 * Demo learners for the leaderboard: each has started some demo courses with progress, and their
 * XP and coins are exactly what that progress earned (XP = 10 × score, coins = score, the player's
 * rules), so the leaderboard's course detail explains every learner's XP.
 */
import { coinsForScore, xpForScore } from '@lectio/shared';
import { batchPut } from '../platform/db/batch';
import { nextId } from '../platform/db/counters';
import { createUser, updateUser } from '../accounts/users';
import { defaultRegistrationGroups } from '../accounts/registration-groups';
import { userCourseItem } from '../catalogue/items';
import { getCourse } from '../catalogue/store';

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

/** Learners spread over countries and groups, so the leaderboard has pages to show. */
export async function seedDemoLearners(count: number, courses: CourseFacts[]) {
  const countries = [703, 203, 616, 724, 348, 528, 643, 826];
  const groups = defaultRegistrationGroups;
  const one = async (i: number) => {
    const progress = learnerCourses(i, courses);
    const { xp, coins } = earned(progress);
    const user = await createUser({
      email: `learner${String(i).padStart(3, '0')}@example.com`,
      password_hash: '!', // cannot log in
      role_id: 1,
      name: 'Learner',
      surname: String(i).padStart(3, '0'),
      nickname: `learner${String(i).padStart(3, '0')}`,
      yob: 2000 + (i % 10),
      country_id: countries[i % countries.length]!,
      pref_lang_id: 1 + (i % 8),
      lang_id: 1 + (i % 8),
      content_type_id: 1 + (i % 2),
      theme_id: 1,
      groups: groups[i % groups.length]!,
      // Confirmed after the courses are written: the leaderboard projects the learner once, with all of them.
      confirmed: false,
      xp,
      coins,
    });
    const items = await Promise.all(
      progress.map(async (c) => ({
        ...userCourseItem({ userId: user.user_id, courseId: c.course_id, areaId: c.area_id, userCourseId: await nextId('user_course') }),
        ...c,
      })),
    );
    await batchPut(items);
    await updateUser(user.user_id, { confirmed: true });
  };
  // Ids come from atomic counters, so learners can be created a few at a time.
  for (let i = 1; i <= count; i += 10) {
    await Promise.all(Array.from({ length: Math.min(10, count - i + 1) }, (_, k) => one(i + k)));
  }
}
