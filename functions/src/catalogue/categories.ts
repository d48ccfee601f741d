/** Admin side of the catalogue's categories: bilingual create/edit, the form's texts, delete (refused while areas exist), the picker. */
import { categories } from './entities';
import { catalogueKeys } from './keys';
import { nextId } from '../platform/db/counters';
import { getCategory, listAreas, listCategories, userLanguage } from './store';
import { allLangList, mergeTexts, nextOrder, requireName, type ContentList } from './texts';
import { createOnce } from '../platform/db/operations';
import { Conflict } from '../platform/http/errors';
import { categoryItem } from './items';

export async function saveCategory(body: { category_id: number; category_order?: number; color: string; content_list: ContentList }) {
  requireName(body.content_list);
  if (body.category_id === 0) {
    const id = await nextId('category');
    const order = body.category_order || nextOrder((await listCategories()).map((c) => c.category_order));
    const item = categoryItem({ id, order, color: body.color, names: mergeTexts({}, body.content_list, 'content') });
    await createOnce(item, () => new Conflict('The category already exists.'));
    return { message: 'OK' as const, id };
  }
  const current = await getCategory(body.category_id);
  await categories.update(catalogueKeys.category(body.category_id), {
    set: { color: body.color, names: mergeTexts(current.names, body.content_list, 'content') },
    condition: 'attribute_exists(pk)',
  });
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
  await categories.remove(catalogueKeys.category(id));
  return { message: 'success' };
}

/** The category picker of the admin forms, names in the caller's language. */
export async function categoriesForPicker(userId: number) {
  const [langId, list] = await Promise.all([userLanguage(userId), listCategories()]);
  return { list: list.map((c) => ({ category_id: c.category_id, title: c.names[String(langId)] || c.names['1'] || '' })) };
}
