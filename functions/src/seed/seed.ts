/**
 * First-start seeding: three demo accounts always, the demo course unless SEED=none. Idempotent:
 * a marker item records that seeding happened, so restarts never duplicate content.
 */
import { BatchWriteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { db, table } from '../db/client';
import { keys } from '../db/keys';
import { nextId } from '../db/counters';
import { hashPassword } from '../auth/passwords';
import { createUser, findUserByEmail } from '../accounts/users';
import { grantPermission } from '../auth/permissions';
import { defaultRegistrationGroups } from '../accounts/registration';
import { demoAccounts, demoCatalogue, demoChapters } from './demo-content';

const i18n = (t: { en: string; sk: string }) => ({ 1: t.en, 2: t.sk });

async function writeAll(items: Record<string, unknown>[]) {
  for (let i = 0; i < items.length; i += 25) {
    await db.send(
      new BatchWriteCommand({ RequestItems: { [table()]: items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })) } }),
    );
  }
}

export async function seedAccounts(): Promise<Record<string, number>> {
  const ids: Record<string, number> = {};
  for (const account of demoAccounts) {
    const existing = await findUserByEmail(account.email);
    const user =
      existing ??
      (await createUser({
        email: account.email,
        password_hash: await hashPassword(account.password),
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
  return ids;
}

/** Loads the demo catalogue; returns the demo course id. */
export async function seedDemoContent(): Promise<number> {
  const categoryId = await nextId('category');
  const areaId = await nextId('area');
  const courseId = await nextId('course');
  const items: Record<string, unknown>[] = [
    {
      ...keys.category(categoryId),
      ...keys.byId('CATEGORY', categoryId),
      type: 'category',
      category_id: categoryId,
      category_order: 1,
      color: demoCatalogue.category.color,
      names: i18n(demoCatalogue.category.name),
    },
    {
      ...keys.area(categoryId, areaId),
      ...keys.byId('AREA', areaId),
      type: 'area',
      area_id: areaId,
      category_id: categoryId,
      area_order: 1,
      color: demoCatalogue.area.color,
      icon: demoCatalogue.area.icon,
      icon2: '',
      names: i18n(demoCatalogue.area.name),
    },
    {
      ...keys.courseInArea(areaId, courseId),
      type: 'course-ref',
      course_id: courseId,
      area_id: areaId,
      course_order: 1,
    },
    {
      ...keys.course(courseId),
      ...keys.byId('COURSE', courseId),
      type: 'course',
      course_id: courseId,
      area_id: areaId,
      category_id: categoryId,
      course_order: 1,
      file_extension: 'py',
      editor_template: 'python',
      file_list: JSON.stringify([
        { filename: 'vpl_run.sh', filecontent: '' },
        { filename: 'vpl_debug.sh', filecontent: '' },
        { filename: 'vpl_evaluate.sh', filecontent: '' },
      ]),
      keep_list: JSON.stringify([{ filename: 'keep1', filecontent: '' }]),
      names: i18n(demoCatalogue.course.name),
      descriptions: i18n(demoCatalogue.course.description),
      details: i18n(demoCatalogue.course.detail),
    },
  ];
  let chapterOrder = 0;
  for (const chapter of demoChapters) {
    const chapterId = await nextId('chapter');
    items.push({
      ...keys.chapter(courseId, chapterId),
      ...keys.byId('CHAPTER', chapterId),
      type: 'chapter',
      chapter_id: chapterId,
      course_id: courseId,
      chapter_order: ++chapterOrder,
      chapter_type: 1,
      icon: '',
      names: i18n(chapter.name),
      visible: { 1: 1, 2: 1 },
    });
    let lessonOrder = 0;
    for (const lesson of chapter.lessons) {
      const lessonId = await nextId('lesson');
      items.push({
        ...keys.lesson(courseId, lessonId),
        ...keys.byId('LESSON', lessonId),
        type: 'lesson',
        lesson_id: lessonId,
        chapter_id: chapterId,
        course_id: courseId,
        lesson_order: ++lessonOrder,
        names: i18n(lesson.name),
        visible: { 1: 1, 2: 1 },
      });
      let taskOrder = 0;
      for (const task of lesson.tasks) {
        const taskId = await nextId('task');
        items.push({
          ...keys.task(courseId, taskId),
          ...keys.byId('TASK', taskId),
          type: 'task',
          task_id: taskId,
          lesson_id: lessonId,
          chapter_id: chapterId,
          course_id: courseId,
          task_type_id: task.type,
          task_order: ++taskOrder,
          max_score: '0',
          globals: '',
          contents: i18n(task.html),
          visible: { 1: 1, 2: 1 },
        });
      }
    }
  }
  await writeAll(items);
  return courseId;
}

export interface SeedReport {
  seeded: boolean;
  accounts: Record<string, number>;
  demoCourseId?: number;
}

/** Seeds once per data directory; `content: false` is SEED=none (accounts only). */
export async function seedIfEmpty(options: { content: boolean }): Promise<SeedReport> {
  const marker = await db.send(new GetCommand({ TableName: table(), Key: keys.seedMarker(), ConsistentRead: true }));
  if (marker.Item) return { seeded: false, accounts: (marker.Item.accounts as Record<string, number>) ?? {} };
  const accounts = await seedAccounts();
  await writeAll(defaultRegistrationGroups.map((name) => ({ ...keys.registrationGroup(name), type: 'registration-group', group_name: name })));
  let demoCourseId: number | undefined;
  if (options.content) {
    demoCourseId = await seedDemoContent();
    await grantPermission(accounts.teacher!, demoCourseId, 'teacher');
  }
  await db.send(
    new PutCommand({
      TableName: table(),
      Item: { ...keys.seedMarker(), accounts, demoCourseId, seededAt: new Date().toISOString() },
    }),
  );
  return { seeded: true, accounts, demoCourseId };
}
