/**
 * Calls of the authoring feature (spec/2 §7 Structure and Forms, plus course export/import). Reads are
 * TanStack queries under the 'authoring' key; every write refreshes them. Reorders are applied on the
 * screen only after the server's OK (the lists refetch), so a stale swap (409) changes nothing.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useAction } from '@/lib/use-action';
import { api, isApiError, type ApiRequest, type ApiResult } from '@/lib/api-client';
import { useFeedback } from '@/components/feedback/feedback';
import type { RouteName } from '@lectio/shared';

export const authoringKeys = {
  all: ['authoring'] as const,
  adminContent: (courseId: number) => ['authoring', 'admin-content', courseId] as const,
  chapterForm: (id: number) => ['authoring', 'chapter-form', id] as const,
  lessonForm: (id: number) => ['authoring', 'lesson-form', id] as const,
  courseChapters: (courseId: number) => ['authoring', 'course-chapters', courseId] as const,
  chapterList: (courseId: number, langId: number) => ['authoring', 'chapter-list', courseId, langId] as const,
  lessonList: (chapterId: number, langId: number) => ['authoring', 'lesson-list', chapterId, langId] as const,
  taskList: (lessonId: number, langId: number) => ['authoring', 'task-list', lessonId, langId] as const,
  book: (courseId: number) => ['authoring', 'book', courseId] as const,
};

export type AdminContent = ApiResult<'courseAdminContent'>;
export type ChapterList = ApiResult<'getChapterList'>;
export type LessonList = ApiResult<'getLessonList'>;
export type TaskList = ApiResult<'getTaskPreviewList'>;
export type Book = ApiResult<'getBook'>;

export const useAdminContent = (courseId: number) =>
  useQuery({ queryKey: authoringKeys.adminContent(courseId), queryFn: () => api('courseAdminContent', { params: { id: courseId } }), retry: false });

export const useChapterForm = (id: number) =>
  useQuery({ queryKey: authoringKeys.chapterForm(id), queryFn: () => api('getChapterInAllLang', { params: { id } }), enabled: id > 0, staleTime: 0 });

export const useLessonForm = (id: number) =>
  useQuery({ queryKey: authoringKeys.lessonForm(id), queryFn: () => api('getLessonInAllLang', { params: { id } }), enabled: id > 0, staleTime: 0 });

export const useCourseChapterPicker = (courseId: number) =>
  useQuery({ queryKey: authoringKeys.courseChapters(courseId), queryFn: () => api('getCourseChapters', { params: { id: courseId } }), enabled: courseId > 0 });

export const useChapterList = (courseId: number, langId: number) =>
  useQuery({ queryKey: authoringKeys.chapterList(courseId, langId), queryFn: () => api('getChapterList', { params: { courseId }, body: { lang_id: langId } }), retry: false });

export const useLessonList = (chapterId: number, langId: number) =>
  useQuery({ queryKey: authoringKeys.lessonList(chapterId, langId), queryFn: () => api('getLessonList', { params: { chapterId }, body: { lang_id: langId } }), retry: false });

export const useTaskList = (lessonId: number, langId: number, enabled = true) =>
  useQuery({ queryKey: authoringKeys.taskList(lessonId, langId), queryFn: () => api('getTaskPreviewList', { params: { lessonId }, body: { lang_id: langId } }), retry: false, enabled });

/** A task in every language for its editor (`id` 0: a new task, nothing to read). Never cached past the editor: another author's save must show. */
export const useEditedTask = (taskId: number) =>
  useQuery({
    queryKey: ['authoring', 'task', taskId],
    queryFn: () => api('getTaskInAllLang', { params: { id: taskId } }),
    enabled: taskId > 0,
    meta: { handlesErrors: true },
    gcTime: 0,
  });
export type EditedTask = ApiResult<'getTaskInAllLang'>;

export const useBook = (courseId: number, enabled: boolean) =>
  useQuery({ queryKey: authoringKeys.book(courseId), queryFn: () => api('getBook', { params: { id: courseId } }), enabled, staleTime: 0 });

/**
 * What follows every authoring write (spec/2 §4: a refresh follows every save): the authoring lists
 * (task list, course admin content, chapter and lesson lists), the catalogue and course pages (counts)
 * and the learner's lesson and task lists are marked stale, so whichever screen shows them next refetches.
 * The keys of other features are named, not imported (features stay apart).
 */
export function useAuthoringRefresh() {
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all(
      [authoringKeys.all, ['catalogue'], ['course'], ['player']].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    );
  };
}

/**
 * One authoring write: on success every authoring (and catalogue/course) query refetches; a failure is
 * put into the shared feedback area (spec/2 §8) and the lists refetch, so nothing local is kept.
 */
export function useAuthoringCall<N extends RouteName>(name: N) {
  const feedback = useFeedback();
  const refresh = useAuthoringRefresh();
  return useAction({
    mutationFn: (request: ApiRequest<N>) => (api as (n: N, r: ApiRequest<N>) => Promise<ApiResult<N>>)(name, request),
    onSuccess: async (result) => {
      const message = (result as { message?: unknown }).message;
      if (typeof message === 'string' && message !== 'OK' && message !== 'success') feedback.show(message);
      else feedback.clear();
      await refresh();
    },
    onError: async (error) => {
      feedback.show(isApiError(error) ? error.message : String(error));
      await refresh();
    },
  });
}
