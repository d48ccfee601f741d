/**
 * Calls of the teaching domain (spec/3 §7 "Teacher"): the teacher dashboard's courses and groups, and
 * the student tables. Changes refresh the dashboard's lists.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useAction } from '@/lib/use-action';
import { api, type ApiResult } from '@/lib/api-client';

export type TeacherCourse = ApiResult<'getTeacherCourses'>['list'][number];
export type TeacherGroup = TeacherCourse['groups'][number];
export type CourseForTeacher = ApiResult<'getCoursesForTeacher'>['list'][number];
export type ChaptersTable = ApiResult<'getStudentsGroupsChapters'>;
export type LessonsTable = ApiResult<'getStudentsGroupsLessons'>;
export type TasksTable = ApiResult<'getStudentsGroupsTasks'>;
export type TaskDetail = ApiResult<'getStudentsGroupsTaskDetail'>;
export type StudentDetail = ApiResult<'getStudentDetail'>;
export type StudentChapter = ApiResult<'getStudentChapter'>;
export type CompetitionsTable = ApiResult<'getStudentsGroupsCompetitions'>;

/** The table pages show a refusal in place (TableFrame), not in the request-failure modal. */
const tableMeta = { handlesErrors: true };

export const teachingKeys = {
  all: ['teaching'] as const,
  courses: () => ['teaching', 'courses'] as const,
  groups: () => ['teaching', 'groups'] as const,
  offered: () => ['teaching', 'offered'] as const,
  course: (courseId: number) => ['teaching', 'course', courseId] as const,
  table: (kind: string, ids: number[], groups: number[]) => ['teaching', 'table', kind, ...ids, { groups }] as const,
};

export const useTeacherCourses = () => useQuery({ queryKey: teachingKeys.courses(), queryFn: async () => (await api('getTeacherCourses')).list });

/**
 * Is the course on the caller's teacher dashboard? (The course page's teacher box; false while loading
 * and when the call fails: the box is an extra, so a failure shows nothing rather than the error modal.)
 */
export function useTeachesCourse(courseId: number): boolean {
  const courses = useQuery({
    queryKey: [...teachingKeys.courses(), 'ids'],
    queryFn: async () => (await api('getTeacherCourses')).list.map((c) => c.id),
    staleTime: 60_000,
    meta: { handlesErrors: true },
  });
  return Boolean(courses.data?.includes(courseId));
}
export const useTeachingGroups = () => useQuery({ queryKey: teachingKeys.groups(), queryFn: async () => (await api('getTeachingGroups')).teach_groups });
export const useCoursesForTeacher = (enabled: boolean) =>
  useQuery({ queryKey: teachingKeys.offered(), queryFn: async () => (await api('getCoursesForTeacher')).list, enabled });

/** The course (breadcrumbs) and the caller's groups in it. */
export const useTeachingCourse = (courseId: number) =>
  useQuery({ queryKey: teachingKeys.course(courseId), queryFn: () => api('getTeachingGroupsInCourse', { body: { course_id: courseId } }), meta: tableMeta });

/** Only the chosen groups' students (all of the caller's when none is chosen). */
const chosen = (groups: number[]) => (groups.length ? { group_ids: groups } : {});

export const useChaptersTable = (courseId: number, groups: number[], enabled = true) =>
  useQuery({
    queryKey: teachingKeys.table('chapters', [courseId], groups),
    queryFn: () => api('getStudentsGroupsChapters', { body: { course_id: courseId, ...chosen(groups) } }),
    enabled,
    meta: tableMeta,
  });
export const useCompetitionsTable = (courseId: number, groups: number[], enabled = true) =>
  useQuery({
    queryKey: teachingKeys.table('competitions', [courseId], groups),
    queryFn: () => api('getStudentsGroupsCompetitions', { body: { course_id: courseId, ...chosen(groups) } }),
    enabled,
    meta: tableMeta,
  });
export const useLessonsTable = (courseId: number, chapterId: number, groups: number[], enabled = true) =>
  useQuery({
    enabled,
    meta: tableMeta,
    queryKey: teachingKeys.table('lessons', [courseId, chapterId], groups),
    queryFn: () => api('getStudentsGroupsLessons', { body: { course_id: courseId, chapter_id: chapterId, ...chosen(groups) } }),
  });
export const useTasksTable = (courseId: number, chapterId: number, lessonId: number, groups: number[], enabled = true) =>
  useQuery({
    enabled,
    meta: tableMeta,
    queryKey: teachingKeys.table('tasks', [courseId, chapterId, lessonId], groups),
    queryFn: () => api('getStudentsGroupsTasks', { body: { course_id: courseId, chapter_id: chapterId, lesson_id: lessonId, ...chosen(groups) } }),
  });
export const useTaskDetail = (courseId: number, chapterId: number, lessonId: number, taskId: number, groups: number[], enabled = true) =>
  useQuery({
    enabled,
    meta: tableMeta,
    queryKey: teachingKeys.table('task', [courseId, chapterId, lessonId, taskId], groups),
    queryFn: () =>
      api('getStudentsGroupsTaskDetail', { body: { course_id: courseId, chapter_id: chapterId, lesson_id: lessonId, task_id: taskId, ...chosen(groups) } }),
  });

/** One student: the courses the caller teaches them in, with chapter scores. */
export const useStudentDetail = (studentId: number) =>
  useQuery({ meta: tableMeta, queryKey: ['teaching', 'student', studentId], queryFn: () => api('getStudentDetail', { body: { student_id: studentId } }) });
/** One student in one chapter: lessons and tasks with the student's scores. */
export const useStudentChapter = (studentId: number, chapterId: number) =>
  useQuery({
    meta: tableMeta,
    queryKey: ['teaching', 'student', studentId, 'chapter', chapterId],
    queryFn: () => api('getStudentChapter', { body: { student_id: studentId, chapter_id: chapterId } }),
  });

/** A dashboard change: the dashboard's lists are read again after it. */
function useDashboardAction<V>(send: (variables: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useAction({
    mutationFn: send,
    onSettled: () => queryClient.invalidateQueries({ queryKey: teachingKeys.all }),
  });
}

export const useAddTeacherCourse = () => useDashboardAction((courseId: number) => api('addTeacherGroup', { body: { course_id: courseId } }));
export const useDeleteTeacherCourse = () => useDashboardAction((courseId: number) => api('deleteTeacherCourse', { body: { course_id: courseId } }));
export const useAddGroupToCourse = () =>
  useDashboardAction((v: { courseId: number; groupId: number }) => api('addGroupToCourse', { body: { course_id: v.courseId, group_id: v.groupId } }));
export const useDeleteGroupFromCourse = () =>
  useDashboardAction((v: { courseId: number; groupId: number }) => api('deleteGroupFromCourse', { body: { course_id: v.courseId, group_id: v.groupId } }));

/** The teacher's score and comment on an essay or GenAI attempt (spec/3 §7); the task detail follows. */
export function useSaveEssayComment() {
  const queryClient = useQueryClient();
  return useAction({
    mutationFn: (body: { attempt_id: number; score: number; comment: string; course_id: number; task_id: number }) => api('saveEssayCommentToAttempt', { body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['teaching'] }),
  });
}
