/**
 * The player's part of the user topic: a `performance.changed` push (XP and coins after an evaluated
 * task, a bought help …) updates the session's figures shown in the header.
 */
import { useSession } from '@/lib/auth';
import type { UserPushes } from '@/lib/user-pushes';

export function usePerformancePushes(): UserPushes {
  const { updatePerformance } = useSession();
  return {
    handlers: {
      'performance.changed': (message) => updatePerformance({ xp: message.xp, coins: message.coins }),
    },
  };
}
