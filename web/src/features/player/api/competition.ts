/**
 * The competition player's calls (spec/3 §7 "Competitions"): the learner's attempt, Submit ALL and
 * the remaining time for a client without a socket.
 */
import { useQuery } from '@tanstack/react-query';
import { api, type ApiResult } from '@/lib/api-client';

export type CompetitionPlay = ApiResult<'getMyCompetition'>;

/** Under the player's key, so an answer's refresh reaches it. */
export const competitionPlayKey = (userCompId: number) => ['player', 'competition', userCompId] as const;

export function useMyCompetition(userCompId: number) {
  return useQuery({
    queryKey: competitionPlayKey(userCompId),
    queryFn: async () => ({ ...(await api('getMyCompetition', { params: { id: userCompId } })), receivedAt: Date.now() }),
  });
}

export const closeCompetition = (userCompId: number) => api('closeCompetition', { params: { id: userCompId } });

export const synchro = (userCompId: number) => api('getSynchro', { params: { id: userCompId }, body: { s_type: 1 } });
