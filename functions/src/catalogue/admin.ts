/**
 * Admin side of the catalogue: bilingual create/edit, delete (refused while children exist),
 * reorder by swapping two neighbours, recount. Parent counters change in the same transaction.
 */
import { DeleteCommand, TransactWriteCommand, UpdateCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { db, table } from '../db/client';
import { sanitizeRichText } from '../content/sanitize';
import { keys } from '../db/keys';
import { nextId } from '../db/counters';
import { Conflict } from '../http/errors';
import { taskKind, type AreaItem, type CategoryItem, type CourseItem, type Texts } from './model';
import { getArea, getCategory, getCourse, listAreaCourses, listAreas, listCategories, listChapters, queryAll } from './store';

type ContentList = Array<{ lang_id: number; content?: string; description?: string; detail?: string }>;

/**
 * Merges the sent languages into the stored texts (languages not sent stay as they are). The rich
 * text detail is sanitised before it is stored; names and descriptions are plain text.
 */
const merge = (stored: Texts | undefined, list: ContentList, field: 'content' | 'description' | 'detail') => {
  const out: Texts = { ...(stored ?? {}) };
  for (const entry of list) {
    const value = entry[field];
    if (value !== undefined) out[String(entry.lang_id)] = field === 'detail' ? sanitizeRichText(value.trim()) : value.trim();
  }
  return out;
};

const allLangList = (names: Texts, descriptions?: Texts, details?: Texts) =>
  [...new Set([...Object.keys(names ?? {}), ...Object.keys(descriptions ?? {})])]
    .map(Number)
    .sort((a, b) => a - b)
    .map((lang) => ({
      lang_id: lang,
      content: names?.[String(lang)] ?? '',
      ...(descriptions ? { description: descriptions[String(lang)] ?? '' } : {}),
      ...(details ? { detail: details[String(lang)] ?? '' } : {}),
    }));

const nextOrder = (orders: number[]) => (orders.length ? Math.max(...orders) : 0) + 1;
const requireName = (list: ContentList) => {
  if (!list.some((e) => (e.content ?? '').trim() !== '')) {
    throw new Conflict('A name is required in at least one language.');
  }
};

// ---------------- categories ----------------

export async function saveCategory(body: { category_id: number; category_order?: number; color: string; content_list: ContentList }) {
  requireName(body.content_list);
  if (body.category_id === 0) {
    const id = await nextId('category');
    const order = body.category_order || nextOrder((await listCategories()).map((c) => c.category_order));
    const item: CategoryItem & Record<string, unknown> = {
      ...keys.category(id),
      ...keys.byId('CATEGORY', id),
      type: 'category',
      category_id: id,
      category_order: order,
      color: body.color,
      names: merge({}, body.content_list, 'content'),
      areas_count: 0,
      courses_count: 0,
      lessons_count: 0,
      codes_count: 0,
    };
    await db.send(new TransactWriteCommand({ TransactItems: [{ Put: { TableName: table(), Item: item, ConditionExpression: 'attribute_not_exists(pk)' } }] }));
    return { message: 'OK' as const, id };
  }
  const current = await getCategory(body.category_id);
  await db.send(
    new UpdateCommand({
      TableName: table(),
      Key: keys.category(body.category_id),
      UpdateExpression: 'SET color = :c, #names = :n',
      ExpressionAttributeNames: { '#names': 'names' },
      ExpressionAttributeValues: { ':c': body.color, ':n': merge(current.names, body.content_list, 'content') },
      ConditionExpression: 'attribute_exists(pk)',
    }),
  );
  return { message: 'OK' as const, id: body.category_id };
}

export async function categoryInAllLang(id: number) {
  const c = await getCategory(id);
  return { list: allLangList(c.names), color: c.color, category_order: c.category_order };
}

export async function deleteCategory(id: number) {
  const c = await getCategory(id).catch(() => null);
  if (!c) return { message: 'Category not found.' };
  if ((await listAreas(id)).length > 0) return { message: 'The category still has areas. Delete or move them first.' };
  await db.send(new DeleteCommand({ TableName: table(), Key: keys.category(id) }));
  return { message: 'success' };
}

// ---------------- areas ----------------

export async function saveArea(body: {
  area_id: number;
  category_id: number;
  color: string;
  icon: string;
  icon2: string;
  area_order?: number;
  content_list: ContentList;
}) {
  requireName(body.content_list);
  await getCategory(body.category_id);
  if (body.area_id === 0) {
    const id = await nextId('area');
    const order = body.area_order || nextOrder((await listAreas(body.category_id)).map((a) => a.area_order));
    await db.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: table(),
              Item: {
                ...keys.area(body.category_id, id),
                ...keys.byId('AREA', id),
                type: 'area',
                area_id: id,
                category_id: body.category_id,
                area_order: order,
                color: body.color,
                icon: body.icon,
                icon2: body.icon2,
                names: merge({}, body.content_list, 'content'),
                courses_count: 0,
              },
            },
          },
          { Update: { TableName: table(), Key: keys.category(body.category_id), UpdateExpression: 'ADD areas_count :one', ExpressionAttributeValues: { ':one': 1 } } },
        ],
      }),
    );
    return { message: 'OK' as const, id };
  }
  const area = await getArea(body.area_id);
  if (area.category_id !== body.category_id) {
    // Moving an area to another category moves its item (the key holds the category).
    const courses = await listAreaCourses(area.area_id);
    await db.send(
      new TransactWriteCommand({
        TransactItems: [
          { Delete: { TableName: table(), Key: keys.area(area.category_id, area.area_id) } },
          {
            Put: {
              TableName: table(),
              Item: {
                ...area,
                ...keys.area(body.category_id, area.area_id),
                category_id: body.category_id,
                color: body.color,
                icon: body.icon || area.icon,
                icon2: body.icon2 || area.icon2,
                names: merge(area.names, body.content_list, 'content'),
              },
            },
          },
          { Update: { TableName: table(), Key: keys.category(area.category_id), UpdateExpression: 'ADD areas_count :m, courses_count :mc', ExpressionAttributeValues: { ':m': -1, ':mc': -courses.length } } },
          { Update: { TableName: table(), Key: keys.category(body.category_id), UpdateExpression: 'ADD areas_count :one, courses_count :c', ExpressionAttributeValues: { ':one': 1, ':c': courses.length } } },
        ],
      }),
    );
    await Promise.all(courses.map((c) => updateCourseFields(c.course_id, area.area_id, { category_id: body.category_id, area_color: body.color })));
    return { message: 'OK' as const, id: area.area_id };
  }
  await db.send(
    new UpdateCommand({
      TableName: table(),
      Key: keys.area(area.category_id, area.area_id),
      UpdateExpression: 'SET color = :c, icon = :i, icon2 = :i2, #names = :n',
      ExpressionAttributeNames: { '#names': 'names' },
      ExpressionAttributeValues: {
        ':c': body.color,
        ':i': body.icon || area.icon,
        ':i2': body.icon2 || area.icon2,
        ':n': merge(area.names, body.content_list, 'content'),
      },
    }),
  );
  if (body.color !== area.color) {
    const courses = await listAreaCourses(area.area_id);
    await Promise.all(courses.map((c) => updateCourseFields(c.course_id, area.area_id, { area_color: body.color })));
  }
  return { message: 'OK' as const, id: area.area_id };
}

export async function areaInAllLang(id: number) {
  const a = await getArea(id);
  return { list: allLangList(a.names), area_color: a.color, area_icon: a.icon ?? '', area_icon2: a.icon2 ?? '', area_order: a.area_order, category_id: a.category_id };
}

export async function deleteArea(id: number) {
  const a = await getArea(id).catch(() => null);
  if (!a) return { message: 'Area not found.' };
  if ((await listAreaCourses(id)).length > 0) return { message: 'The area still has courses. Delete or move them first.' };
  await db.send(
    new TransactWriteCommand({
      TransactItems: [
        { Delete: { TableName: table(), Key: keys.area(a.category_id, a.area_id) } },
        { Update: { TableName: table(), Key: keys.category(a.category_id), UpdateExpression: 'ADD areas_count :m', ExpressionAttributeValues: { ':m': -1 } } },
      ],
    }),
  );
  return { message: 'success' };
}

// ---------------- courses ----------------

/** Sets fields on both the course item and its listing item in the area. */
async function updateCourseFields(courseId: number, areaId: number, fields: Record<string, unknown>) {
  const entries = Object.entries(fields);
  const update = {
    UpdateExpression: `SET ${entries.map((_, i) => `#f${i} = :v${i}`).join(', ')}`,
    ExpressionAttributeNames: Object.fromEntries(entries.map(([k], i) => [`#f${i}`, k])),
    ExpressionAttributeValues: Object.fromEntries(entries.map(([, v], i) => [`:v${i}`, v])),
  };
  await db.send(
    new TransactWriteCommand({
      TransactItems: [
        { Update: { TableName: table(), Key: keys.course(courseId), ...update } },
        { Update: { TableName: table(), Key: keys.courseInArea(areaId, courseId), ...update } },
      ],
    }),
  );
}

const defaultFiles = JSON.stringify([
  { filename: 'vpl_run.sh', filecontent: '' },
  { filename: 'vpl_debug.sh', filecontent: '' },
  { filename: 'vpl_evaluate.sh', filecontent: '' },
]);
const defaultKeep = JSON.stringify([{ filename: 'keep1', filecontent: '' }]);

export async function saveCourse(body: {
  course_id: number;
  area_id: number;
  course_order?: number;
  file_extension: string;
  editor_template: string;
  file_list?: Array<{ filename: string; filecontent: string }>;
  keep_list?: Array<{ filename: string; filecontent: string }>;
  content_list: ContentList;
}) {
  requireName(body.content_list);
  const area = await getArea(body.area_id);
  if (body.course_id === 0) {
    const id = await nextId('course');
    const order = body.course_order || nextOrder((await listAreaCourses(area.area_id)).map((c) => c.course_order));
    const names = merge({}, body.content_list, 'content');
    const descriptions = merge({}, body.content_list, 'description');
    const listing = {
      type: 'course-ref',
      course_id: id,
      area_id: area.area_id,
      category_id: area.category_id,
      course_order: order,
      names,
      descriptions,
      content_count: 0,
      task_count: 0,
      program_count: 0,
    };
    await db.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: table(),
              Item: {
                ...keys.course(id),
                ...keys.byId('COURSE', id),
                ...listing,
                type: 'course',
                area_color: area.color,
                file_extension: body.file_extension,
                editor_template: body.editor_template,
                file_list: body.file_list ? JSON.stringify(body.file_list) : defaultFiles,
                keep_list: body.keep_list ? JSON.stringify(body.keep_list) : defaultKeep,
                details: merge({}, body.content_list, 'detail'),
                max_score_task: 0,
                max_score_program: 0,
                lessons_count: 0,
              },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          { Put: { TableName: table(), Item: { ...keys.courseInArea(area.area_id, id), ...listing } } },
          { Update: { TableName: table(), Key: keys.area(area.category_id, area.area_id), UpdateExpression: 'ADD courses_count :one', ExpressionAttributeValues: { ':one': 1 } } },
          { Update: { TableName: table(), Key: keys.category(area.category_id), UpdateExpression: 'ADD courses_count :one', ExpressionAttributeValues: { ':one': 1 } } },
        ],
      }),
    );
    return { message: 'OK' as const, id };
  }
  const course = await getCourse(body.course_id);
  const fields: Record<string, unknown> = {
    names: merge(course.names, body.content_list, 'content'),
    descriptions: merge(course.descriptions, body.content_list, 'description'),
  };
  if (course.area_id !== area.area_id) {
    await moveCourse(course, area);
  }
  await updateCourseFields(course.course_id, area.area_id, fields);
  await db.send(
    new UpdateCommand({
      TableName: table(),
      Key: keys.course(course.course_id),
      UpdateExpression: 'SET details = :d, file_extension = :e, editor_template = :t, file_list = :f, keep_list = :k',
      ExpressionAttributeValues: {
        ':d': merge(course.details, body.content_list, 'detail'),
        ':e': body.file_extension,
        ':t': body.editor_template,
        ':f': body.file_list ? JSON.stringify(body.file_list) : course.file_list,
        ':k': body.keep_list ? JSON.stringify(body.keep_list) : course.keep_list,
      },
    }),
  );
  return { message: 'OK' as const, id: course.course_id };
}

async function moveCourse(course: CourseItem, to: AreaItem) {
  const from = await getArea(course.area_id);
  const listing = (await db.send(new GetCommand({ TableName: table(), Key: keys.courseInArea(from.area_id, course.course_id) }))).Item ?? {};
  await db.send(
    new TransactWriteCommand({
      TransactItems: [
        { Delete: { TableName: table(), Key: keys.courseInArea(from.area_id, course.course_id) } },
        { Put: { TableName: table(), Item: { ...listing, ...keys.courseInArea(to.area_id, course.course_id), area_id: to.area_id, category_id: to.category_id } } },
        { Update: { TableName: table(), Key: keys.course(course.course_id), UpdateExpression: 'SET area_id = :a, category_id = :c, area_color = :col', ExpressionAttributeValues: { ':a': to.area_id, ':c': to.category_id, ':col': to.color } } },
        { Update: { TableName: table(), Key: keys.area(from.category_id, from.area_id), UpdateExpression: 'ADD courses_count :m', ExpressionAttributeValues: { ':m': -1 } } },
        { Update: { TableName: table(), Key: keys.area(to.category_id, to.area_id), UpdateExpression: 'ADD courses_count :one', ExpressionAttributeValues: { ':one': 1 } } },
      ],
    }),
  );
  if (from.category_id !== to.category_id) {
    await db.send(new UpdateCommand({ TableName: table(), Key: keys.category(from.category_id), UpdateExpression: 'ADD courses_count :m', ExpressionAttributeValues: { ':m': -1 } }));
    await db.send(new UpdateCommand({ TableName: table(), Key: keys.category(to.category_id), UpdateExpression: 'ADD courses_count :one', ExpressionAttributeValues: { ':one': 1 } }));
  }
}

export async function courseInAllLang(id: number) {
  const c = await getCourse(id);
  const parse = (s: string) => {
    try {
      return JSON.parse(s || '[]') as Array<{ filename: string; filecontent: string }>;
    } catch {
      return [];
    }
  };
  return {
    list: allLangList(c.names, c.descriptions ?? {}, c.details ?? {}),
    course_order: c.course_order,
    area_id: c.area_id,
    file_extension: c.file_extension ?? '',
    editor_template: c.editor_template ?? '',
    file_list: parse(c.file_list),
    keep_list: parse(c.keep_list),
  };
}

export async function deleteCourse(id: number) {
  const c = await getCourse(id).catch(() => null);
  if (!c) return { message: 'Course not found.' };
  if ((await listChapters(id)).length > 0) return { message: 'The course still has chapters. Delete them first.' };
  const area = await getArea(c.area_id);
  await db.send(
    new TransactWriteCommand({
      TransactItems: [
        { Delete: { TableName: table(), Key: keys.course(id) } },
        { Delete: { TableName: table(), Key: keys.courseInArea(c.area_id, id) } },
        { Update: { TableName: table(), Key: keys.area(area.category_id, area.area_id), UpdateExpression: 'ADD courses_count :m', ExpressionAttributeValues: { ':m': -1 } } },
        { Update: { TableName: table(), Key: keys.category(area.category_id), UpdateExpression: 'ADD courses_count :m', ExpressionAttributeValues: { ':m': -1 } } },
      ],
    }),
  );
  return { message: 'success' };
}

// ---------------- order ----------------

/**
 * Swaps the order values of two neighbours. The conditions make a stale swap (someone reordered
 * meanwhile) fail instead of corrupting the order.
 */
async function swapOrders(
  a: { key: Record<string, string>; order: number; newOrder: number },
  b: { key: Record<string, string>; order: number; newOrder: number },
  field: string,
  extra: Array<{ key: Record<string, string>; newOrder: number }> = [],
) {
  const update = (key: Record<string, string>, expected: number | null, value: number) => ({
    Update: {
      TableName: table(),
      Key: key,
      UpdateExpression: `SET #o = :v`,
      ConditionExpression: expected === null ? 'attribute_exists(pk)' : '#o = :e',
      ExpressionAttributeNames: { '#o': field },
      ExpressionAttributeValues: expected === null ? { ':v': value } : { ':v': value, ':e': expected },
    },
  });
  try {
    await db.send(
      new TransactWriteCommand({
        TransactItems: [update(a.key, a.order, a.newOrder), update(b.key, b.order, b.newOrder), ...extra.map((e) => update(e.key, null, e.newOrder))],
      }),
    );
  } catch (error) {
    if ((error as Error).name === 'TransactionCanceledException') throw new Conflict('The order changed meanwhile. Reload and try again.');
    throw error;
  }
}

export async function swapCategories(id1: number, order1: number, id2: number, order2: number) {
  await Promise.all([getCategory(id1), getCategory(id2)]);
  await swapOrders({ key: keys.category(id1), order: order1, newOrder: order2 }, { key: keys.category(id2), order: order2, newOrder: order1 }, 'category_order');
  return { message: 'OK' as const };
}

export async function swapAreas(id1: number, order1: number, id2: number, order2: number) {
  const [a, b] = await Promise.all([getArea(id1), getArea(id2)]);
  if (a.category_id !== b.category_id) throw new Conflict('Only areas of the same category can be swapped.');
  await swapOrders(
    { key: keys.area(a.category_id, id1), order: order1, newOrder: order2 },
    { key: keys.area(b.category_id, id2), order: order2, newOrder: order1 },
    'area_order',
  );
  return { message: 'OK' as const };
}

export async function swapCourses(id1: number, order1: number, id2: number, order2: number) {
  const [a, b] = await Promise.all([getCourse(id1), getCourse(id2)]);
  if (a.area_id !== b.area_id) throw new Conflict('Only courses of the same area can be swapped.');
  await swapOrders(
    { key: keys.courseInArea(a.area_id, id1), order: order1, newOrder: order2 },
    { key: keys.courseInArea(b.area_id, id2), order: order2, newOrder: order1 },
    'course_order',
    [
      { key: keys.course(id1), newOrder: order2 },
      { key: keys.course(id2), newOrder: order1 },
    ],
  );
  return { message: 'OK' as const };
}

export const categoriesForPicker = async (langId: number) => ({
  list: (await listCategories()).map((c) => ({ category_id: c.category_id, title: c.names[String(langId)] || c.names['1'] || '' })),
});

/** Recounts a course from its chapters, lessons and tasks (service-refresh-course). */
export async function refreshCourse(courseId: number) {
  const course = await getCourse(courseId);
  const items = await queryAll<Record<string, unknown>>({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': `COURSE#${courseId}` },
    ProjectionExpression: 'sk, chapter_id, chapter_type, task_type_id, max_score, lesson_id',
  });
  const chapterType = new Map(items.filter((i) => String(i.sk).startsWith('CHAPTER#')).map((c) => [Number(c.chapter_id), Number(c.chapter_type)]));
  const counts = { content_count: 0, task_count: 0, program_count: 0, max_score_task: 0, max_score_program: 0 };
  const perChapter = new Map<number, { tasks_count: number; programs_count: number; contents_count: number }>();
  for (const t of items.filter((i) => String(i.sk).startsWith('TASK#'))) {
    const chapterId = Number(t.chapter_id);
    if (chapterType.get(chapterId) === 2) continue; // competitions are scored apart
    const kind = taskKind(Number(t.task_type_id));
    const c = perChapter.get(chapterId) ?? { tasks_count: 0, programs_count: 0, contents_count: 0 };
    if (kind === 'content') {
      counts.content_count++;
      c.contents_count++;
    } else if (kind === 'task') {
      counts.task_count++;
      counts.max_score_task += Number(t.max_score ?? 0);
      c.tasks_count++;
    } else {
      counts.program_count++;
      counts.max_score_program += Number(t.max_score ?? 0);
      c.programs_count++;
    }
    perChapter.set(chapterId, c);
  }
  await updateCourseFields(courseId, course.area_id, { content_count: counts.content_count, task_count: counts.task_count, program_count: counts.program_count });
  await db.send(
    new UpdateCommand({
      TableName: table(),
      Key: keys.course(courseId),
      UpdateExpression: 'SET max_score_task = :t, max_score_program = :p',
      ExpressionAttributeValues: { ':t': counts.max_score_task, ':p': counts.max_score_program },
    }),
  );
  for (const [chapterId, c] of perChapter) {
    await db.send(
      new UpdateCommand({
        TableName: table(),
        Key: keys.chapter(courseId, chapterId),
        UpdateExpression: 'SET tasks_count = :t, programs_count = :p, contents_count = :c',
        ExpressionAttributeValues: { ':t': c.tasks_count, ':p': c.programs_count, ':c': c.contents_count },
      }),
    );
  }
  return { message: 'OK' as const };
}
