/**
 * The dashboard's data (spec/1 §7): GET /get-active-user-courses2 (the student's courses and the
 * messages), POST /pass-message (read) and POST /delete-message. The key starts with 'messages' so
 * the shell's refresh on a pushed message.new reaches it.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type ApiResult } from '@/lib/api-client';

export type DashboardData = ApiResult<'getActiveUserCourses2'>;
export type DashboardMessage = DashboardData['message_list'][number];
export type DashboardCourse = DashboardData['list'][number];

export const dashboardKey = ['messages', 'dashboard'] as const;

export function useDashboard() {
  return useQuery({ queryKey: dashboardKey, queryFn: () => api('getActiveUserCourses2') });
}

/** Applies a change to the cached message list at once; the server's answer follows. */
function useMessageChange(change: (list: DashboardMessage[], messageId: number) => DashboardMessage[]) {
  const queryClient = useQueryClient();
  return (messageId: number) =>
    queryClient.setQueryData<DashboardData>(dashboardKey, (data) =>
      data ? { ...data, message_list: change(data.message_list, messageId) } : data,
    );
}

export function usePassMessage() {
  const queryClient = useQueryClient();
  const markRead = useMessageChange((list, id) => list.map((m) => (m.message_id === id ? { ...m, passed: 1 } : m)));
  return useMutation({
    mutationFn: (messageId: number) => api('passMessage', { body: { message_id: messageId } }),
    onMutate: markRead,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['messages'] }),
  });
}

export function useDeleteMessage() {
  const queryClient = useQueryClient();
  const drop = useMessageChange((list, id) => list.filter((m) => m.message_id !== id));
  return useMutation({
    mutationFn: (messageId: number) => api('deleteMessage', { body: { message_id: messageId } }),
    onMutate: drop,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['messages'] }),
  });
}
