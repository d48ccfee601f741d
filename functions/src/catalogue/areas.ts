/**
 * Admin side of the catalogue's areas: bilingual create/edit (moving an area to another category
 * moves its item and the counters in one transaction), the form's texts, delete (refused while
 * courses exist).
 */
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { db } from '../platform/db/client';
import { catalogueKeys } from './keys';
import { nextId } from '../platform/db/counters';
import { updateCourseFields } from './courses';
import { getArea, getCategory, listAreaCourses, listAreas } from './store';
import { allLangList, mergeTexts, nextOrder, requireName, type ContentList } from './texts';
import { areaItem } from './items';
import { areas, categories } from './entities';

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
            Put: areas.putInput(
              areaItem({ id, categoryId: body.category_id, order, color: body.color, icon: body.icon, icon2: body.icon2, names: mergeTexts({}, body.content_list, 'content') }),
            ),
          },
          { Update: categories.updateInput(catalogueKeys.category(body.category_id), { add: { areas_count: 1 } }) },
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
          { Delete: areas.deleteInput(catalogueKeys.area(area.category_id, area.area_id)) },
          {
            Put: areas.putInput({
              ...area,
              ...catalogueKeys.area(body.category_id, area.area_id),
              category_id: body.category_id,
              color: body.color,
              icon: body.icon || area.icon,
              icon2: body.icon2 || area.icon2,
              names: mergeTexts(area.names, body.content_list, 'content'),
            }),
          },
          { Update: categories.updateInput(catalogueKeys.category(area.category_id), { add: { areas_count: -1, courses_count: -courses.length } }) },
          { Update: categories.updateInput(catalogueKeys.category(body.category_id), { add: { areas_count: 1, courses_count: courses.length } }) },
        ],
      }),
    );
    await Promise.all(courses.map((c) => updateCourseFields(c.course_id, area.area_id, { category_id: body.category_id, area_color: body.color })));
    return { message: 'OK' as const, id: area.area_id };
  }
  await areas.update(catalogueKeys.area(area.category_id, area.area_id), {
    set: { color: body.color, icon: body.icon || area.icon, icon2: body.icon2 || area.icon2, names: mergeTexts(area.names, body.content_list, 'content') },
  });
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
        { Delete: areas.deleteInput(catalogueKeys.area(a.category_id, a.area_id)) },
        { Update: categories.updateInput(catalogueKeys.category(a.category_id), { add: { areas_count: -1 } }) },
      ],
    }),
  );
  return { message: 'success' };
}
