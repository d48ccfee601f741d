/**
 * The messages feature's part of the user topic (spec/1 §7): a `message.new` push shows its title in
 * the live notice and refreshes every message list; after a reconnect the lists are fetched again,
 * since a push sent while the socket was down is lost.
 */
import { useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { MessageNotice } from '@/components/notices/message-notice';
import type { UserPushes } from '@/lib/user-pushes';
import { messagesKey } from '../api/messages';

export function useMessagePushes(): { pushes: UserPushes; notice: ReactNode } {
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<string | null>(null);
  return {
    pushes: {
      handlers: {
        'message.new': (message) => {
          setNotice(message.message.title);
          void queryClient.invalidateQueries({ queryKey: messagesKey });
        },
      },
      refetchOnReconnect: [messagesKey],
    },
    notice: <MessageNotice text={notice} onClose={() => setNotice(null)} />,
  };
}
