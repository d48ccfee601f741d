/**
 * A user's messages (spec/1 §7): POST /pass-message (read) and POST /delete-message. Every query
 * whose key starts with 'messages' and whose data carries a `message_list` (the dashboard's today)
 * sees the change at once; the server's answer follows.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useAction } from '@/lib/use-action';
import { api, type ApiResult } from '@/lib/api-client';

export type Message = ApiResult<'getActiveUserCourses2'>['message_list'][number];

/** The root of every query that holds messages. */
export const messagesKey = ['messages'] as const;

const hasMessageList = (data: unknown): data is { message_list: Message[] } =>
  typeof data === 'object' && data !== null && Array.isArray((data as { message_list?: unknown }).message_list);

/** Applies a change to every cached message list at once. */
function useMessageChange(change: (list: Message[], messageId: number) => Message[]) {
  const queryClient = useQueryClient();
  return (messageId: number) =>
    queryClient.setQueriesData({ queryKey: messagesKey }, (data: unknown) =>
      hasMessageList(data) ? { ...data, message_list: change(data.message_list, messageId) } : data,
    );
}

export function usePassMessage() {
  const queryClient = useQueryClient();
  const markRead = useMessageChange((list, id) => list.map((m) => (m.message_id === id ? { ...m, passed: 1 } : m)));
  return useAction({
    mutationFn: (messageId: number) => api('passMessage', { body: { message_id: messageId } }),
    onMutate: markRead,
    onSettled: () => queryClient.invalidateQueries({ queryKey: messagesKey }),
  });
}

export function useDeleteMessage() {
  const queryClient = useQueryClient();
  const drop = useMessageChange((list, id) => list.filter((m) => m.message_id !== id));
  return useAction({
    mutationFn: (messageId: number) => api('deleteMessage', { body: { message_id: messageId } }),
    onMutate: drop,
    onSettled: () => queryClient.invalidateQueries({ queryKey: messagesKey }),
  });
}
