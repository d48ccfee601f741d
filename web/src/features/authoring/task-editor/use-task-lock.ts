/**
 * The edit lock's countdown (spec/2 §4, §8): 1800 s ticking each second from the server's seconds
 * left, Refresh renews it (refresh-lock for administrators, refresh-lock2 for others; a failure
 * sets -1 and shows the server's text), leaving the editor unlocks the task.
 */
import { useCallback, useEffect, useState } from 'react';
import { LOCK_SECONDS } from '@lectio/shared';
import { api, isApiError } from '@/lib/api-client';

export function useTaskLock(taskId: number, initialSeconds: number | null, isAdmin: boolean) {
  const [count, setCount] = useState<number>(initialSeconds ?? -100);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (initialSeconds !== null) setCount(initialSeconds);
  }, [initialSeconds]);

  useEffect(() => {
    if (count <= 0) return;
    const timer = setTimeout(() => setCount((c) => (c > 0 ? c - 1 : c)), 1000);
    return () => clearTimeout(timer);
  }, [count]);

  useEffect(() => {
    if (!taskId) return;
    return () => {
      void api('unlockTask', { body: { task_id: taskId } }).catch(() => undefined);
    };
  }, [taskId]);

  const refresh = useCallback(async () => {
    try {
      const res = await api(isAdmin ? 'refreshLock' : 'refreshLock2', { body: { task_id: taskId } });
      setCount(res.countdown ?? LOCK_SECONDS);
      setError(null);
    } catch (e) {
      setCount(-1);
      setError(isApiError(e) ? e.message : String(e));
    }
  }, [isAdmin, taskId]);

  return { count, error, refresh, setCount };
}
