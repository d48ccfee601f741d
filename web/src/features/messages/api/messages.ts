/**
 * A user's messages (spec/1 §7, spec/3 §7): GET /get-user-messages, POST /pass-message (read) and
 * POST /delete-message, and the admin's messages. Every query
 * whose key starts with 'messages' and whose data carries a `message_list` (the dashboard's today)
 * sees the change at once; the server's answer follows.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { RouteBody, Routes } from '@lectio/shared';
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

/** The caller's messages (spec/3 §7 GET /get-user-messages): the message list and the header's unread count. */
export const userMessagesKey = [...messagesKey, 'user'] as const;

export function useUserMessages(enabled = true) {
  return useQuery({ queryKey: userMessagesKey, queryFn: () => api('getUserMessages'), enabled });
}

// ---------- administration (admin only) ----------

export type AdminMessage = ApiResult<'getAdminMessages'>['list'][number];
export type AdminMessageDetail = ApiResult<'getAdminMessage'>;
export type MessageEntry = AdminMessageDetail['list'][number];

export const adminMessagesKey = ['admin-messages'] as const;

export function useAdminMessages() {
  return useQuery({ queryKey: adminMessagesKey, queryFn: () => api('getAdminMessages') });
}

export function useAdminMessage(id: number) {
  return useQuery({ queryKey: [...adminMessagesKey, id], queryFn: () => api('getAdminMessage', { params: { id } }) });
}

export function useSaveMessage() {
  const queryClient = useQueryClient();
  return useAction({
    mutationFn: (body: RouteBody<Routes['saveMessage']>) => api('saveMessage', { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminMessagesKey }),
  });
}

export function useSaveMessageType() {
  const queryClient = useQueryClient();
  return useAction({
    mutationFn: (body: { message_id: number; message_type: number }) => api('saveMessageType', { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminMessagesKey }),
  });
}

export function useSendMessage() {
  const queryClient = useQueryClient();
  return useAction({
    mutationFn: (body: { message_id: number; group_list: number[]; finish_date: string }) => api('sendMessage', { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminMessagesKey }),
  });
}
