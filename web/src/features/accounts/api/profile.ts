/** The caller's profile: GET /get-profile-data and POST /profile-change. */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useAction } from '@/lib/use-action';
import { effectiveNickname } from '@lectio/shared';
import { api } from '@/lib/api-client';
import type { ProfileFormOutput } from '../forms/schemas';

export const profileQueryKey = ['accounts', 'profile'] as const;

export function useProfileData() {
  return useQuery({ queryKey: profileQueryKey, queryFn: () => api('getProfileData'), meta: { handlesErrors: true } });
}

/** Resolves with the server's message ('OK' on success; anything else is shown as feedback). */
export function useSaveProfile() {
  const queryClient = useQueryClient();
  return useAction({
    mutationFn: async (values: ProfileFormOutput) => {
      const result = await api('profileChange', {
        body: { ...values, nick: effectiveNickname(values.nick, values.name, values.surname) },
      });
      return result.message as string;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileQueryKey }),
    meta: { handlesErrors: true },
  });
}
