/** Player calls (spec/3 §7 "Player and scoring") as TanStack Query hooks. */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useAction } from '@/lib/use-action';
import { api, type ApiResult } from '@/lib/api-client';
import { useSession } from '@/lib/auth';
import { usePlayMode, type EvaluationShown } from '../lib/play-mode';

export type LessonList = ApiResult<'getActiveLessons2'>;
export type PlayerTaskData = ApiResult<'getActiveTasks2'>['task_list'][number];
export type Evaluation = ApiResult<'taskEvaluate2'>;

export const playerKeys = {
  all: ['player'] as const,
  lessons: (chapterId: number) => ['player', 'lessons', chapterId] as const,
  tasks: (courseId: number, chapterId: number, lessonId: number) => ['player', 'tasks', courseId, chapterId, lessonId] as const,
  /** What the learner did on one task: attempts, graded solutions, error reports. */
  mine: (taskId: number) => ['player', 'mine', taskId] as const,
};

/** The learner's own records of a task: 'ratings' (attempts), 'solutions' (graded programs), 'reports'. */
export function useMyRecords(taskId: number, kind: 'ratings' | 'solutions' | 'reports', enabled: boolean) {
  return useQuery({
    queryKey: [...playerKeys.mine(taskId), kind],
    queryFn: async () => {
      if (kind === 'ratings') return { kind, list: (await api('getMyAnswers', { body: { task_id: taskId } })).list } as const;
      if (kind === 'solutions') return { kind, list: (await api('getMySolutions', { params: { task_id: taskId } })).list } as const;
      return { kind, list: (await api('getMyErrorReports', { params: { task_id: taskId } })).list } as const;
    },
    enabled,
  });
}

export function useLessons(chapterId: number) {
  return useQuery({ queryKey: playerKeys.lessons(chapterId), queryFn: () => api('getActiveLessons2', { params: { chapter_id: chapterId } }) });
}

export function useLessonTasks(courseId: number, chapterId: number, lessonId: number | null) {
  return useQuery({
    queryKey: playerKeys.tasks(courseId, chapterId, lessonId ?? 0),
    queryFn: () => api('getActiveTasks2', { params: { course_id: courseId, chapter_id: chapterId, lesson_id: lessonId! } }),
    enabled: lessonId !== null && courseId > 0,
  });
}

/** After a call that changed progress or coins: the header's performance and the lists follow. */
export function useAfterChange(chapterId: number) {
  const queryClient = useQueryClient();
  const { updatePerformance } = useSession();
  return (performance?: { xp: number; coins: number }) => {
    if (performance) updatePerformance({ xp: performance.xp, coins: performance.coins });
    void queryClient.invalidateQueries({ queryKey: playerKeys.lessons(chapterId) });
    void queryClient.invalidateQueries({ queryKey: ['player', 'tasks'] });
    void queryClient.invalidateQueries({ queryKey: ['player', 'competition'] });
    void queryClient.invalidateQueries({ queryKey: ['catalogue'] });
  };
}

export function useEvaluate(chapterId: number) {
  const after = useAfterChange(chapterId);
  const { activityType, evaluate } = usePlayMode();
  return useAction({
    mutationFn: (body: { task_id: number; task_type_id: number; time_length: number; answer_list: string }): Promise<EvaluationShown> =>
      evaluate ? evaluate(body) : api('taskEvaluate2', { body: { ...body, activity_type: activityType } }),
    onSuccess: (data) => after(data.user?.performance),
  });
}

export function useContentPassed(chapterId: number) {
  const after = useAfterChange(chapterId);
  return useAction({
    mutationFn: (body: { user_course_id: number; task_id: number }) => api('setPassedTasksContent2', { body }),
    onSuccess: (data) => after(data.user.performance),
  });
}

export function useBuyHelp(chapterId: number) {
  const after = useAfterChange(chapterId);
  return useAction({
    mutationFn: (taskId: number) => api('getMyHelp', { params: { task_id: taskId } }),
    onSuccess: (data) => after(data.user.performance),
  });
}

export function useBuyAnswer(chapterId: number) {
  const after = useAfterChange(chapterId);
  return useAction({
    mutationFn: (taskId: number) => api('getMyAnswer', { params: { task_id: taskId } }),
    onSuccess: (data) => after(data.user.performance),
  });
}

export function useErrorReport() {
  const queryClient = useQueryClient();
  return useAction({
    mutationFn: (body: { task_id: number; description: string }) => api('writeErrorReport', { body }),
    onSuccess: (_data, body) => void queryClient.invalidateQueries({ queryKey: playerKeys.mine(body.task_id) }),
  });
}

/** Fire and forget: a failed log write never bothers the learner. */
export function logTaskActivity(action: 'open' | 'close', taskId: number, seconds: number) {
  void api('writeToLog2', {
    body: { action, object1: 'task', object1_value: taskId, object2: 'seconds', object2_value: seconds, description: '' },
  }).catch(() => undefined);
}

/** A learner's saved files of a program task ('' when none) and the save (spec/3 §7 "Code"). */
export const loadProgram = (taskId: number, activityType: 1 | 2 = 1) => api('loadProgram3', { params: { task_id: taskId }, body: { activity_type: activityType } });
export const saveProgram = (taskId: number, files: Array<{ filename: string; filecontent: string }>, activityType: 1 | 2 = 1) =>
  api('saveProgram3', { body: { task_id: taskId, activity_type: activityType, files: JSON.stringify(files) } });
