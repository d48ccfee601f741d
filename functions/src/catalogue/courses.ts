/**
 * Admin side of the catalogue's courses: bilingual create/edit (a move to another area moves the
 * listing and the parents' counters), the form's texts and file lists, delete (refused while
 * chapters exist), and the recount of service-refresh-course.
 */
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { db } from '../platform/db/client';
import { areas, categories, courseListings, courses, type CourseListingItem } from './entities';
import { catalogueKeys } from './keys';
import { nextId } from '../platform/db/counters';
import type { AreaItem, CourseItem } from './model';
import { storeRecount } from './structure';
import { getArea, getCourse, listAreaCourses, listChapters } from './store';
import { putNew } from '../platform/db/operations';
import { allLangList, mergeTexts, nextOrder, requireName, type ContentList } from './texts';
import { courseItem, courseListingItem, type NewCourse } from './items';

/** Sets fields on both the course item and its listing item in the area. */
export async function updateCourseFields(courseId: number, areaId: number, fields: Partial<Pick<CourseListingItem, 'names' | 'descriptions' | 'category_id' | 'area_color'>>) {
  await db.send(
    new TransactWriteCommand({
      TransactItems: [
        { Update: courses.updateInput(catalogueKeys.course(courseId), { set: fields }) },
        { Update: courseListings.updateInput(catalogueKeys.courseInArea(areaId, courseId), { set: fields }) },
      ],
    }),
  );
}

/** The Update that moves an area's or a category's course counter. */
const countCourse = (area: Pick<AreaItem, 'category_id' | 'area_id'>, delta: number) => ({ Update: areas.updateInput(catalogueKeys.area(area.category_id, area.area_id), { add: { courses_count: delta } }) });
const countCourseIn = (categoryId: number, delta: number) => ({ Update: categories.updateInput(catalogueKeys.category(categoryId), { add: { courses_count: delta } }) });


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
          { Put: courseListings.putInput(courseListingItem(course)) },
          countCourse(area, 1),
          countCourseIn(area.category_id, 1),
        ],
      }),
    );
    return { message: 'OK' as const, id };
  }
  const course = await getCourse(body.course_id);
  const fields = {
    names: mergeTexts(course.names, body.content_list, 'content'),
    descriptions: mergeTexts(course.descriptions, body.content_list, 'description'),
  };
  if (course.area_id !== area.area_id) {
    await moveCourse(course, area);
  }
  await updateCourseFields(course.course_id, area.area_id, fields);
  await courses.update(catalogueKeys.course(course.course_id), {
    set: {
      details: mergeTexts(course.details, body.content_list, 'detail'),
      file_extension: body.file_extension,
      editor_template: body.editor_template,
      file_list: body.file_list ? JSON.stringify(body.file_list) : course.file_list,
      keep_list: body.keep_list ? JSON.stringify(body.keep_list) : course.keep_list,
    },
  });
  return { message: 'OK' as const, id: course.course_id };
}

async function moveCourse(course: CourseItem, to: AreaItem) {
  const from = await getArea(course.area_id);
  // A listing that went missing is made anew from the course item (it holds the same fields).
  const listing = (await courseListings.get(catalogueKeys.courseInArea(from.area_id, course.course_id))) ?? {
    type: 'course-ref',
    course_id: course.course_id,
    course_order: course.course_order,
    names: course.names,
    descriptions: course.descriptions,
    content_count: course.content_count,
    task_count: course.task_count,
    program_count: course.program_count,
  };
  await db.send(
    new TransactWriteCommand({
      TransactItems: [
        { Delete: courseListings.deleteInput(catalogueKeys.courseInArea(from.area_id, course.course_id)) },
        { Put: courseListings.putInput({ ...listing, ...catalogueKeys.courseInArea(to.area_id, course.course_id), area_id: to.area_id, category_id: to.category_id }) },
        { Update: courses.updateInput(catalogueKeys.course(course.course_id), { set: { area_id: to.area_id, category_id: to.category_id, area_color: to.color } }) },
        countCourse(from, -1),
        countCourse(to, 1),
      ],
    }),
  );
  if (from.category_id !== to.category_id) {
    await categories.update(catalogueKeys.category(from.category_id), { add: { courses_count: -1 } });
    await categories.update(catalogueKeys.category(to.category_id), { add: { courses_count: 1 } });
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
        { Delete: courses.deleteInput(catalogueKeys.course(id)) },
        { Delete: courseListings.deleteInput(catalogueKeys.courseInArea(c.area_id, id)) },
        countCourse(area, -1),
        countCourseIn(area.category_id, -1),
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
