/**
 * The user topic's pushes, composed: each feature handles its own message types (messages:
 * `message.new`, player: `performance.changed`) and app/ joins them into one subscription while a
 * user is logged in. Renders what the features show for their pushes (the new-message notice).
 */
import { useSession } from '@/lib/auth';
import { useUserPushes } from '@/lib/user-pushes';
import { useMessagePushes } from '@/features/messages/live/message-pushes';
import { usePerformancePushes } from '@/features/player/live/performance-pushes';

export function UserPushes() {
  const { user } = useSession();
  const messages = useMessagePushes();
  const performance = usePerformancePushes();
  useUserPushes(user ? user.user_id : null, [messages.pushes, performance]);
  return messages.notice;
}
