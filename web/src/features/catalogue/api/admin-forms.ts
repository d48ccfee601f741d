/**
 * The bilingual admin forms' calls (spec/2 §7 Forms): GET /get-*-in-all-lang/{id} to edit,
 * POST /create-edit-*-all-lang to save (id 0 creates), and the pickers (categories, areas).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useAction } from '@/lib/use-action';
import { api, type ApiRequest } from '@/lib/api-client';
import { catalogueKeys } from './query-keys';

export function useCategoryInAllLang(id: number) {
  return useQuery({
    queryKey: catalogueKeys.form('category', id),
    queryFn: () => api('getCategoryInAllLang', { params: { id } }),
    enabled: id > 0,
    meta: { notFoundPage: true },
    staleTime: 0,
  });
}

export function useAreaInAllLang(id: number) {
  return useQuery({
    queryKey: catalogueKeys.form('area', id),
    queryFn: () => api('getAreaInAllLang', { params: { id } }),
    enabled: id > 0,
    meta: { notFoundPage: true },
    staleTime: 0,
  });
}

export function useCourseInAllLang(id: number) {
  return useQuery({
    queryKey: catalogueKeys.form('course', id),
    queryFn: () => api('getCourseInAllLang', { params: { id } }),
    enabled: id > 0,
    meta: { notFoundPage: true },
    staleTime: 0,
  });
}

export function useCategoryPicker() {
  return useQuery({ queryKey: catalogueKeys.categoryPicker(), queryFn: () => api('getCategories3') });
}

/** Areas of a category for the course form's area selector. */
export function useAreaPicker(categoryId: number) {
  return useQuery({
    queryKey: catalogueKeys.areas(categoryId),
    queryFn: () => api('getAreas', { params: { id: categoryId } }),
    select: (data) => ({ category: data.category, areas: [...data.areas].sort((a, b) => a.area_order - b.area_order) }),
  });
}

const saveRoute = { category: 'createEditCategory', area: 'createEditArea', course: 'createEditCourse' } as const;
type SaveRoute = typeof saveRoute;
export type SaveBody<K extends keyof SaveRoute> = ApiRequest<SaveRoute[K]>['body'];

export function useSaveCatalogueItem<K extends keyof SaveRoute>(kind: K) {
  const queryClient = useQueryClient();
  return useAction({
    mutationFn: (body: SaveBody<K>) => api(saveRoute[kind], { body } as never),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: catalogueKeys.all });
      await queryClient.invalidateQueries({ queryKey: ['course'] });
    },
  });
}
