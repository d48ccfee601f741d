/**
 * One course (spec/1 §7): preview, start (POST /write-user-course/{id}), the course page
 * (GET /get-active-chapters2/{id}) and the caller's course permissions (GET /get-course-data/{id}).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useAction } from '@/lib/use-action';
import { api, type ApiResult } from '@/lib/api-client';
import { catalogueKeys } from './query-keys';

export type CoursePage = Extract<ApiResult<'getActiveChapters2'>, { chapter_list: unknown }>;
export type ChapterCard = CoursePage['chapter_list'][number];
export type DetailScore = CoursePage['detail_score'];

/** spec/1 §4: a course page answer starting with this sends the visitor to the preview. */
export const NOT_LOGGED_PREFIX = 'You are not logged';

export const isCoursePage = (data: ApiResult<'getActiveChapters2'>): data is CoursePage =>
  data.message === 'OK' && 'chapter_list' in data;

export function useCoursePreview(courseId: number) {
  return useQuery({
    queryKey: catalogueKeys.preview(courseId),
    queryFn: () => api('coursePreview', { params: { id: courseId } }),
    meta: { notFoundPage: true },
  });
}

export function useStartCourse(courseId: number) {
  const queryClient = useQueryClient();
  return useAction({
    mutationFn: () => api('writeUserCourse', { params: { id: courseId }, body: {} }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: catalogueKeys.course(courseId) });
      await queryClient.invalidateQueries({ queryKey: catalogueKeys.all });
      // The dashboard lists the started course.
      await queryClient.invalidateQueries({ queryKey: ['messages'] });
    },
  });
}

export function useCourseChapters(courseId: number) {
  return useQuery({
    queryKey: catalogueKeys.chapters(courseId),
    queryFn: () => api('getActiveChapters2', { params: { id: courseId } }),
    meta: { notFoundPage: true },
  });
}

export function useCourseData(courseId: number) {
  return useQuery({
    queryKey: catalogueKeys.courseData(courseId),
    queryFn: () => api('getCourseData', { params: { id: courseId } }),
  });
}
