/** Revisions of a course (spec/3 §7 "Revisions"): the student's opened list and attempt, the teacher's page. */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { RevisionForm } from '@lectio/shared/api/revisions';
import { useAction } from '@/lib/use-action';
import { api, type ApiResult } from '@/lib/api-client';

export const revisionsKey = (courseId: number) => ['course', courseId, 'revisions'] as const;

export type CourseRevisions = ApiResult<'getCourseRevisions'>;
export type OpenedRevision = ApiResult<'getStudentRevisions'>['opened'][number];

export function useStudentRevisions(courseId: number) {
  return useQuery({
    queryKey: [...revisionsKey(courseId), 'opened'],
    queryFn: () => api('getStudentRevisions', { body: { course_id: courseId } }),
  });
}

export function useStudentRevision(courseId: number, revId: number) {
  return useQuery({
    queryKey: [...revisionsKey(courseId), 'attempt', revId],
    queryFn: () => api('getStudentRevision', { body: { course_id: courseId, rev_id: revId } }),
  });
}

export function useCourseRevisions(courseId: number) {
  return useQuery({
    queryKey: [...revisionsKey(courseId), 'teacher'],
    queryFn: () => api('getCourseRevisions', { body: { course_id: courseId } }),
  });
}

export function useSaveRevision(courseId: number) {
  const queryClient = useQueryClient();
  return useAction({
    mutationFn: (form: RevisionForm) => api('createEditRevision', { body: form }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: revisionsKey(courseId) }),
  });
}

export function useDeleteRevision(courseId: number) {
  const queryClient = useQueryClient();
  return useAction({
    mutationFn: (revId: number) => api('deleteRevision', { body: { course_id: courseId, rev_id: revId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: revisionsKey(courseId) }),
  });
}
