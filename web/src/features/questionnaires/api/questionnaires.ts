/** Questionnaires (spec/3 §7): the admin's list, editor and sending; the student's list, answers and submit. */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { SaveElementBody } from '@lectio/shared/api/questionnaires';
import { useAction } from '@/lib/use-action';
import { api, type ApiResult } from '@/lib/api-client';
import { useSession } from '@/lib/auth';

export const questionnaireKeys = {
  all: ['questionnaires'] as const,
  list: () => [...questionnaireKeys.all, 'admin-list'] as const,
  one: (id: number) => [...questionnaireKeys.all, 'admin', id] as const,
  mine: () => [...questionnaireKeys.all, 'mine'] as const,
  myOne: (id: number) => [...questionnaireKeys.all, 'mine', id] as const,
};

export type QuestionnaireList = ApiResult<'getQuestionaires'>;
export type QuestionnaireElements = ApiResult<'getQuestionaire'>;
export type MyQuestionnaireData = ApiResult<'getMyQuestionaire'>;

export const useQuestionnaires = () => useQuery({ queryKey: questionnaireKeys.list(), queryFn: () => api('getQuestionaires') });

/** Courses to send to (spec §7: get-leaders-filter-data feeds the courses). */
export const useSendTargets = () => useQuery({ queryKey: ['leaders', 'filters'], queryFn: () => api('getLeadersFilterData'), staleTime: 5 * 60_000 });

export const useQuestionnaire = (id: number) =>
  useQuery({ queryKey: questionnaireKeys.one(id), queryFn: () => api('getQuestionaire', { params: { id } }), enabled: id > 0, meta: { notFoundPage: true } });

/** Every editor call refreshes the questionnaire and the list (its name follows the first title). */
function useEditorAction<V, R>(send: (v: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useAction({
    mutationFn: send,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: questionnaireKeys.all }),
    meta: { handlesErrors: true },
  });
}

export const useSaveElement = () => useEditorAction((body: SaveElementBody) => api('saveQuestionaireElement', { body }));
export const useSwapElements = () =>
  useEditorAction((body: { id1: number; id2: number; order1: number; order2: number }) => api('changeQueElementOrder', { body }));
export const useDeleteElement = () => useEditorAction((id: number) => api('deleteQueElement', { body: { id } }));
export const useMoveElement = () => useEditorAction((body: { id: number; page: number }) => api('changePageQueElement', { body }));
export const useSendQuestionnaire = () =>
  useEditorAction((body: { group_list: number[]; course_list: number[]; questionnaire_id: number }) => api('sendQuestionnaire', { body }));
export const useDeleteQuestionnaire = () => useEditorAction((id: number) => api('deleteQuestionnaire', { body: { questionnaire_id: id } }));

export const useMyQuestionnaires = () => useQuery({ queryKey: questionnaireKeys.mine(), queryFn: () => api('getMyQuestionaires') });

export const useMyQuestionnaire = (id: number) =>
  useQuery({ queryKey: questionnaireKeys.myOne(id), queryFn: () => api('getMyQuestionaire', { params: { id } }), meta: { notFoundPage: true } });

/** Answers save as the student goes; concurrent saves of different questions may overlap. */
export function useSaveAnswer() {
  return useAction({ mutationFn: (body: { u_id: number; q_id: number; answer: string }) => api('saveMyQanswer', { body }), meta: { handlesErrors: true } }, { concurrent: true });
}

/** Submits once; the header's XP and coins follow the server's performance. */
export function useSubmitQuestionnaire() {
  const queryClient = useQueryClient();
  const { updatePerformance } = useSession();
  return useAction({
    mutationFn: (uid: number) => api('submitQuestionnaire', { body: { u_id: uid } }),
    onSuccess: (data) => {
      updatePerformance({ xp: data.user.performance.xp, coins: data.user.performance.coins });
      return queryClient.invalidateQueries({ queryKey: questionnaireKeys.all });
    },
    meta: { handlesErrors: true },
  });
}
