/**
 * Server state of the groups screens (spec/3 §7 "Groups"): the Groups page, the course groups screen
 * and the student's study groups. Every change refetches its screen's lists; a refused change shows
 * the server's description in the shell's feedback area (spec/3 §8), in the UI language.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { RouteBody, RouteName, Routes } from '@lectio/shared';
import { api, type ApiResult } from '@/lib/api-client';
import { useAction } from '@/lib/use-action';
import { useFeedback } from '@/components/feedback/feedback';
import { useErrorText } from '@/lib/server-error-text';

export type MyGroups = ApiResult<'getMyGroups'>;
export type CourseGroups = ApiResult<'getCourseGroups'>;
export type CourseGroup = CourseGroups['created_groups'][number];
export type StudentGroup = ApiResult<'getStudentCourseGroups'>['groups'][number];

const groupsRoot = ['groups'] as const;
const myGroupsKey = [...groupsRoot, 'mine'] as const;
const courseKey = (courseId: number) => [...groupsRoot, 'course', courseId] as const;

export const useMyGroups = () => useQuery({ queryKey: myGroupsKey, queryFn: () => api('getMyGroups') });

export const useCourseGroups = (courseId: number) =>
  useQuery({
    queryKey: [...courseKey(courseId), 'teacher'],
    queryFn: () => api('getCourseGroups', { params: { courseId } }),
    // The screen says 'No permissions' itself.
    meta: { handlesErrors: true },
    retry: false,
  });

export const useTeachableGroups = (courseId: number, enabled: boolean) =>
  useQuery({
    queryKey: [...courseKey(courseId), 'teachable'],
    queryFn: () => api('getAllTeacherCourseGroups', { params: { courseId } }),
    enabled,
  });

export const useStudentGroups = (courseId: number) =>
  useQuery({ queryKey: [...courseKey(courseId), 'student'], queryFn: () => api('getStudentCourseGroups', { params: { courseId } }) });

export const useJoinableGroups = (courseId: number) =>
  useQuery({ queryKey: [...courseKey(courseId), 'joinable'], queryFn: () => api('getAllStudentCourseGroups', { params: { courseId } }) });

/** A change of a groups screen: sends the route's body, refetches the groups lists, and shows a refusal in the feedback area. */
export function useGroupsCall<N extends RouteName>(name: N) {
  const queryClient = useQueryClient();
  const feedback = useFeedback();
  const errorText = useErrorText();
  return useAction({
    meta: { handlesErrors: true },
    mutationFn: (body: RouteBody<Routes[N]>) => api(name, { body } as never) as Promise<ApiResult<N>>,
    onSuccess: () => feedback.clear(),
    onError: (error) => feedback.show(errorText(error)),
    // Every groups list may show the change (a course group is also on the Groups page): refetch them all.
    onSettled: () => queryClient.invalidateQueries({ queryKey: groupsRoot }),
  });
}
