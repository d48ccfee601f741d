/** Competitions of a course (spec/1 §7): GET /get-competitions/{id} and POST /add-my-competition. */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useAction } from '@/lib/use-action';
import { api, type ApiResult } from '@/lib/api-client';

/** Under the course's key, so a refresh of the course page reaches it. */
export const competitionsKey = (courseId: number) => ['course', courseId, 'competitions'] as const;

export type Competitions = ApiResult<'getCompetitions'>;
export type OpenCompetition = Competitions['opened'][number];
export type JoinedCompetition = Competitions['joined'][number];

/** The list marks a private competition with key '*'; the key itself stays on the server. */
export const isPrivate = (competition: { key: string | null }) => Boolean(competition.key);

export function useCompetitions(courseId: number, enabled = true) {
  return useQuery({
    queryKey: competitionsKey(courseId),
    queryFn: () => api('getCompetitions', { params: { id: courseId } }),
    enabled,
  });
}

export function useJoinCompetition(courseId: number) {
  const queryClient = useQueryClient();
  return useAction({
    // The screen shows a wrong key in an info dialog itself.
    meta: { handlesErrors: true },
    mutationFn: ({ compId, key }: { compId: number; key: string }) =>
      api('addMyCompetition', { body: { comp_id: compId, comp_key: key, course_id: courseId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: competitionsKey(courseId) }),
  });
}
