/**
 * Calls of the tests domain (spec/3 §7 "Tests"): lists, a test's page data and the answer records.
 * Scores shown after a run are the server's (it recomputes them from the raw answers).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useAction } from '@/lib/use-action';
import { api, type ApiResult } from '@/lib/api-client';

export type PsychoTest = ApiResult<'getMyPsychoTests'>['tests'][number];
export type PersonTest = ApiResult<'getMyPersonTests'>['tests'][number];
export type PsychoTestInfo = ApiResult<'getInfoPsychoTest'>['info'][number];
export type PersonTestInfo = ApiResult<'getInfoPersonTest'>['info'][number];

export const testsKeys = {
  all: ['tests'] as const,
  psychoList: () => ['tests', 'psycho'] as const,
  psycho: (id: number) => ['tests', 'psycho', id] as const,
  psychoInfo: (id: number) => ['tests', 'psycho', id, 'info'] as const,
  personList: () => ['tests', 'person'] as const,
  person: (id: number) => ['tests', 'person', id] as const,
  personInfo: (id: number) => ['tests', 'person', id, 'info'] as const,
};

export const usePsychoTests = () => useQuery({ queryKey: testsKeys.psychoList(), queryFn: () => api('getMyPsychoTests') });
export const usePersonTests = () => useQuery({ queryKey: testsKeys.personList(), queryFn: () => api('getMyPersonTests') });

/** The test's page: name, type and description. */
export const usePsychoTestInfo = (id: number) =>
  useQuery({ queryKey: testsKeys.psychoInfo(id), queryFn: async () => (await api('getInfoPsychoTest', { params: { id } })).info[0] ?? null });
/** The caller's attempts of one test. */
export const usePsychoTestStatus = (id: number) =>
  useQuery({ queryKey: testsKeys.psycho(id), queryFn: async () => (await api('getPsychoTestInfo', { params: { id } })).info });

export const usePersonTestInfo = (id: number) =>
  useQuery({
    queryKey: testsKeys.personInfo(id),
    queryFn: async () => (await api('getInfoPersonTest', { params: { id } })).info[0] ?? null,
    staleTime: Infinity,
  });
export const usePersonTestStatus = (id: number) =>
  useQuery({ queryKey: testsKeys.person(id), queryFn: async () => (await api('getPersonTestInfo', { params: { id } })).info });

export interface PsychoSave {
  id: number;
  test_id: number;
  answers: unknown;
  final: 0 | 1;
  agreement: 0 | 1;
}

/** One save of a cognitive run; the answers object goes as JSON text. */
export const savePsychoAnswer = (save: PsychoSave) =>
  api('writeMyPsychoTestAnswer', { body: { ...save, score: 0, answers: JSON.stringify(save.answers) } });

export function useSavePsychoAnswer() {
  const queryClient = useQueryClient();
  return useAction({
    mutationFn: savePsychoAnswer,
    onSuccess: (_, save) => {
      if (save.final) void queryClient.invalidateQueries({ queryKey: testsKeys.all });
    },
  });
}

export interface PersonSave {
  id: number;
  test_id: number;
  answers: Record<string, number>;
  final: 0 | 1;
  agreement: 0 | 1;
  time_length: number;
}

export function useSavePersonAnswer() {
  const queryClient = useQueryClient();
  return useAction({
    mutationFn: (save: PersonSave) =>
      api('writeMyPersonTestAnswer', { body: { ...save, score: -1, rslt: '', answers: JSON.stringify(save.answers) } }),
    onSuccess: (_, save) => {
      if (save.final || save.id === 0) void queryClient.invalidateQueries({ queryKey: testsKeys.all });
    },
  });
}
