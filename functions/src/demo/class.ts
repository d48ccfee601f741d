/**
 * The demo class (issue 21 item 8): the demo teacher owns the group "Class 1.A" of the demo course, has
 * the course on their teacher dashboard, and 30 demo students are its members with varied progress in
 * the course's chapters. Most joined with the group key (the teacher sees their full names), a
 * few were added without it (nicknames only). Progress is written as the player writes it (TPROG
 * items); the player's projection then counts the course aggregates and the teaching projection the
 * lesson summaries, as for real learners.
 */
import { coinsForScore, taskKind, xpForScore } from '@lectio/shared';
import { inBatches } from './learners';
import { nextIds } from '../platform/db/counters';
import { newUserItems } from '../accounts/users';
import { userCourseItem } from '../catalogue/items';
import { getCourse, listChapters, listLessons } from '../catalogue/store';
import { listLessonTasks, maxScoreOf } from '../catalogue/task-items';
import { CHAPTER } from '../catalogue';
import { playerKeys } from '../player/keys';
import { emptyProgress } from '../player/progress';
import { addRelationRecord, createGroupRecord } from '../groups';
import { addTeacherCourse } from '../teaching';

export const DEMO_CLASS_SIZE = 30;
export const DEMO_CLASS_NAME = 'Class 1.A';
export const DEMO_CLASS_KEY = 'class-1a-key';

const first = ['Anna', 'Boris', 'Clara', 'Daniel', 'Eva', 'Filip', 'Greta', 'Hugo', 'Ida', 'Jakub', 'Klara', 'Lukas', 'Mia', 'Nina', 'Oskar'];
const last = ['Novak', 'Horvath', 'Kowalski', 'Garcia', 'de Vries', 'Ivanova', 'Szabo', 'Kral', 'Molnar', 'Jansen'];

/** Pure: how far student i got: the share of the tasks tried (0 for a few), and which of them pass. */
export function demoProgressOf(i: number, taskIndex: number): { tried: boolean; passed: boolean; attempts: number } {
  const reach = [0, 0.15, 0.3, 0.45, 0.6, 0.75, 0.9, 1][i % 8]!;
  const tried = (taskIndex * 7 + i * 3) % 100 < reach * 100 || (reach > 0 && taskIndex === 0);
  const passed = tried && (taskIndex + i) % 4 !== 0;
  return { tried, passed, attempts: tried ? 1 + ((taskIndex + i) % 3) : 0 };
}

export async function seedDemoClass(teacherId: number, courseId: number): Promise<number> {
  const course = await getCourse(courseId);
  const chapters = (await listChapters(courseId)).filter((c) => c.chapter_type === CHAPTER);
  const lessons = (await listLessons(courseId)).filter((l) => chapters.some((c) => c.chapter_id === l.chapter_id));
  const tasks = (await Promise.all(lessons.map((l) => listLessonTasks(l.lesson_id)))).flat();

  const groupId = await createGroupRecord({ name: DEMO_CLASS_NAME, type: 0, group_key: DEMO_CLASS_KEY, teacher_key: 'class-1a-teach', owner_id: teacherId, course_id: courseId });
  await addTeacherCourse({ userId: teacherId, roleId: 1 }, courseId);

  const now = new Date().toISOString();
  // the pupils' ids in one counter update per kind (they are new: written in batches, not one transaction each)
  const [firstUser, firstUserCourse] = await Promise.all([nextIds('user', DEMO_CLASS_SIZE), nextIds('user_course', DEMO_CLASS_SIZE)]);
  const pupils = Array.from({ length: DEMO_CLASS_SIZE }, (_, k) => {
    const i = k + 1;
    // XP and coins are what the progress earned (the player's rules), as for the demo learners.
    const earned = tasks.reduce((sum, task, t) => {
      const p = demoProgressOf(i, t);
      return sum + (p.passed && taskKind(task.task_type_id) !== 'content' ? maxScoreOf(task) : 0);
    }, 0);
    const nickname = `pupil${String(i).padStart(2, '0')}`;
    const { user, items: userItems } = newUserItems(
      {
        email: `${nickname}@example.com`,
        password_hash: '!', // cannot log in
        role_id: 1,
        name: first[i % first.length]!,
        surname: last[(i * 3) % last.length]!,
        nickname,
        yob: 2010,
        country_id: 703,
        pref_lang_id: 1,
        lang_id: 1,
        content_type_id: 1,
        theme_id: 1,
        groups: 'Demo',
        confirmed: true,
        xp: xpForScore(earned),
        coins: coinsForScore(earned),
      },
      firstUser + k,
      now,
    );
    const started = userCourseItem({ userId: user.user_id, courseId, areaId: course.area_id, userCourseId: firstUserCourse + k, startedAt: now });
    const progress = tasks.flatMap((task, t) => {
      const p = demoProgressOf(i, t);
      if (!p.tried) return [];
      const content = taskKind(task.task_type_id) === 'content';
      const score = content || !p.passed ? 0 : maxScoreOf(task);
      return [
        {
          ...emptyProgress(user.user_id, task),
          ...playerKeys.taskProgress(user.user_id, courseId, task.task_id),
          type: 'task-progress',
          score,
          rating: p.passed ? 100 : 20,
          passed: p.passed || content ? 1 : 0,
          first_time: 0,
          attempts: p.attempts,
          time_spent: 30 * p.attempts,
          last_at: now,
          last_score: score,
          last_rating: p.passed ? 100 : 20,
          last_answer: '',
          rev: p.attempts,
        },
      ];
    });
    return { i, user, userItems, started, progress };
  });
  // In the order the stream's projections expect of a pupil (its batches are written at once): the user,
  // in the class (every fifth added by the teacher without the key: the tables show the nickname), the
  // started course, then the progress (the player's projection recounts only a started course).
  await inBatches(pupils.flatMap((p) => p.userItems));
  await Promise.all(pupils.map(({ i, user }) => addRelationRecord({ group_id: groupId, user_id: user.user_id, role: 'member', by_key: i % 5 !== 0 })));
  await inBatches(pupils.map((p) => p.started));
  await inBatches(pupils.flatMap((p) => p.progress));
  return groupId;
}
