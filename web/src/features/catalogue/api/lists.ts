/** Category, area and course listings (spec/1 §7): GET /get-categories2, /get-areas/{id}, /area-all-courses(2)/{id}. */
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { catalogueKeys } from './query-keys';

export function useCategories() {
  return useQuery({
    queryKey: catalogueKeys.categories(),
    queryFn: () => api('getCategories2'),
    select: (data) => [...data.list].sort((a, b) => a.sort_order - b.sort_order),
  });
}

export function useAreas(categoryId: number) {
  return useQuery({
    queryKey: catalogueKeys.areas(categoryId),
    queryFn: () => api('getAreas', { params: { id: categoryId } }),
    meta: { notFoundPage: true },
    select: (data) => ({ ...data, areas: [...data.areas].sort((a, b) => a.area_order - b.area_order) }),
  });
}

/** Admins read the admin variant (no progress); students get their status per course. */
export function useAreaCourses(areaId: number, admin: boolean) {
  return useQuery({
    queryKey: catalogueKeys.courses(areaId, admin),
    queryFn: () => api(admin ? 'areaAllCourses2' : 'areaAllCourses', { params: { id: areaId } }),
    meta: { notFoundPage: true },
    select: (data) => ({ ...data, list: [...data.list].sort((a, b) => a.course_order - b.course_order) }),
  });
}
