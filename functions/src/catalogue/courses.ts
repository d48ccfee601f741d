/**
 * Admin side of the catalogue's courses: bilingual create/edit (a move to another area moves the
 * listing and the parents' counters), the form's texts and file lists, delete (refused while
 * chapters exist), and the recount of service-refresh-course.
 */
import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, table } from '../platform/db/client';
import { catalogueKeys } from './keys';
import { nextId } from '../platform/db/counters';
import type { AreaItem, CourseItem } from './model';
import { storeRecount } from './structure';
import { getArea, getCourse, listAreaCourses, listChapters } from './store';
import { putNew } from '../platform/db/operations';
import { allLangList, mergeTexts, nextOrder, requireName, type ContentList } from './texts';
import { courseItem, courseListingItem, type NewCourse } from './items';

/** Sets fields on both the course item and its listing item in the area. */
export async function updateCourseFields(courseId: number, areaId: number, fields: Record<string, unknown>) {
  const entries = Object.entries(fields);
  const update = {
    UpdateExpression: `SET ${entries.map((_, i) => `#f${i} = :v${i}`).join(', ')}`,
    ExpressionAttributeNames: Object.fromEntries(entries.map(([k], i) => [`#f${i}`, k])),
    ExpressionAttributeValues: Object.fromEntries(entries.map(([, v], i) => [`:v${i}`, v])),
  };
  await db.send(
    new TransactWriteCommand({
      TransactItems: [
        { Update: { TableName: table(), Key: catalogueKeys.course(courseId), ...update } },
        { Update: { TableName: table(), Key: catalogueKeys.courseInArea(areaId, courseId), ...update } },
      ],
    }),
  );
}


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
    const course: NewCourse = {
      id,
      area,
      order,
      names: mergeTexts({}, body.content_list, 'content'),
      descriptions: mergeTexts({}, body.content_list, 'description'),
      details: mergeTexts({}, body.content_list, 'detail'),
      fileExtension: body.file_extension,
      editorTemplate: body.editor_template,
      ...(body.file_list ? { fileList: JSON.stringify(body.file_list) } : {}),
      ...(body.keep_list ? { keepList: JSON.stringify(body.keep_list) } : {}),
    };
    await db.send(
      new TransactWriteCommand({
        TransactItems: [
          putNew(courseItem(course)),
          { Put: { TableName: table(), Item: courseListingItem(course) } },
          { Update: { TableName: table(), Key: catalogueKeys.area(area.category_id, area.area_id), UpdateExpression: 'ADD courses_count :one', ExpressionAttributeValues: { ':one': 1 } } },
          { Update: { TableName: table(), Key: catalogueKeys.category(area.category_id), UpdateExpression: 'ADD courses_count :one', ExpressionAttributeValues: { ':one': 1 } } },
        ],
      }),
    );
    return { message: 'OK' as const, id };
  }
  const course = await getCourse(body.course_id);
  const fields: Record<string, unknown> = {
    names: mergeTexts(course.names, body.content_list, 'content'),
    descriptions: mergeTexts(course.descriptions, body.content_list, 'description'),
  };
  if (course.area_id !== area.area_id) {
    await moveCourse(course, area);
  }
  await updateCourseFields(course.course_id, area.area_id, fields);
  await db.send(
    new UpdateCommand({
      TableName: table(),
      Key: catalogueKeys.course(course.course_id),
      UpdateExpression: 'SET details = :d, file_extension = :e, editor_template = :t, file_list = :f, keep_list = :k',
      ExpressionAttributeValues: {
        ':d': mergeTexts(course.details, body.content_list, 'detail'),
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
  const listing = (await db.send(new GetCommand({ TableName: table(), Key: catalogueKeys.courseInArea(from.area_id, course.course_id) }))).Item ?? {};
  await db.send(
    new TransactWriteCommand({
      TransactItems: [
        { Delete: { TableName: table(), Key: catalogueKeys.courseInArea(from.area_id, course.course_id) } },
        { Put: { TableName: table(), Item: { ...listing, ...catalogueKeys.courseInArea(to.area_id, course.course_id), area_id: to.area_id, category_id: to.category_id } } },
        { Update: { TableName: table(), Key: catalogueKeys.course(course.course_id), UpdateExpression: 'SET area_id = :a, category_id = :c, area_color = :col', ExpressionAttributeValues: { ':a': to.area_id, ':c': to.category_id, ':col': to.color } } },
        { Update: { TableName: table(), Key: catalogueKeys.area(from.category_id, from.area_id), UpdateExpression: 'ADD courses_count :m', ExpressionAttributeValues: { ':m': -1 } } },
        { Update: { TableName: table(), Key: catalogueKeys.area(to.category_id, to.area_id), UpdateExpression: 'ADD courses_count :one', ExpressionAttributeValues: { ':one': 1 } } },
      ],
    }),
  );
  if (from.category_id !== to.category_id) {
    await db.send(new UpdateCommand({ TableName: table(), Key: catalogueKeys.category(from.category_id), UpdateExpression: 'ADD courses_count :m', ExpressionAttributeValues: { ':m': -1 } }));
    await db.send(new UpdateCommand({ TableName: table(), Key: catalogueKeys.category(to.category_id), UpdateExpression: 'ADD courses_count :one', ExpressionAttributeValues: { ':one': 1 } }));
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
        { Delete: { TableName: table(), Key: catalogueKeys.course(id) } },
        { Delete: { TableName: table(), Key: catalogueKeys.courseInArea(c.area_id, id) } },
        { Update: { TableName: table(), Key: catalogueKeys.area(area.category_id, area.area_id), UpdateExpression: 'ADD courses_count :m', ExpressionAttributeValues: { ':m': -1 } } },
        { Update: { TableName: table(), Key: catalogueKeys.category(area.category_id), UpdateExpression: 'ADD courses_count :m', ExpressionAttributeValues: { ':m': -1 } } },
      ],
    }),
  );
  return { message: 'success' };
}

/**
 * Recounts a course from its chapters, lessons and tasks (service-refresh-course): the exact
 * counters of the course, its listing, every chapter and every lesson (authoring keeps them on write).
 */
export async function refreshCourse(courseId: number) {
  await storeRecount(courseId);
  return { message: 'OK' as const };
}
