/**
 * First-start seeding: three demo accounts always, the demo course unless SEED=none. Idempotent:
 * a marker item records that seeding happened, so restarts never duplicate content.
 */
import { randomBytes } from 'node:crypto';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { batchPut } from '../db/batch';
import { db, table } from '../db/client';
import { keys } from '../db/keys';
import { nextId } from '../db/counters';
import { hashPassword } from '../auth/passwords';
import { createUser, findUserByEmail } from '../../accounts/users';
import { refreshCourse } from '../../catalogue/courses';
import { startCourse } from '../../catalogue/browse';
import { listChapters, listLessons } from '../../catalogue/store';
import { taskItem, listLessonTasks } from '../../catalogue/task-items';
import { recordResult } from '../../player/progress';
import { recountUserCourse } from '../../player/projection';
import { taskKind } from '../../catalogue/model';
import { grantPermission } from '../auth/course-grants';
import { defaultRegistrationGroups } from '../../accounts/registration-groups';
import { courseFacts, seedDemoLearners } from './demo-learners';
import { demoAccounts, demoCatalogue, type DemoCourse } from './demo-content';
import { seedTests } from '../../tests/seed';

const i18n = (t: { en: string; sk: string }) => ({ 1: t.en, 2: t.sk });


/**
 * The three demo accounts. With `demoPasswords` false (SEED=none) each gets a random password,
 * returned once for printing: no administrator with a published password.
 */
export async function seedAccounts(demoPasswords = true): Promise<{ ids: Record<string, number>; passwords: Record<string, string> }> {
  const ids: Record<string, number> = {};
  const passwords: Record<string, string> = {};
  for (const account of demoAccounts) {
    const existing = await findUserByEmail(account.email);
    const password = demoPasswords ? account.password : randomBytes(12).toString('base64url');
    if (!existing) passwords[account.email] = password;
    const user =
      existing ??
      (await createUser({
        email: account.email,
        password_hash: await hashPassword(password),
        role_id: account.role_id,
        name: account.name,
        surname: account.surname,
        nickname: account.nickname,
        yob: 2000,
        country_id: 703,
        pref_lang_id: 1,
        lang_id: 1,
        content_type_id: 2,
        theme_id: 1,
        groups: 'Demo',
        confirmed: true,
      }));
    ids[account.nickname] = user.user_id;
  }
  return { ids, passwords };
}

const at = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 19).replace('T', ' ');

async function seedCourse(course: DemoCourse, area: { area_id: number; category_id: number; color: string }, order: number) {
  const courseId = await nextId('course');
  const listing = {
    course_id: courseId,
    area_id: area.area_id,
    category_id: area.category_id,
    course_order: order,
    names: i18n(course.name),
    descriptions: i18n(course.description),
  };
  const items: Record<string, unknown>[] = [
    { ...keys.courseInArea(area.area_id, courseId), type: 'course-ref', ...listing },
    {
      ...keys.course(courseId),
      ...keys.byId('COURSE', courseId),
      type: 'course',
      ...listing,
      area_color: area.color,
      file_extension: course.extension,
      editor_template: course.template,
      file_list: JSON.stringify([
        { filename: 'vpl_run.sh', filecontent: '' },
        { filename: 'vpl_debug.sh', filecontent: '' },
        { filename: 'vpl_evaluate.sh', filecontent: '' },
      ]),
      keep_list: JSON.stringify([{ filename: 'keep1', filecontent: '' }]),
      details: i18n(course.detail),
    },
  ];
  let lessons = 0;
  let programs = 0;
  for (const [ci, chapter] of course.chapters.entries()) {
    const chapterId = await nextId('chapter');
    const comp = chapter.competition;
    items.push({
      ...keys.chapter(courseId, chapterId),
      ...keys.byId('CHAPTER', chapterId),
      type: 'chapter',
      chapter_id: chapterId,
      course_id: courseId,
      chapter_order: ci + 1,
      chapter_type: chapter.type ?? 1,
      icon: '',
      names: i18n(chapter.name),
      visible: { 1: 1, 2: 1 },
      ...(comp
        ? {
            time_limit: comp.time_limit,
            comp_key: comp.key ?? '',
            check_OB: 1,
            check_OE: 1,
            open_begin: comp.open_begin ?? at(-1),
            open_end: comp.open_end ?? at(30),
            check_RB: 0,
            check_RE: 0,
          }
        : {}),
    });
    for (const [li, lesson] of chapter.lessons.entries()) {
      const lessonId = await nextId('lesson');
      lessons++;
      items.push({
        ...keys.lesson(courseId, lessonId),
        ...keys.byId('LESSON', lessonId),
        type: 'lesson',
        lesson_id: lessonId,
        chapter_id: chapterId,
        course_id: courseId,
        lesson_order: li + 1,
        names: i18n(lesson.name),
        visible: { 1: 1, 2: 1 },
        tasks_count: lesson.tasks.filter((t) => taskKind(t.type) === 'task').length,
        programs_count: lesson.tasks.filter((t) => taskKind(t.type) === 'program').length,
        contents_count: lesson.tasks.filter((t) => taskKind(t.type) === 'content').length,
        tasks_score: lesson.tasks.filter((t) => taskKind(t.type) === 'task').reduce((s, t) => s + (t.max_score ?? 0), 0),
        programs_score: lesson.tasks.filter((t) => taskKind(t.type) === 'program').reduce((s, t) => s + (t.max_score ?? 0), 0),
      });
      for (const [ti, task] of lesson.tasks.entries()) {
        const taskId = await nextId('task');
        if (taskKind(task.type) === 'program') programs++;
        items.push(
          taskItem({
            task_id: taskId,
            lesson_id: lessonId,
            chapter_id: chapterId,
            course_id: courseId,
            task_type_id: task.type,
            task_order: ti + 1,
            max_score: String(task.max_score ?? 0),
            globals: task.globals ?? '',
            contents: i18n(task.html),
            visible: { 1: 1, 2: 1 },
          }),
        );
      }
    }
  }
  await batchPut(items);
  await refreshCourse(courseId);
  return { courseId, lessons, programs };
}

/** Loads the demo catalogue; returns the id of the first course (Python basics) and of every course. */
export async function seedDemoContent(): Promise<{ first: number; courses: number[] }> {
  let first = 0;
  const courses: number[] = [];
  for (const [ci, category] of demoCatalogue.entries()) {
    const categoryId = await nextId('category');
    let areasCount = 0;
    let coursesCount = 0;
    let lessonsCount = 0;
    let codesCount = 0;
    for (const [ai, area] of category.areas.entries()) {
      const areaId = await nextId('area');
      areasCount++;
      await batchPut([
        {
          ...keys.area(categoryId, areaId),
          ...keys.byId('AREA', areaId),
          type: 'area',
          area_id: areaId,
          category_id: categoryId,
          area_order: ai + 1,
          color: area.color,
          icon: area.icon,
          icon2: '',
          names: i18n(area.name),
          courses_count: area.courses.length,
        },
      ]);
      for (const [oi, course] of area.courses.entries()) {
        const seeded = await seedCourse(course, { area_id: areaId, category_id: categoryId, color: area.color }, oi + 1);
        first ||= seeded.courseId;
        courses.push(seeded.courseId);
        coursesCount++;
        lessonsCount += seeded.lessons;
        codesCount += seeded.programs;
      }
    }
    await batchPut([
      {
        ...keys.category(categoryId),
        ...keys.byId('CATEGORY', categoryId),
        type: 'category',
        category_id: categoryId,
        category_order: ci + 1,
        color: category.color,
        names: i18n(category.name),
        areas_count: areasCount,
        courses_count: coursesCount,
        lessons_count: lessonsCount,
        codes_count: codesCount,
      },
    ]);
  }
  return { first, courses };
}

/** The student has started Python basics and read the first chapter; two messages wait. */
async function seedStudentProgress(studentId: number, courseId: number) {
  const chapters = (await listChapters(courseId)).filter((c) => c.chapter_type !== 2);
  const first = chapters[0]!;
  await startCourse({ userId: studentId, roleId: 1, jti: 'seed', sid: 'seed', exp: 0 }, courseId);
  // The content tasks of the first chapter are read: recorded like the player records a viewing.
  const lessons = (await listLessons(courseId)).filter((l) => l.chapter_id === first.chapter_id);
  for (const lesson of lessons) {
    for (const task of await listLessonTasks(lesson.lesson_id)) {
      if (taskKind(task.task_type_id) === 'content') await recordResult({ userId: studentId, task, rating: 100, answer: '', timeLength: 60, passOnly: true });
    }
  }
  await recountUserCourse(studentId, courseId);
  // A start value for the demo learner: a conditional write from a fresh account (updateUser refuses xp/coins).
  await db.send(
    new UpdateCommand({
      TableName: table(),
      Key: keys.user(studentId),
      UpdateExpression: 'SET xp = :xp, coins = :coins',
      ConditionExpression: 'xp = :zero AND coins = :zero',
      ExpressionAttributeValues: { ':xp': 1200, ':coins': 35, ':zero': 0 },
    }),
  );
  await batchPut([
    {
      ...keys.message(studentId, 1),
      type: 'message',
      user_id: studentId,
      message_id: 1,
      title: 'Welcome to Lectio',
      description: '<p>Start with <strong>Python basics</strong>. Read the first chapter to unlock the next one.</p>',
      message_type: 1,
      passed: 0,
      date: at(0),
    },
    {
      ...keys.message(studentId, 2),
      type: 'message',
      user_id: studentId,
      message_id: 2,
      title: 'Weekly quiz is open',
      description: '<p>Join the weekly quiz on the Competitions tab of your course.</p>',
      message_type: 2,
      passed: 1,
      date: at(-1),
    },
  ]);
}

export interface SeedReport {
  seeded: boolean;
  accounts: Record<string, number>;
  /** E-mail → password of the accounts created by this start (only on the first start). */
  passwords?: Record<string, string>;
  demoCourseId?: number;
}

/** Seeds once per data directory; `content: false` is SEED=none (accounts only). */
export async function seedIfEmpty(options: { content: boolean; demoPasswords?: boolean }): Promise<SeedReport> {
  // Test definitions and instruments are data files, refreshed on every start.
  await seedTests();
  const marker = await db.send(new GetCommand({ TableName: table(), Key: keys.seedMarker(), ConsistentRead: true }));
  if (marker.Item) return { seeded: false, accounts: (marker.Item.accounts as Record<string, number>) ?? {} };
  const { ids: accounts, passwords } = await seedAccounts(options.demoPasswords ?? options.content);
  await batchPut(defaultRegistrationGroups.map((name, i) => ({ ...keys.registrationGroup(i + 1), type: 'registration-group', group_id: i + 1, group_name: name })));
  let demoCourseId: number | undefined;
  if (options.content) {
    const content = await seedDemoContent();
    demoCourseId = content.first;
    await grantPermission(accounts.teacher!, demoCourseId, 'teacher');
    await seedStudentProgress(accounts.student!, demoCourseId);
    await seedDemoLearners(Number(process.env.SEED_LEARNERS ?? 180), await courseFacts(content.courses));
  }
  await db.send(
    new PutCommand({
      TableName: table(),
      Item: { ...keys.seedMarker(), accounts, demoCourseId, seededAt: new Date().toISOString() },
    }),
  );
  return { seeded: true, accounts, passwords, demoCourseId };
}
