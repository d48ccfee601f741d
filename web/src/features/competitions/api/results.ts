/**
 * The result and teacher screens' calls (spec/3 §7 "Competitions"): a result, the solutions of a task
 * and grading, and the teacher's board with its early close.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useAction } from '@/lib/use-action';
import { api, type ApiResult } from '@/lib/api-client';

export type CompetitionResult = ApiResult<'getStudentCompetition'>;
export type CompetitionBoard = ApiResult<'getCompetitionBoard'>;

export const playKeys = {
  result: (userCompId: number) => ['competitions', 'result', userCompId] as const,
  solutions: (taskId: number) => ['competitions', 'solutions', taskId] as const,
  board: (courseId: number, compId: number) => ['competitions', 'board', courseId, compId] as const,
};

export function useStudentCompetition(userCompId: number) {
  return useQuery({ queryKey: playKeys.result(userCompId), queryFn: () => api('getStudentCompetition', { params: { id: userCompId } }) });
}

export function useGradeTask(userCompId: number) {
  const queryClient = useQueryClient();
  return useAction({
    mutationFn: (body: { id: number; teacher_score: string; comment: string }) =>
      api('writeTeacherCompComment', { body: { user_comp_id: userCompId, ...body } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: playKeys.result(userCompId) }),
  });
}

export function useTaskSolutions(taskId: number | null) {
  return useQuery({
    queryKey: playKeys.solutions(taskId ?? 0),
    queryFn: () => api('getTaskSolutions', { params: { task_id: taskId! } }),
    enabled: taskId !== null,
  });
}

export function useGradeSolution(taskId: number) {
  const queryClient = useQueryClient();
  return useAction({
    mutationFn: (body: { id: number; teacher_score: string; comment: string }) => api('writeTeacherComment', { body: { ...body, task_id: taskId } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: playKeys.solutions(taskId) }),
  });
}

export function useCompetitionBoard(courseId: number, compId: number | null) {
  return useQuery({
    queryKey: playKeys.board(courseId, compId ?? 0),
    queryFn: async () => ({ ...(await api('getCompetitionBoard', { params: { course_id: courseId, competition_id: compId! } })), receivedAt: Date.now() }),
    enabled: compId !== null,
  });
}

export function useCloseForAll(courseId: number) {
  const queryClient = useQueryClient();
  return useAction({
    mutationFn: (compId: number) => api('closeCompetitionForAll', { body: { course_id: courseId, comp_id: compId } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['competitions', 'board', courseId] }),
  });
}
