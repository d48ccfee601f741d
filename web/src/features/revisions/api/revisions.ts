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

export type RevisionAttempt = ApiResult<'getStudentRevision'>['opened'] & { receivedAt: number };
export const attemptKey = (courseId: number, revId: number) => [...revisionsKey(courseId), 'attempt', revId] as const;

/** Starts (once) or resumes the caller's attempt; `receivedAt` places the server's deadline on this clock. */
export function useStudentRevision(courseId: number, revId: number) {
  return useQuery({
    queryKey: attemptKey(courseId, revId),
    queryFn: async () => ({ ...(await api('getStudentRevision', { body: { course_id: courseId, rev_id: revId } })).opened, receivedAt: Date.now() }),
    retry: false,
    // a refusal (not opened to the caller, outside the window) is the screen's own message
    meta: { handlesErrors: true },
  });
}

/** An answer in the attempt (not the chapter's progress): no XP or coins move. */
export const evaluateInRevision = (courseId: number, revId: number) => (body: { task_id: number; task_type_id: number; time_length: number; answer_list: string }) =>
  api('revisionEvaluate', { body: { ...body, course_id: courseId, rev_id: revId } });

/** Submit ALL (idempotent). */
export const closeRevision = (courseId: number, revId: number) => api('closeRevision', { body: { course_id: courseId, rev_id: revId } });

/** The countdown's sync over HTTP (the attempt's answer carries the deadline and the server's now). */
export const revisionSync = async (courseId: number, revId: number) => {
  const { opened } = await api('getStudentRevision', { body: { course_id: courseId, rev_id: revId } });
  return { finished: opened.status === 'closed', deadline: opened.deadline, serverNow: opened.server_now };
};

export type RevisionStudents = ApiResult<'getRevisionStudents'>;

export function useRevisionStudents(courseId: number, revId: number) {
  return useQuery({
    queryKey: [...revisionsKey(courseId), 'students', revId],
    queryFn: () => api('getRevisionStudents', { body: { course_id: courseId, rev_id: revId } }),
    enabled: revId > 0,
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
